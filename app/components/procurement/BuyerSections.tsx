import { Alert, Anchor, Group, Paper, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconMessageCircle, IconShoppingCart } from '@tabler/icons-react'
import { AppLink } from '#app/components/AppLink.tsx'
import { failureOf, IntentForm, SubmitButton } from '#app/components/IntentForms.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDate, formatMoney } from '#app/lib/format.ts'
import { moscowToday } from '#common/moscow-days.ts'
import type { ProcurementDetails } from '#common/procurement.ts'
import { procurementLinks } from '#common/procurement-links.ts'
import type { ProcurementActionState } from './procurement-intents.ts'
import { ReasonForm } from './ReasonForm.tsx'
import { DownloadLink, OfferTerms, Section } from './RequestSections.tsx'

const wrap = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const

/** The buyer's moves now: edit and send a draft, stop taking answers, cancel with a reason. */
export function BuyerActions({ request, state }: { request: ProcurementDetails; state: ProcurementActionState }) {
  const failure = failureOf(state, 'send') ?? failureOf(state, 'close')
  if (!request.actions.length) return null
  return (
    <Section title="Действия">
      {request.warnings.map((warning) => (
        <Alert key={warning} color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
          {warning}
        </Alert>
      ))}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure.message}
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        {request.actions.includes('edit') && (
          <Anchor component={AppLink} to={procurementLinks.edit(request.number)} fw={600}>
            Изменить черновик
          </Anchor>
        )}
        {request.actions.includes('send') && (
          <IntentForm state={state} intent="send">
            <SubmitButton state={state} intent="send">
              Отправить поставщикам
            </SubmitButton>
          </IntentForm>
        )}
        {request.actions.includes('close') && (
          <IntentForm state={state} intent="close">
            <SubmitButton state={state} intent="close" variant="default">
              Завершить сбор ответов
            </SubmitButton>
          </IntentForm>
        )}
      </Group>
      {request.actions.includes('cancel') && (
        <ReasonForm
          state={state}
          intent="cancel"
          label="Отмена запроса"
          field="Причина отмены"
          description="Поставщики, которые ещё не ответили, увидят её в уведомлении"
          button="Отменить запрос"
        />
      )}
    </Section>
  )
}

/**
 * The asked sellers with their answers: prices in the justification, the offer's terms and its
 * PDF (the platform's and the seller's signed scan) here, a commercial offer to the cart.
 */
export function RecipientsSection({ request, state }: { request: ProcurementDetails; state: ProcurementActionState }) {
  const today = moscowToday()
  const toCartFailure = failureOf(state, 'toCart')
  return (
    <Section title={`Поставщики (${request.recipients.length})`}>
      {request.recipients.length === 0 && (
        <Text size="sm" c="dimmed">
          Поставщики не выбраны: добавьте их в черновике.
        </Text>
      )}
      {toCartFailure && (
        <Alert color="red" variant="light" role="alert">
          {toCartFailure.message}
        </Alert>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {request.recipients.map((recipient) => {
          const offer = recipient.offer
          const place = offer?.offerNumber.split('/')[1] ?? ''
          return (
            <Paper component="li" key={recipient.organization.id} withBorder p="sm">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Anchor
                    component={AppLink}
                    to={`/sellers/${recipient.organization.slug}`}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {recipient.organization.name}
                  </Anchor>
                  <StatusBadge lifecycle="procurementAnswer" status={recipient.status} />
                </Group>
                {recipient.status === 'declined' && recipient.declineReason && (
                  <Text size="sm" style={wrap}>
                    Причина отказа: {recipient.declineReason}
                  </Text>
                )}
                {offer && (
                  <>
                    <Text size="sm" fw={600}>
                      Сумма предложения: {formatMoney(offer.totalKopecks)}
                      {recipient.answeredAt && (
                        <Text span size="sm" c="dimmed" fw={400}>
                          {' '}
                          · получено {formatDate(recipient.answeredAt)}
                        </Text>
                      )}
                    </Text>
                    <OfferTerms offer={offer} />
                    <Group gap="md" wrap="wrap">
                      <DownloadLink href={procurementLinks.offer(request.number, place)}>КП в PDF</DownloadLink>
                      {offer.scanFileId && (
                        <DownloadLink href={procurementLinks.offer(request.number, place, true)}>
                          Скан с подписью
                        </DownloadLink>
                      )}
                    </Group>
                    {request.purpose === 'commercial' && offer.validUntil >= today && (
                      <IntentForm state={state} intent="toCart" fields={{ offer: place }}>
                        <SubmitButton
                          state={state}
                          intent="toCart"
                          variant="light"
                          leftSection={<IconShoppingCart size={16} aria-hidden="true" />}
                        >
                          В корзину по ценам КП
                        </SubmitButton>
                      </IntentForm>
                    )}
                  </>
                )}
                {recipient.chatRoomGuid && (
                  <Anchor
                    component={AppLink}
                    to={`/chat?roomId=${encodeURIComponent(recipient.chatRoomGuid)}`}
                    size="sm"
                  >
                    <Group gap={4} component="span">
                      <IconMessageCircle size={16} aria-hidden="true" />
                      Написать поставщику
                    </Group>
                  </Anchor>
                )}
              </Stack>
            </Paper>
          )
        })}
      </Stack>
    </Section>
  )
}
