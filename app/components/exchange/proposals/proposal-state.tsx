import type { ReactNode } from 'react'
import {
  failureOf as sharedFailureOf,
  type IntentActionState,
  IntentForm as SharedIntentForm,
  type IntentResult,
  useIntentAction,
} from '#app/components/IntentForms.tsx'
import { isProposalIntent, type ProposalIntent } from '#common/exchange/proposals.ts'

/** What the page's action gave back to a proposals form (see routes/exchange-proposals.server.ts). */
export type ProposalActionData =
  | { ok: true; intent: ProposalIntent; message: string; serviceOrderNumber?: string }
  | Extract<IntentResult<ProposalIntent>, { ok: false }>

/** The last answer of the action, and which form is being sent now (if any). */
export type ProposalActionState = IntentActionState<ProposalIntent, ProposalActionData>

/** The section's forms: the last answer, the form being sent; a success is announced once. */
export function useProposalActionState(result: ProposalActionData | undefined): ProposalActionState {
  return useIntentAction(result, isProposalIntent)
}

/** The refusal of this form's last submission (for this proposal, when it names one). */
export function failureOf(state: ProposalActionState, intent: ProposalIntent, proposalId?: string) {
  return sharedFailureOf(state, intent, proposalId ? { proposalId } : {})
}

/** A form of the section: posted to the page's action with its `intent` (and the proposal's id). */
export function IntentForm({
  state,
  intent,
  label,
  proposalId,
  children,
}: {
  state: ProposalActionState
  intent: ProposalIntent
  label: string
  proposalId?: string
  children: ReactNode
}) {
  return (
    <SharedIntentForm state={state} intent={intent} label={label} fields={proposalId ? { proposalId } : undefined}>
      {children}
    </SharedIntentForm>
  )
}

export { SubmitButton } from '#app/components/IntentForms.tsx'
