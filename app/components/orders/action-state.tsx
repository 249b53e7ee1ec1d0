import type { ReactNode } from 'react'
import {
  failureOf,
  type IntentActionState,
  IntentForm as SharedIntentForm,
  SubmitButton,
} from '#app/components/IntentForms.tsx'
import { ORDER_ACTION_LABELS, type OrderAction } from '#common/orders.ts'
import { CORRECTION_INTENT_LABELS, type CorrectionIntent, type OrderIntent } from './order-forms.ts'

/** The last answer of the page's action, and which form is being sent now (if any). */
export type ActionState = IntentActionState<OrderIntent>

/** A form of the order page: posted to its action with its `intent`. */
export function IntentForm({
  state,
  intent,
  children,
  fields,
}: {
  state: ActionState
  intent: OrderIntent
  children: ReactNode
  fields?: Record<string, string>
}) {
  const label =
    intent === 'markRegistered'
      ? undefined
      : intent === 'issueUpd'
        ? 'Выставить УПД'
        : intent in CORRECTION_INTENT_LABELS
          ? CORRECTION_INTENT_LABELS[intent as CorrectionIntent]
          : ORDER_ACTION_LABELS[intent as OrderAction]
  return (
    <SharedIntentForm state={state} intent={intent} label={label} fields={fields}>
      {children}
    </SharedIntentForm>
  )
}

export { failureOf, SubmitButton }
