import { Button } from '@mantine/core'
import { type ReactNode, useEffect } from 'react'
import { Form, useNavigation } from 'react-router'
import { showToast } from '#app/lib/notify.ts'
import { isProposalIntent, type ProposalIntent } from '#common/exchange/proposals.ts'

/** What the page's action gave back to a proposals form (see routes/exchange-proposals.server.ts). */
export type ProposalActionData =
  | { ok: true; intent: ProposalIntent; message: string; serviceOrderNumber?: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> }

/** The last answer of the action, and which form is being sent now (if any). */
export interface ProposalActionState {
  result: ProposalActionData | undefined
  /** The intent being submitted; every button waits while one is. */
  pending: ProposalIntent | null
}

/** The section's forms: the last answer, the form being sent; a success is announced once. */
export function useProposalActionState(result: ProposalActionData | undefined): ProposalActionState {
  const navigation = useNavigation()
  const intent = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : ''
  useEffect(() => {
    if (result?.ok) showToast(result.message, 'success')
  }, [result])
  return { result, pending: isProposalIntent(intent) ? intent : null }
}

/** The refusal of this form's last submission (for this proposal, when it names one). */
export function failureOf(state: ProposalActionState, intent: ProposalIntent, proposalId?: string) {
  const { result } = state
  if (!result || result.ok || result.values.intent !== intent) return undefined
  if (proposalId && result.values.proposalId !== proposalId) return undefined
  return result
}

/** A form of the section: posted to the page's action with its `intent` (and the proposal's id). */
export function IntentForm({
  intent,
  label,
  proposalId,
  children,
}: {
  intent: ProposalIntent
  label: string
  proposalId?: string
  children: ReactNode
}) {
  return (
    <Form method="post" noValidate aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {proposalId && <input type="hidden" name="proposalId" value={proposalId} />}
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
  state: ProposalActionState
  intent: ProposalIntent
  children: ReactNode
  color?: string
  variant?: string
  leftSection?: ReactNode
  fullWidth?: boolean
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
