import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import { Button, Group, Stack, Textarea } from '@mantine/core'
import { useRef, useState } from 'react'
import type { useFetcher } from 'react-router'
import type { ActionResult } from '#app/lib/action-result.ts'

export type ModerationIntent = 'approve' | 'requestFixes'

/** What a staff decision answers: done with its message (and `T`), or why not (a comment's error at the field). */
export type ModerationDecisionResult<T = unknown, F = unknown> = ActionResult<
  { intent: ModerationIntent; message: string } & T,
  { intent: ModerationIntent } & F
>

export interface ModerationDecisionProps {
  /** The page's fetcher for this listing's decision; its answer is read here for the comment's error. */
  fetcher: ReturnType<typeof useFetcher<ModerationDecisionResult>>
  /** Sent with both decisions: which listing (a queue row's id). */
  hidden?: Record<string, string>
  /** The listing in the accusative: «товар», «услугу». */
  listing: string
  /** The comment's own check before sending (the schema the service checks with), as a message or null. */
  checkComment: (comment: string) => string | null
  commentMax: number
  rows?: { min: number; max: number }
}

/**
 * A staff decision on a moderated listing, the same for products and service offers: approve, or
 * send back with a comment the vendor will read (required, checked here and again by the service,
 * whose refusal shows at the field). Both buttons wait while either decision is being sent.
 */
export function ModerationDecision({
  fetcher,
  hidden = {},
  listing,
  checkComment,
  commentMax,
  rows = { min: 3, max: 8 },
}: ModerationDecisionProps) {
  const [clientError, setClientError] = useState<string | null>(null)
  const comment = useRef<HTMLTextAreaElement>(null)
  const busy = fetcher.state !== 'idle'
  const busyIntent = busy ? fetcher.formData?.get('intent') : null
  const result = fetcher.state === 'idle' ? fetcher.data : undefined
  const refused = result && !result.ok && result.intent === 'requestFixes' ? result : undefined
  // The comment's error goes once it is changed: the next submission checks it again.
  const edits = useEditedFields(refused)
  const serverError = refused ? withoutEdited(refused.fieldErrors, edits.edited).comment : undefined
  const hiddenFields = Object.entries(hidden).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ))
  return (
    <>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="approve" />
        {hiddenFields}
        <Button type="submit" loading={busyIntent === 'approve'} disabled={busy}>
          Одобрить
        </Button>
      </fetcher.Form>
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={(event) => {
          const problem = checkComment(comment.current?.value ?? '')
          if (!problem) return setClientError(null)
          event.preventDefault()
          setClientError(problem)
          comment.current?.focus()
        }}
      >
        <input type="hidden" name="intent" value="requestFixes" />
        {hiddenFields}
        <Stack gap="xs">
          <Textarea
            ref={comment}
            name="comment"
            label="Что исправить продавцу"
            description={`Комментарий увидит продавец; он обязателен, чтобы вернуть ${listing} на доработку.`}
            withAsterisk
            aria-required="true"
            autosize
            minRows={rows.min}
            maxRows={rows.max}
            maxLength={commentMax}
            error={clientError ?? serverError}
            onChange={() => {
              edits.mark('comment')
              if (clientError) setClientError(null)
            }}
          />
          <Group>
            <Button type="submit" variant="default" loading={busyIntent === 'requestFixes'} disabled={busy}>
              Вернуть на доработку
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </>
  )
}
