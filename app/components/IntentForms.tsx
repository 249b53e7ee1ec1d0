import { type FormEvent, type ReactNode, useEffect } from 'react'
import { Form, useNavigation } from 'react-router'
import { type ButtonVariant, SubmitButtonView } from '#app/components/ui/button.tsx'
import type { ActionResult } from '#app/lib/action-result.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import { showToast } from '#app/lib/notify.ts'

/** What a page's action gives back to one of its forms: done, or why not with what was typed. */
export type IntentResult<I extends string> = ActionResult<{ intent: I; message: string }>

/** The last answer of the page's action, and which form is being sent now (if any). */
export interface IntentActionState<I extends string, R extends IntentResult<I> = IntentResult<I>> {
  result: R | undefined
  /** The intent being submitted; every button waits while one is. */
  pending: I | null
  /** Fields changed since the answer: their errors are no longer shown (failureOf). */
  edited: ReadonlySet<string>
  /** Each IntentForm's onChange: notes the field changed. */
  onEdit: (event: FormEvent<HTMLFormElement>) => void
}

/**
 * The page's intent forms as one state: the action's last answer (a success is also said in a
 * toast) and the intent being submitted now, if `isIntent` knows it as one of this page's.
 */
export function useIntentAction<I extends string, R extends IntentResult<I>>(
  result: R | undefined,
  isIntent: (intent: string) => intent is I,
): IntentActionState<I, R> {
  const navigation = useNavigation()
  const intent = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : ''
  const { edited, onEdit } = useEditedFields(result)
  useEffect(() => {
    if (result?.ok) showToast(result.message, 'success')
  }, [result])
  return { result, pending: isIntent(intent) ? intent : null, edited, onEdit }
}

/**
 * The refusal of this form's last submission, if that is what the page shows; `fields` narrow it
 * to the form of one item (the proposal a decision is about). The errors of fields changed since
 * are left out: a fixed field is no longer red.
 */
export function failureOf<I extends string, R extends IntentResult<I>>(
  state: IntentActionState<I, R>,
  intent: I,
  fields: Record<string, string> = {},
): Extract<R, { ok: false }> | undefined {
  const { result } = state
  if (!result || result.ok || result.values.intent !== intent) return undefined
  if (Object.entries(fields).some(([name, value]) => result.values[name] !== value)) return undefined
  const fieldErrors = withoutEdited(result.fieldErrors, state.edited)
  return (fieldErrors === result.fieldErrors ? result : { ...result, fieldErrors }) as Extract<R, { ok: false }>
}

/**
 * The forms of a page with several moves (an order, a service order, a request and its
 * proposals): each posts to the page's action with its `intent`, and the action routes by it.
 * `fields` are further hidden values (the proposal a decision is about).
 */
export function IntentForm({
  state,
  intent,
  label,
  fields,
  children,
}: {
  /** The page's intent state: the form tells it which fields the user changes. */
  state: { onEdit: (event: FormEvent<HTMLFormElement>) => void }
  intent: string
  label?: string
  fields?: Record<string, string>
  children: ReactNode
}) {
  return (
    <Form method="post" noValidate aria-label={label} onChange={state.onEdit}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  )
}

/** A form's button: it spins while its form is sent, and waits while another one is. */
export function SubmitButton<I extends string>({
  state,
  intent,
  ...button
}: {
  state: { pending: I | null }
  intent: I
  children: ReactNode
  variant?: ButtonVariant
  leftSection?: ReactNode
  fullWidth?: boolean
}) {
  return <SubmitButtonView busy={state.pending === intent} disabled={state.pending !== null} {...button} />
}
