import { Button } from '@mantine/core'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { SERVICE_ORDER_ACTIONS, type ServiceOrderAction } from '#common/exchange/service-orders.ts'

export type ServiceOrderIntent = ServiceOrderAction | 'review'

export const isServiceOrderIntent = (value: string): value is ServiceOrderIntent =>
  value === 'review' || (SERVICE_ORDER_ACTIONS as readonly string[]).includes(value)

/** The last answer of the page's action, and which form is being sent now (if any). */
export interface ServiceOrderActionState {
  result:
    | { ok: true; intent: ServiceOrderIntent; message: string }
    | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> }
    | undefined
  /** The intent being submitted; every button waits while one is. */
  pending: ServiceOrderIntent | null
}

/** The refusal of this form's last submission, if that is what the page shows. */
export function failureOf(state: ServiceOrderActionState, intent: ServiceOrderIntent) {
  const { result } = state
  return result && !result.ok && result.values.intent === intent ? result : undefined
}

/** A form of the order page: posted to its action with its `intent`. */
export function IntentForm({
  intent,
  label,
  children,
}: {
  intent: ServiceOrderIntent
  label: string
  children: ReactNode
}) {
  return (
    <Form method="post" noValidate aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  )
}

/** A form's button: it spins while its form is sent, and waits while another one is. */
export function SubmitButton({
  state,
  intent,
  children,
  ...props
}: {
  state: ServiceOrderActionState
  intent: ServiceOrderIntent
  children: ReactNode
  color?: string
  variant?: string
  leftSection?: ReactNode
}) {
  return (
    <Button
      type="submit"
      loading={state.pending === intent}
      disabled={state.pending !== null && state.pending !== intent}
      {...props}
    >
      {children}
    </Button>
  )
}
