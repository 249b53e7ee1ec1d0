import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { api } from '#app/lib/api.ts'
import { isApiError } from '#app/lib/api-client.ts'
import { formatDate } from '#app/lib/format.ts'
import { showNotification } from '#app/lib/notify.ts'
import { type OwnReview, REVIEW_LIMITS, REVIEW_MESSAGES, type Reviewable, reviewTextProblem } from '#common/reviews.ts'
import { AppLink } from '../AppLink.tsx'
import { ButtonContent, buttonClass, SubmitButtonView } from '../ui/button.tsx'
import { Notice, TextareaField } from '../ui/fields.tsx'
import { RatingField } from '../ui/rating.tsx'
import ui from '../ui/ui.module.css'
import { Stars } from './ReviewList.tsx'
import classes from './reviews.module.css'
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
    <section aria-labelledby="order-reviews-title" className={`${ui.stack} ${classes.orderReviews}`}>
      <div className={classes.heading}>
        <h2 className={`${ui.title} ${ui.h3}`} id="order-reviews-title">
          Отзывы
        </h2>
        <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
          Оцените товары и продавца: отзывы покупателей, получивших заказ, видны на страницах товара и продавца.
        </p>
      </div>
      {reviewable.products.map((product) => (
        <ReviewCard
          key={product.productId}
          title={
            <>
              Товар:{' '}
              <AppLink className={ui.anchor} to={`/product/${product.slug}`}>
                {product.title}
              </AppLink>
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
            <AppLink className={ui.anchor} to={`/sellers/${reviewable.seller.slug}`}>
              {reviewable.seller.name}
            </AppLink>
          </>
        }
        endpoint="/reviews/sellers"
        body={{ orderNumber }}
        canReview={reviewable.seller.canReview}
        initial={reviewable.seller.review}
      />
    </section>
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
    <article className={`${ui.panel} ${classes.reviewCard}`}>
      <p className={`${ui.text} ${ui.bold}`}>{title}</p>
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
        <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>{REVIEW_MESSAGES.notDelivered}</p>
      )}
    </article>
  )
}

function WrittenReview({ review, onEdit }: { review: OwnReview; onEdit: () => void }) {
  return (
    <div className={classes.written}>
      <p className={`${ui.text} ${ui.sm} ${classes.rated}`}>
        <Stars value={review.rating} />
        <span>Ваша оценка: {review.rating} из 5</span>
        <span className={ui.dimmed}>· {formatDate(review.createdAt)}</span>
      </p>
      <p className={`${ui.text} ${ui.sm} ${classes.reviewText}`}>{review.text}</p>
      {review.hidden && (
        <Notice tone="gray" title="Отзыв скрыт модератором">
          {review.hiddenReason}
        </Notice>
      )}
      {review.answer && (
        <p className={`${ui.text} ${ui.sm} ${classes.ownAnswer}`}>
          <b>Ответ продавца:</b> {review.answer.text}
        </p>
      )}
      {review.editable && (
        <button type="button" className={buttonClass({ variant: 'subtle', size: 'xs' })} onClick={onEdit}>
          <ButtonContent>Изменить отзыв</ButtonContent>
        </button>
      )}
    </div>
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
    local.text = reviewTextProblem(text)
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
    <form onSubmit={submit} noValidate className={ui.stack}>
      <RatingField value={rating} onChange={setRating} name={`${id}-rating`} error={errors.rating} />
      <TextareaField
        label="Отзыв"
        description={`От ${REVIEW_LIMITS.textMin} до ${formatCount(REVIEW_LIMITS.textMax, CHARACTERS_UP_TO)}: что понравилось, что нет`}
        rows={3}
        maxLength={REVIEW_LIMITS.textMax}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={errors.text}
      />
      {errors.form && (
        <p className={classes.formError} role="alert">
          {errors.form}
        </p>
      )}
      <div className={classes.buttons}>
        <SubmitButtonView busy={busy}>{method === 'POST' ? 'Опубликовать отзыв' : 'Сохранить отзыв'}</SubmitButtonView>
        {onCancel && (
          <button type="button" className={buttonClass({ variant: 'default' })} onClick={onCancel} disabled={busy}>
            <ButtonContent>Отмена</ButtonContent>
          </button>
        )}
      </div>
    </form>
  )
}
