import { Alert, Anchor, Button, Paper, Stack, Text, Textarea, Timeline, Title } from '@mantine/core'
import { IconFileTypePdf, IconInfoCircle, IconMessageCircle, IconStar } from '@tabler/icons-react'
import { useState } from 'react'
import { AttachedFiles, Fact, FlightFacts } from '#app/components/exchange/ExchangeFacts.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { RatingField } from '#app/components/ui/rating.tsx'
import { Stars } from '#app/components/reviews/ReviewList.tsx'
import { formatDate, formatDateTime, formatMoney } from '#app/lib/format.ts'
import type { ChatMessage } from '#common/chat.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import {
  SERVICE_ORDER_ACTOR_LABELS,
  SERVICE_ORDER_LIMITS,
  SERVICE_ORDER_STATUS_LABELS,
  type ServiceOrderDetails,
  type ServiceOrderHistoryEntry,
  type ServiceSubmission,
} from '#common/exchange/service-orders.ts'
import { SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { failureOf, IntentForm, type ServiceOrderActionState, SubmitButton } from './action-state.tsx'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

const PRE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const

/** A file of the result, downloaded through the order (the other side may not own it). */
const fileHref = (order: Pick<ServiceOrderDetails, 'side' | 'number'>, fileId: string) =>
  `/api/v1/service-orders/${order.side}/${encodeURIComponent(order.number)}/files/${fileId}`

/** What was agreed: the work, the price, the dates, the flight details and the two parties. */
export function ServiceOrderTerms({ order }: { order: ServiceOrderDetails }) {
  const { flight } = order
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="service-order-terms-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="service-order-terms-title">
          Условия заказа
        </Title>
        <Stack component="dl" gap={6} m={0}>
          <Fact term="Вид работ">{SERVICE_TYPE_LABELS[order.type]}</Fact>
          <Fact term="Работа">{order.title}</Fact>
          <Fact term="Цена">{formatMoney(order.priceKopecks)}</Fact>
          <Fact term="Сроки">
            {formatDate(order.startsOn)} — {formatDate(order.endsOn)}
          </Fact>
          {order.request.number && (
            <Fact term="Заявка">
              <Anchor component={AppLink} to={exchangeLinks.request(order.request.number)} size="sm">
                № {order.request.number}
              </Anchor>
            </Fact>
          )}
        </Stack>
        {order.terms && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Условия исполнителя
            </Text>
            <Text size="sm" style={PRE}>
              {order.terms}
            </Text>
          </Stack>
        )}
        <Stack gap={6}>
          <Title order={3} size="h4">
            Полёты
          </Title>
          <FlightFacts flight={flight} />
        </Stack>
        <Stack gap={6}>
          <Title order={3} size="h4">
            Стороны
          </Title>
          <Stack component="dl" gap={6} m={0}>
            <Fact term="Заказчик">
              {order.customer.fullName || order.customer.name}, ИНН {order.customer.inn}
            </Fact>
            <Fact term="Исполнитель">
              <Anchor component={AppLink} to={exchangeLinks.sellerServices(order.contractor.slug)} size="sm">
                {order.contractor.fullName || order.contractor.name}
              </Anchor>
              , ИНН {order.contractor.inn}
            </Fact>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  )
}

function SubmissionView({
  order,
  submission,
}: {
  order: Pick<ServiceOrderDetails, 'side' | 'number'>
  submission: ServiceSubmission
}) {
  return (
    <Stack gap={6}>
      {submission.report && (
        <Text size="sm" style={PRE}>
          {submission.report}
        </Text>
      )}
      {submission.files.length > 0 && (
        <AttachedFiles files={submission.files} hrefOf={(fileId) => fileHref(order, fileId)} />
      )}
    </Stack>
  )
}

/** The latest result, with the customer's rework comment while it is being redone. */
export function ServiceOrderResult({ order }: { order: ServiceOrderDetails }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="service-order-result-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="service-order-result-title">
          Результат работы
        </Title>
        {order.reworkComment && (
          <Alert
            color="orange"
            variant="light"
            title="Возвращено на доработку"
            icon={<IconInfoCircle aria-hidden="true" />}
          >
            <Text size="sm" style={PRE}>
              {order.reworkComment}
            </Text>
          </Alert>
        )}
        {order.result ? (
          <>
            <Text size="xs" c="dimmed">
              Сдан <time dateTime={order.result.submittedAt}>{formatDateTime(order.result.submittedAt)}</time>
              {order.reworkComment ? ' — эта версия возвращена на доработку' : ''}
            </Text>
            <SubmissionView order={order} submission={order.result} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {order.status === 'cancelled'
              ? 'Заказ отменён до сдачи результата.'
              : 'Исполнитель ещё не сдал результат: отчёт и файлы появятся здесь.'}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

/** The act of the accepted work for both sides to download, or when it will come. */
export function ServiceOrderDocuments({ order }: { order: ServiceOrderDetails }) {
  if (order.status === 'cancelled') return null
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="service-order-documents-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="service-order-documents-title">
          Документы
        </Title>
        {order.documents.length ? (
          order.documents.map((doc) => (
            <Anchor key={doc.kind} href={doc.href} size="sm" style={{ display: 'inline-flex', gap: 6 }}>
              <IconFileTypePdf size={16} aria-hidden="true" />
              {doc.title} (PDF)
            </Anchor>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            Акт выполненных работ составляется, когда заказчик принимает работу: он появится здесь у обеих сторон.
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

const EVENT_TITLES: Record<string, string> = {
  create: 'Заказ создан: предложение принято',
  start: 'Работа начата',
  submitResult: 'Результат сдан',
  accept: 'Работа принята, заказ завершён',
  requestRework: 'Возвращено на доработку',
  cancel: 'Заказ отменён',
}

const actorOf = (entry: Pick<ServiceOrderHistoryEntry, 'by' | 'byName'>) =>
  entry.byName ? `${SERVICE_ORDER_ACTOR_LABELS[entry.by]} · ${entry.byName}` : SERVICE_ORDER_ACTOR_LABELS[entry.by]

/** The history, oldest first: who did what when, with the reasons, comments and each submitted version. */
export function ServiceOrderTimeline({ order }: { order: ServiceOrderDetails }) {
  const { history } = order
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="service-order-history-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="service-order-history-title">
          История заказа
        </Title>
        <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
          {history.map((entry, i) => (
            <Timeline.Item
              key={`${entry.at}-${i}`}
              title={EVENT_TITLES[entry.event] ?? SERVICE_ORDER_STATUS_LABELS[entry.to]}
            >
              <Text size="sm">{actorOf(entry)}</Text>
              <Text size="xs" c="dimmed">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </Text>
              {entry.comment && (
                <Text size="sm" mt={4} style={PRE}>
                  {entry.event === 'cancel' ? 'Причина' : 'Комментарий'}: {entry.comment}
                </Text>
              )}
              {entry.submission && i < history.length - 1 && entry.event === 'submitResult' && (
                <details style={{ marginTop: 4 }}>
                  <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>
                    Что было сдано
                  </summary>
                  <SubmissionView order={order} submission={entry.submission} />
                </details>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  )
}

/** The order's room: a link to the chat and its last messages. */
export function ServiceOrderConversation({
  order,
  messages,
}: {
  order: Pick<ServiceOrderDetails, 'chatRoomId'>
  messages: ChatMessage[]
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="service-order-chat-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="service-order-chat-title">
          Переписка
        </Title>
        {order.chatRoomId ? (
          <>
            {messages.length > 0 ? (
              <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {messages.map((m) => (
                  <li key={m.id}>
                    <Text size="xs" c="dimmed">
                      {m.isSystem ? 'Платформа' : (m.author?.name ?? 'Участник')}
                      {m.author && !m.isSystem ? `, ${m.author.organizationName}` : ''} ·{' '}
                      <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                    </Text>
                    <Text size="sm" lineClamp={3} style={PRE}>
                      {m.deletedAt ? 'Сообщение удалено' : m.content || 'Файл'}
                    </Text>
                  </li>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Сообщений пока нет. Обсудите детали работы с другой стороной в чате.
              </Text>
            )}
            <div>
              <Button
                component={AppLink}
                to={`/chat?roomId=${encodeURIComponent(order.chatRoomId)}`}
                variant="light"
                leftSection={<IconMessageCircle size={18} aria-hidden="true" />}
              >
                Открыть переписку
              </Button>
            </div>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Переписка появится с первым действием по заказу.
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

function ReviewForm({ state }: { state: ServiceOrderActionState }) {
  const failure = failureOf(state, 'review')
  const [rating, setRating] = useState(Number(failure?.values.rating ?? 0) || 0)
  return (
    <IntentForm state={state} intent="review" label="Отзыв о заказе">
      <Stack gap="sm">
        <RatingField value={rating} onChange={setRating} name="rating-stars" error={failure?.fieldErrors.rating} />
        <input type="hidden" name="rating" value={rating || ''} />
        <Textarea
          name="text"
          label="Отзыв"
          description={`До ${formatCount(SERVICE_ORDER_LIMITS.review, CHARACTERS_UP_TO)}: как прошла работа`}
          autosize
          minRows={3}
          maxLength={SERVICE_ORDER_LIMITS.review}
          defaultValue={failure?.values.text}
          error={failure?.fieldErrors.text}
        />
        <FormMessage failure={failure} fields={['rating', 'text']} />
        <div>
          <SubmitButton state={state} intent="review" leftSection={<IconStar size={18} aria-hidden="true" />}>
            Опубликовать отзыв
          </SubmitButton>
        </div>
      </Stack>
    </IntentForm>
  )
}

/** After completion: the caller's side's review form (once), and both sides' reviews once left. */
export function ServiceOrderReviews({ order, state }: { order: ServiceOrderDetails; state: ServiceOrderActionState }) {
  if (order.status !== 'completed') return null
  const other = order.side === 'purchase' ? 'исполнителе' : 'заказчике'
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="service-order-reviews-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="service-order-reviews-title">
          Отзывы
        </Title>
        {order.canReview && (
          <Stack gap="xs">
            <Text size="sm">
              Оцените работу с {order.side === 'purchase' ? 'исполнителем' : 'заказчиком'} — отзыв об {other} можно
              оставить один раз.
              {order.side === 'purchase' && ' Он появится на странице услуг исполнителя.'}
            </Text>
            <ReviewForm state={state} />
          </Stack>
        )}
        {order.reviews.length > 0 ? (
          <Stack gap="sm">
            {order.reviews.map((review) => (
              <Stack key={review.side} gap={4}>
                <Text size="sm" fw={600}>
                  {review.side === 'purchase' ? 'Заказчик об исполнителе' : 'Исполнитель о заказчике'}: {review.rating}{' '}
                  из 5
                </Text>
                <Stars value={review.rating} />
                <Text size="sm" style={PRE}>
                  {review.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {review.authorName}, {review.authorOrganizationName} ·{' '}
                  <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                </Text>
              </Stack>
            ))}
          </Stack>
        ) : (
          !order.canReview && (
            <Text size="sm" c="dimmed">
              Отзывов по заказу пока нет.
            </Text>
          )
        )}
      </Stack>
    </Paper>
  )
}
