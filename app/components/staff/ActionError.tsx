import { Text } from '@mantine/core'
import type { StaffActionResult } from '#app/lib/staff-access.ts'

/** A staff row action's refusal, under its control. */
export function ActionError({ result }: { result: StaffActionResult | undefined }) {
  if (!result || result.ok) return null
  return (
    <Text size="xs" c="red.8" role="alert">
      {result.message}
    </Text>
  )
}
