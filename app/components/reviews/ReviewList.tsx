import { lazy, type ReactNode, Suspense } from 'react'
import { formatCount, formatDate } from '#app/lib/format.ts'
import { formatRating, REVIEW_FORMS, type Review, type ReviewPage } from '#common/reviews.ts'
import { AppLink } from '../AppLink.tsx'
import classes from './reviews.module.css'

/**
 * Reviews as the public pages show them: plain markup and CSS, no component library, since the
 * product page has a first-load budget. Stars are decoration; the words say the rating.
 */

/** Five stars, `value` of them filled (rounded to a whole star); hidden from screen readers. */
export function Stars({ value }: { value: number }) {
  const filled = Math.round(value)
  return (
    <span className={classes.stars} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= filled ? classes.starOn : undefined}>
          ★
        </span>
      ))}
    </span>
  )
}

/** «★★★★☆ 4,3 из 5 · 12 отзывов». */
export function ReviewSummaryLine({ average, count }: { average: number; count: number }) {
  return (
    <p className={classes.summary}>
      <Stars value={average} />
      <span className={classes.average}>{formatRating(average)}</span>
      <span className={classes.count}>{formatCount(count, REVIEW_FORMS)}</span>
    </p>
  )
}

export function ReviewItem({ review, after }: { review: Review; after?: ReactNode }) {
  return (
    <li className={classes.item}>
      <div className={classes.itemHead}>
        <Stars value={review.rating} />
        <span className={classes.visuallyHidden}>Оценка: {review.rating} из 5.</span>
        <span className={classes.author}>{review.author}</span>
        <time className={classes.date} dateTime={review.createdAt}>
          {formatDate(review.createdAt)}
        </time>
      </div>
      <p className={classes.text}>{review.text}</p>
      {review.answer && (
        <div className={classes.answer}>
          <p className={classes.answerTitle}>
            Ответ продавца,{' '}
            <time dateTime={review.answer.at} className={classes.date}>
              {formatDate(review.answer.at)}
            </time>
          </p>
          <p className={classes.text}>{review.answer.text}</p>
        </div>
      )}
      {after}
    </li>
  )
}

/** Links to the pages of a long list; none for one page. */
export function ReviewPager({ page, hrefOf }: { page: ReviewPage; hrefOf: (page: number) => string }) {
  const pages = Math.ceil(page.total / page.pageSize)
  if (pages <= 1) return null
  return (
    <nav aria-label="Страницы отзывов">
      <ul className={classes.pager}>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page.page ? (
              <span aria-current="page">{n}</span>
            ) : (
              <AppLink to={hrefOf(n)} preventScrollReset aria-label={`Страница ${n}`}>
                {n}
              </AppLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * «Отзывы покупателей»: the average and count, the list (newest first) with the sellers'
 * answers, pages, or the empty state. `answerFor` adds the seller's form under a review.
 */
export function ReviewsSection({
  page,
  empty,
  hrefOf,
  answerFor,
  title = 'Отзывы покупателей',
}: {
  page: ReviewPage
  empty: string
  hrefOf: (page: number) => string
  answerFor?: (review: Review) => ReactNode
  title?: string
}) {
  const { summary } = page
  return (
    <section aria-labelledby="reviews-title" className={classes.section} id="reviews" data-testid="reviews">
      <h2 id="reviews-title" className={classes.title}>
        {title}
      </h2>
      {summary.count > 0 ? (
        <>
          <ReviewSummaryLine average={summary.average} count={summary.count} />
          <ul className={classes.list} aria-label="Отзывы">
            {page.items.map((review) => (
              <ReviewItem key={review.id} review={review} after={answerFor?.(review)} />
            ))}
          </ul>
          <ReviewPager page={page} hrefOf={hrefOf} />
        </>
      ) : (
        <p className={classes.empty}>{empty}</p>
      )}
    </section>
  )
}

// Only the reviewed seller's members see the form: its code loads for them, not with every
// product and seller page a guest opens (the first-load budget).
const SellerAnswerForm = lazy(() =>
  import('./SellerAnswerForm.tsx').then((module) => ({ default: module.SellerAnswerForm })),
)

/** «Ответить» under an unanswered review (SellerAnswerForm), loaded when it is shown. */
export function LazySellerAnswerForm({ reviewId }: { reviewId: string }) {
  return (
    <Suspense fallback={null}>
      <SellerAnswerForm reviewId={reviewId} />
    </Suspense>
  )
}
