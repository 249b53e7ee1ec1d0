import { Alert, Anchor, Button, Card, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { api } from '#app/lib/api.ts'
import { isApiError } from '#app/lib/api-client.ts'
import { formatDate } from '#app/lib/format.ts'
import { showNotification } from '#app/lib/notify.ts'
import { type OwnReview, REVIEW_LIMITS, REVIEW_MESSAGES, type Reviewable } from '#common/reviews.ts'
import { ReviewText } from '#common/reviews.schemas.ts'
import { AppLink } from '../AppLink.tsx'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/**
 * «Отзывы» on the buyer's order page: once the order is delivered or completed, a form per product
 * and one for the seller; what was already written is shown instead of the form.
 *
 * The buyer's order page mounts it with `services.reviews.reviewableFor(ctx, nr)` from its loader
 * (the browser gets the same from `GET /api/v1/orders/purchase/{nr}/reviews`).
 *
 * It posts through the browser API client and keeps its own state, so the page needs no action.
 */
export function OrderReviews({ orderNumber, reviewable }: { orderNumber: string; reviewable: Reviewable }) {
  if (!reviewable.delivered) return null
  return (
    <Stack component="section" aria-labelledby="order-reviews-title" gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3" id="order-reviews-title">
          Отзывы
        </Title>
        <Text size="sm" c="dimmed">
          Оцените товары и продавца: отзывы покупателей, получивших заказ, видны на страницах товара и продавца.
        </Text>
      </Stack>
      {reviewable.products.map((product) => (
        <ReviewCard
          key={product.productId}
          title={
            <>
              Товар:{' '}
              <Anchor component={AppLink} to={`/product/${product.slug}`}>
                {product.title}
              </Anchor>
            </>
          }
          endpoint="/reviews/products"
          body={{ orderNumber, productId: product.productId }}
          canReview={product.canReview}
          initial={product.review}
        />
      ))}
      <ReviewCard
        title={
          <>
            Продавец:{' '}
            <Anchor component={AppLink} to={`/sellers/${reviewable.seller.slug}`}>
              {reviewable.seller.name}
            </Anchor>
          </>
        }
        endpoint="/reviews/sellers"
        body={{ orderNumber }}
        canReview={reviewable.seller.canReview}
        initial={reviewable.seller.review}
      />
    </Stack>
  )
}

function ReviewCard({
  title,
  endpoint,
  body,
  canReview,
  initial,
}: {
  title: ReactNode
  endpoint: string
  body: Record<string, string>
  canReview: boolean
  initial: OwnReview | null
}) {
  const [review, setReview] = useState(initial)
  const [editing, setEditing] = useState(false)
  const done = (written: OwnReview) => {
    setReview(written)
    setEditing(false)
  }
  const path = endpoint === '/reviews/products' ? 'products' : 'sellers'
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        {review && editing ? (
          <ReviewForm
            method="PATCH"
            endpoint={`/reviews/${path}/${review.id}`}
            body={{}}
            initial={review}
            onDone={done}
            onCancel={() => setEditing(false)}
          />
        ) : review ? (
          <WrittenReview review={review} onEdit={() => setEditing(true)} />
        ) : canReview ? (
          <ReviewForm method="POST" endpoint={endpoint} body={body} onDone={done} />
        ) : (
          <Text size="sm" c="dimmed">
            {REVIEW_MESSAGES.notDelivered}
          </Text>
        )}
      </Stack>
    </Card>
  )
}

function WrittenReview({ review, onEdit }: { review: OwnReview; onEdit: () => void }) {
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Rating value={review.rating} readOnly aria-hidden="true" />
        <Text size="sm">Ваша оценка: {review.rating} из 5</Text>
        <Text size="sm" c="dimmed">
          · {formatDate(review.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {review.text}
      </Text>
      {review.hidden && (
        <Alert color="gray" variant="light" title="Отзыв скрыт модератором">
          {review.hiddenReason}
        </Alert>
      )}
      {review.answer && (
        <Text size="sm" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-navy-4)' }}>
          <b>Ответ продавца:</b> {review.answer.text}
        </Text>
      )}
      {review.editable && (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={onEdit}>
          Изменить отзыв
        </Button>
      )}
    </Stack>
  )
}

function ReviewForm({
  method,
  endpoint,
  body,
  initial,
  onDone,
  onCancel,
}: {
  method: 'POST' | 'PATCH'
  endpoint: string
  body: Record<string, string>
  /** The review being changed. */
  initial?: OwnReview
  onDone: (review: OwnReview) => void
  onCancel?: () => void
}) {
  const id = useId()
  const [rating, setRating] = useState(initial?.rating ?? 0)
  const [text, setText] = useState(initial?.text ?? '')
  const [errors, setErrors] = useState<{ rating?: string; text?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    // The same rules as the server's, so a slip is shown without a round trip.
    const local: typeof errors = {}
    if (rating < 1) local.rating = REVIEW_MESSAGES.rating
    const checked = ReviewText.safeParse(text)
    if (!checked.success) local.text = checked.error.issues[0]?.message ?? REVIEW_MESSAGES.text
    setErrors(local)
    if (local.rating || local.text) return
    setBusy(true)
    try {
      const payload = { ...body, rating, text }
      const { data } =
        method === 'POST'
          ? await api.post<{ data: OwnReview }>(endpoint, payload)
          : await api.patch<{ data: OwnReview }>(endpoint, payload)
      onDone(data)
      showNotification({
        id: 'review',
        tone: 'success',
        title: method === 'POST' ? 'Спасибо за отзыв' : 'Отзыв изменён',
        message: data.hidden ? 'Он скрыт модератором и на сайте не виден.' : 'Он уже на сайте.',
      })
    } catch (error) {
      if (isApiError(error) && (error.cancelled || error.status === 403 || error.status === 401)) return
      const fields = isApiError(error) ? (error.fields ?? {}) : {}
      setErrors({
        rating: fields.rating,
        text: fields.text,
        form: fields.rating || fields.text ? undefined : error instanceof Error ? error.message : 'Попробуйте ещё раз',
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <legend style={{ padding: 0, fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 }}>
            Оценка от 1 до 5
          </legend>
          <Rating
            value={rating}
            onChange={setRating}
            size="lg"
            name={`${id}-rating`}
            getSymbolLabel={(value) => `${value} из 5`}
            aria-describedby={errors.rating ? `${id}-rating-error` : undefined}
          />
          {errors.rating && (
            <Text id={`${id}-rating-error`} size="xs" c="red.8" mt={4}>
              {errors.rating}
            </Text>
          )}
        </fieldset>
        <Textarea
          label="Отзыв"
          description={`От ${REVIEW_LIMITS.textMin} до ${formatCount(REVIEW_LIMITS.textMax, CHARACTERS_UP_TO)}: что понравилось, что нет`}
          autosize
          minRows={3}
          maxLength={REVIEW_LIMITS.textMax}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={errors.text}
        />
        {errors.form && (
          <Text size="sm" c="red.8" role="alert">
            {errors.form}
          </Text>
        )}
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            {method === 'POST' ? 'Опубликовать отзыв' : 'Сохранить отзыв'}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Отмена
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  )
}
