import { Paper, Stack, Text, Title } from '@mantine/core'
import { PROPOSAL_LIMITS, type RequestProposals } from '#common/exchange/proposals.ts'
import { MantineScope } from '#app/components/MantineScope.tsx'
import { OwnProposal } from './OwnProposal.tsx'
import { ProposalForm } from './ProposalForm.tsx'
import { ProposalsComparison } from './ProposalsComparison.tsx'
import { ProposeBlocked } from './ProposeBlocked.tsx'
import { type ProposalActionData, useProposalActionState } from './proposal-state.tsx'

/**
 * The proposals part of a request's page, below its terms: the customer compares and decides,
 * a vendor sees its proposal or the form (or why it may not answer), anyone else the reason.
 * `data` is what `loadRequestProposals` gives, `result` what `proposalsAction` answered last.
 */
export function ProposalsSection({
  data,
  result,
}: {
  data: { proposals: RequestProposals; submissionKey: string }
  result?: ProposalActionData
}) {
  const state = useProposalActionState(result)
  const { proposals: view, submissionKey } = data
  if (view.viewer === 'customer') {
    return (
      <MantineScope>
        <ProposalsComparison data={view} state={state} />
      </MantineScope>
    )
  }
  const own = view.proposals[0]
  return (
    <MantineScope>
      <Stack gap="md">
        {own && (
          <OwnProposal proposal={own} state={state} today={view.today} canRevise={view.request.takingProposals} />
        )}
        {view.canPropose && (
          <Paper withBorder p="md" component="section" aria-labelledby="propose-title">
            <Stack gap="sm">
              <Title order={2} size="h3" id="propose-title">
                Откликнуться на заявку
              </Title>
              <Text size="sm" c="dimmed">
                Заказчик увидит цену, сроки, условия и файлы (смета, допуски, портфолио — до {PROPOSAL_LIMITS.files}) и
                сможет задать вопрос в чате. Пока он рассматривает предложение, его можно изменить.
              </Text>
              <ProposalForm state={state} today={view.today} submissionKey={submissionKey} />
            </Stack>
          </Paper>
        )}
        {!own && view.blocked && <ProposeBlocked blocked={view.blocked} />}
      </Stack>
    </MantineScope>
  )
}
