import type { IntentActionState } from '#app/components/IntentForms.tsx'
import { SERVICE_ORDER_ACTIONS, type ServiceOrderAction } from '#common/exchange/service-orders.ts'

export type ServiceOrderIntent = ServiceOrderAction | 'review'

export const isServiceOrderIntent = (value: string): value is ServiceOrderIntent =>
  value === 'review' || (SERVICE_ORDER_ACTIONS as readonly string[]).includes(value)

/** The last answer of the page's action, and which form is being sent now (if any). */
export type ServiceOrderActionState = IntentActionState<ServiceOrderIntent>

export { failureOf, IntentForm, SubmitButton } from '#app/components/IntentForms.tsx'
