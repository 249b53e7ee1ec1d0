import { data } from 'react-router'
import { type AppError, type AppErrorKind, isAppError, STATUS_BY_KIND } from '#common/errors.ts'

/**
 * What every page action gives back to its form or fetcher: done, with what the page shows next
 * (`T`), or refused, with the reason, each field's error and what was typed, so the form keeps
 * it. `F` is what a refusal carries besides (the intent that was refused, a version to save over).
 */
export type ActionResult<T = unknown, F = unknown> = ({ ok: true } & T) | ({ ok: false } & ActionRefusal & F)

export interface ActionRefusal {
  message: string
  /** By the form's field names. */
  fieldErrors: Record<string, string>
  values: Record<string, string>
}

/** Refusals a user can act on on the same form: bad input, a conflict, too many tries. */
const ANSWERED: readonly AppErrorKind[] = ['invalid', 'rate_limited', 'conflict', 'unprocessable']

export interface FailureOptions<F> {
  /** What the refusal carries besides: the intent, a version. */
  with?: F
  /**
   * Refusals that are answers on this form too, not error pages: a member removed meanwhile
   * (`not_found`), an organization without the role (`forbidden`). `'any'` answers every refusal.
   */
  alsoAnswer?: readonly AppErrorKind[] | 'any'
  /** The form's name of a service's field, where they differ (`priceKopecks` → `price`). */
  fieldOf?: (field: string) => string
}

/**
 * A service's refusal as the form's result, keeping what was typed: the same for every action.
 * Anything that is not such a refusal is rethrown to the error boundary (404, 403, 500 pages).
 */
export function refusalOf<F = unknown>(
  error: unknown,
  values: Record<string, string>,
  options: FailureOptions<F> = {},
): { ok: false } & ActionRefusal & F {
  const { alsoAnswer = [], fieldOf } = options
  if (!isAppError(error) || !(ANSWERED.includes(error.kind) || alsoAnswer === 'any' || alsoAnswer.includes(error.kind)))
    throw error
  const fields = error.fields ?? {}
  const fieldErrors = fieldOf ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [fieldOf(k), v])) : fields
  return { ok: false, message: error.message, fieldErrors, values, ...(options.with as object) } as {
    ok: false
  } & ActionRefusal &
    F
}

/** The refusal as the action's answer, with the status its kind has (400, 409, 429…). */
export function actionFailure<F = unknown>(
  error: unknown,
  values: Record<string, string>,
  options: FailureOptions<F> = {},
) {
  const refusal = refusalOf(error, values, options)
  // refusalOf answers only the service's own refusals, so the error is one here.
  return data(refusal, { status: STATUS_BY_KIND[(error as AppError).kind] })
}

/** What a page answers to an intent it does not have (a stale or hand-made form): a 400, what was typed kept. */
export function unknownIntent(values: Record<string, string>) {
  const refusal: ActionResult = { ok: false, message: 'Это действие недоступно', fieldErrors: {}, values }
  return data(refusal, { status: 400 })
}

export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') values[key] = value
  return values
}
