import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import { Notice } from '#app/components/ui/fields.tsx'
import css from '#app/components/ui/fields.module.css'

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
      <p role="status" className={css.success}>
        <IconCircleCheck size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {success}
      </p>
    )
  }
  if (!failure) return null
  const shownByFields = Object.keys(failure.fieldErrors).some((key) => fields.includes(key))
  if (shownByFields) return null
  return (
    <Notice tone="red" role="alert" compact icon={<IconAlertCircle size={18} aria-hidden="true" />}>
      {failure.message}
    </Notice>
  )
}
