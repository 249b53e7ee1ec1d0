import { Text } from '@mantine/core'
import type { StaffActionResult } from '#app/lib/staff-access.ts'

/** A staff row action's refusal, under its control. */
export function ActionError({ result }: { result: StaffActionResult | undefined }) {
  if (!result || result.ok) return null
  // A row's control has room for one line: the field's own words when there are some.
  return (
    <Text size="xs" c="red.8" role="alert">
      {Object.values(result.fieldErrors)[0] ?? result.message}
    </Text>
  )
}
