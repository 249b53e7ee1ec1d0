import { Group, Stack, Textarea } from '@mantine/core'
import { failureOf, IntentForm, SubmitButton } from '#app/components/IntentForms.tsx'
import { PROCUREMENT_LIMITS } from '#common/procurement.ts'
import type { ProcurementActionState } from './procurement-intents.ts'

/** A move that needs its reason: the buyer's cancel, the seller's refusal. */
export function ReasonForm({
  state,
  intent,
  label,
  field,
  description,
  button,
}: {
  state: ProcurementActionState
  intent: 'cancel' | 'decline'
  label: string
  field: string
  description: string
  button: string
}) {
  const failure = failureOf(state, intent)
  return (
    <IntentForm state={state} intent={intent} label={label}>
      <Stack gap="xs" maw={560}>
        <Textarea
          name="reason"
          label={field}
          description={description}
          autosize
          minRows={2}
          maxLength={PROCUREMENT_LIMITS.text}
          defaultValue={failure?.values.reason}
          error={failure?.fieldErrors.reason ?? (failure && !failure.fieldErrors.reason ? failure.message : undefined)}
        />
        <Group>
          <SubmitButton state={state} intent={intent} variant="default">
            {button}
          </SubmitButton>
        </Group>
      </Stack>
    </IntentForm>
  )
}
