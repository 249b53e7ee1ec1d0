import { useId } from 'react'
import { useFetcher } from 'react-router'
import type { ActionResult } from '#app/lib/action-result.ts'
import { useEditedFields } from '#app/lib/edited-fields.ts'
import { REVIEW_LIMITS } from '#common/reviews.ts'
import { buttonClass } from '../ui/button.tsx'
import classes from './reviews.module.css'

/**
 * «Ответить» under an unanswered review, for members of the reviewed seller: a native disclosure
 * with a form posted to the page's own action (`intent=answer`), so it needs no script to open.
 * The seller answers once: after the answer the review shows it and the form is gone.
 */
export function SellerAnswerForm({ reviewId }: { reviewId: string }) {
  const fetcher = useFetcher<ActionResult>()
  const id = useId()
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null
  // The answer's error goes once it is changed: the next submission checks it again.
  const edits = useEditedFields(failed)
  const error = failed && !edits.edited.has('text') ? (failed.fieldErrors.text ?? failed.message) : null
  return (
    <details className={classes.answerForm}>
      <summary>Ответить</summary>
      <fetcher.Form method="post" onChange={edits.onEdit}>
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="id" value={reviewId} />
        <label htmlFor={`${id}-text`}>Ответ продавца (один раз, его увидят все)</label>
        <textarea
          id={`${id}-text`}
          name="text"
          required
          maxLength={REVIEW_LIMITS.answerMax}
          defaultValue={failed?.values.text ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className={classes.error} role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className={buttonClass({ size: 'xs' })}
          style={{ width: 'fit-content' }}
          aria-busy={fetcher.state !== 'idle' || undefined}
          disabled={fetcher.state !== 'idle'}
        >
          Отправить ответ
        </button>
      </fetcher.Form>
    </details>
  )
}
