import { data } from 'react-router'
import { isAppError, STATUS_BY_KIND } from '#common/errors.ts'

/** What an action returns to its form: success, or what went wrong with the input kept. */
export type FormResult<T = Record<string, never>> =
  | ({ ok: true } & T)
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> }

export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') values[key] = value
  return values
}

/**
 * Turns a service's validation or rate-limit refusal into a 4xx form result that keeps what
 * the user typed; anything else is rethrown to the error boundary.
 */
export function formFailure(error: unknown, values: Record<string, string>) {
  if (!isAppError(error) || !['invalid', 'rate_limited', 'conflict', 'unprocessable'].includes(error.kind)) throw error
  const result: FormResult = { ok: false, message: error.message, fieldErrors: error.fields ?? {}, values }
  return data(result, { status: STATUS_BY_KIND[error.kind] })
}
