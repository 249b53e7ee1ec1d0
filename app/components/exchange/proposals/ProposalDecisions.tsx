import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { IconCheck, IconMessageCircle, IconX } from '@tabler/icons-react'
import { AppLink } from '#app/components/AppLink.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { formatMoney } from '#app/lib/format.ts'
import { PROPOSAL_LIMITS, type ProposalView } from '#common/exchange/proposals.ts'
import { chatHref } from './OwnProposal.tsx'
import { failureOf, IntentForm, type ProposalActionState, SubmitButton } from './proposal-state.tsx'
import { quote } from '#common/format.ts'

/** Which decision's modal is open, on which proposal. */
export type Deciding = { kind: 'accept' | 'reject'; proposal: ProposalView } | null

/**
 * The customer's buttons on one proposal: «Принять» and «Отклонить» open the one pair of modals
 * the comparison holds (the table and the phone's cards show the same buttons), «Задать вопрос»
 * opens the room with this vendor.
 */
export function ProposalDecisionButtons({
  proposal,
  state,
  decidable,
  onDecide,
}: {
  proposal: ProposalView
  state: ProposalActionState
  decidable: boolean
  onDecide: (deciding: Deciding) => void
}) {
  const vendor = proposal.vendor.name
  return (
    <Stack gap="xs" align="stretch">
      {decidable && proposal.status === 'reviewing' && (
        <>
          <Button
            size="sm"
            leftSection={<IconCheck size={16} aria-hidden="true" />}
            disabled={state.pending !== null}
            onClick={() => onDecide({ kind: 'accept', proposal })}
            aria-label={`Принять предложение ${quote(vendor)}`}
          >
            Принять
          </Button>
          <Button
            size="sm"
            variant="default"
            c="red.9"
            leftSection={<IconX size={16} aria-hidden="true" />}
            disabled={state.pending !== null}
            onClick={() => onDecide({ kind: 'reject', proposal })}
            aria-label={`Отклонить предложение ${quote(vendor)}`}
          >
            Отклонить
          </Button>
        </>
      )}
      {proposal.chatRoomId && (
        <Button
          size="sm"
          variant="light"
          component={AppLink}
          to={chatHref(proposal.chatRoomId)}
          leftSection={<IconMessageCircle size={16} aria-hidden="true" />}
          aria-label={`Задать вопрос ${quote(vendor)}`}
        >
          Задать вопрос
        </Button>
      )}
    </Stack>
  )
}

/**
 * «Принять» confirms that a service order will be made (and the others rejected unless the
 * request wants several contractors); «Отклонить» asks the reason, which the vendor is told.
 */
export function DecisionModals({
  deciding,
  state,
  allowSeveral,
  onClose,
}: {
  deciding: Deciding
  state: ProposalActionState
  allowSeveral: boolean
  onClose: () => void
}) {
  const proposal = deciding?.proposal
  const vendor = proposal?.vendor.name ?? ''
  const acceptFailure = proposal ? failureOf(state, 'accept', proposal.id) : undefined
  const rejectFailure = proposal ? failureOf(state, 'reject', proposal.id) : undefined
  return (
    <>
      <Modal
        opened={deciding?.kind === 'accept'}
        onClose={onClose}
        title={`Принять предложение ${quote(vendor)}`}
        closeButtonProps={{ 'aria-label': 'Закрыть' }}
      >
        {proposal && (
          <IntentForm state={state} intent="accept" label="Принять предложение" proposalId={proposal.id}>
            <Stack gap="sm">
              <Text size="sm">
                Будет создан заказ услуги на {formatMoney(proposal.priceKopecks)} с {quote(vendor)}.
                {allowSeveral
                  ? ' Заявка останется открытой: вы сможете выбрать и других исполнителей.'
                  : ' Остальные предложения будут отклонены, исполнители получат уведомление.'}
              </Text>
              <FormMessage failure={acceptFailure} />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose} disabled={state.pending === 'accept'}>
                  Не принимать
                </Button>
                <SubmitButton state={state} intent="accept">
                  Принять и создать заказ
                </SubmitButton>
              </Group>
            </Stack>
          </IntentForm>
        )}
      </Modal>
      <Modal
        opened={deciding?.kind === 'reject'}
        onClose={onClose}
        title={`Отклонить предложение ${quote(vendor)}`}
        closeButtonProps={{ 'aria-label': 'Закрыть' }}
      >
        {proposal && (
          <IntentForm state={state} intent="reject" label="Отклонить предложение" proposalId={proposal.id}>
            <Stack gap="sm">
              <Text size="sm">Исполнитель получит уведомление с причиной.</Text>
              <Textarea
                name="reason"
                label="Причина отказа"
                withAsterisk
                autosize
                minRows={3}
                maxLength={PROPOSAL_LIMITS.reason}
                defaultValue={rejectFailure?.values.reason}
                error={rejectFailure?.fieldErrors.reason}
                data-autofocus
              />
              <FormMessage failure={rejectFailure} fields={['reason']} />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose} disabled={state.pending === 'reject'}>
                  Не отклонять
                </Button>
                <SubmitButton state={state} intent="reject" variant="danger">
                  Отклонить
                </SubmitButton>
              </Group>
            </Stack>
          </IntentForm>
        )}
      </Modal>
    </>
  )
}
