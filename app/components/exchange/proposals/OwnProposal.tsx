import { Fact } from '#app/components/exchange/ExchangeFacts.tsx'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconEdit, IconInfoCircle, IconMessageCircle } from '@tabler/icons-react'
import { useState } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDate, formatMoney } from '#app/lib/format.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import type { ProposalView } from '#common/exchange/proposals.ts'
import { ProposalForm } from './ProposalForm.tsx'
import { PRE, proposalDates, ProposalFiles, ProposalRevisions } from './ProposalFacts.tsx'
import { failureOf, type ProposalActionState } from './proposal-state.tsx'

export const chatHref = (roomId: string) => `/chat?roomId=${roomId}`

/**
 * The vendor's own proposal on the request: what it offered, where it stands (with the
 * customer's reason when rejected), «Изменить предложение» while it is reviewed and the request
 * takes proposals, the earlier versions and the room with the customer.
 */
export function OwnProposal({
  proposal,
  state,
  today,
  canRevise,
}: {
  proposal: ProposalView
  state: ProposalActionState
  today: string
  canRevise: boolean
}) {
  // A refused revision comes back into the open form with what was typed.
  const [editing, setEditing] = useState(() => Boolean(failureOf(state, 'revise', proposal.id)))
  // A revision that went through closes the form (adjusted while rendering the new answer).
  const [answered, setAnswered] = useState(state.result)
  if (answered !== state.result) {
    setAnswered(state.result)
    if (state.result?.ok && state.result.intent === 'revise') setEditing(false)
  }
  const revisable = canRevise && proposal.status === 'reviewing'
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="own-proposal-title">
      <Stack gap="md">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="own-proposal-title">
            Ваше предложение
          </Title>
          <StatusBadge lifecycle="serviceProposal" status={proposal.status} />
        </Group>
        {proposal.status === 'rejected' && proposal.rejectReason && (
          <Alert
            color="gray"
            variant="light"
            title="Заказчик отклонил предложение"
            icon={<IconInfoCircle aria-hidden="true" />}
          >
            <Text size="sm" style={PRE}>
              Причина: {proposal.rejectReason}
            </Text>
          </Alert>
        )}
        {proposal.status === 'accepted' && proposal.serviceOrderNumber && (
          <Alert
            color="teal"
            variant="light"
            title="Заказчик принял ваше предложение"
            icon={<IconInfoCircle aria-hidden="true" />}
          >
            <Button
              component={AppLink}
              to={exchangeLinks.serviceOrder('sale', proposal.serviceOrderNumber)}
              variant="light"
              size="sm"
            >
              Заказ услуги № {proposal.serviceOrderNumber}
            </Button>
          </Alert>
        )}
        {editing && revisable ? (
          <ProposalForm state={state} today={today} current={proposal} onCancel={() => setEditing(false)} />
        ) : (
          <Stack component="dl" gap={6} m={0}>
            <Fact term="Цена">{formatMoney(proposal.priceKopecks)}</Fact>
            <Fact term="Сроки">{proposalDates(proposal)}</Fact>
            {proposal.terms && <Fact term="Условия">{proposal.terms}</Fact>}
            {proposal.message && <Fact term="Сообщение">{proposal.message}</Fact>}
            <Fact term="Файлы">
              <ProposalFiles proposalId={proposal.id} files={proposal.files} />
            </Fact>
            <Fact term="Отправлено">
              {formatDate(proposal.createdAt)}
              {proposal.revision > 1 ? `, версия ${proposal.revision} от ${formatDate(proposal.updatedAt)}` : ''}
            </Fact>
          </Stack>
        )}
        <ProposalRevisions proposal={proposal} />
        <Group gap="sm" wrap="wrap">
          {revisable && !editing && (
            <Button
              variant="default"
              leftSection={<IconEdit size={18} aria-hidden="true" />}
              onClick={() => setEditing(true)}
            >
              Изменить предложение
            </Button>
          )}
          {proposal.chatRoomId && (
            <Button
              component={AppLink}
              to={chatHref(proposal.chatRoomId)}
              variant="light"
              leftSection={<IconMessageCircle size={18} aria-hidden="true" />}
            >
              Перейти в чат
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
