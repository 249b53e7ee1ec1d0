import { Alert, Text } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'

/**
 * The outcome of a block's last action, announced to screen readers: a confirmation, or the
 * refusal's message unless every problem is already shown next to a field of the form.
 */
export function FormMessage({
  success,
  failure,
  fields = [],
}: {
  success?: string
  failure?: { message: string; fieldErrors: Record<string, string> }
  /** Fields the form shows errors next to. */
  fields?: readonly string[]
}) {
  if (success) {
    return (
      <Text role="status" c="teal.8" size="sm">
        <IconCircleCheck size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {success}
      </Text>
    )
  }
  if (!failure) return null
  const shownByFields = Object.keys(failure.fieldErrors).some((key) => fields.includes(key))
  if (shownByFields) return null
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} py="xs">
      {failure.message}
    </Alert>
  )
}
