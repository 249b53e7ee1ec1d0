import type { ReactNode } from 'react'
import {
  failureOf,
  type IntentActionState,
  IntentForm as SharedIntentForm,
  SubmitButton,
} from '#app/components/IntentForms.tsx'
import { ORDER_ACTION_LABELS } from '#common/orders.ts'
import type { OrderIntent } from './order-forms.ts'

/** The last answer of the page's action, and which form is being sent now (if any). */
export type ActionState = IntentActionState<OrderIntent>

/** A form of the order page: posted to its action with its `intent`. */
export function IntentForm({
  state,
  intent,
  children,
}: {
  state: ActionState
  intent: OrderIntent
  children: ReactNode
}) {
  const label = intent === 'markRegistered' ? undefined : ORDER_ACTION_LABELS[intent]
  return (
    <SharedIntentForm state={state} intent={intent} label={label}>
      {children}
    </SharedIntentForm>
  )
}

export { failureOf, SubmitButton }
