import { MESSAGES } from '#common/messages.ts'
import type { z } from '#common/zod.ts'
import { isApiError } from '#app/lib/api-client.ts'

/** What a form shows after a refused submit: messages next to fields, or one message above them. */
export interface FormErrors {
  fields: Record<string, string>
  message?: string
}

export const NO_ERRORS: FormErrors = { fields: {} }

export const NETWORK_MESSAGE = 'Не удалось связаться с сервером. Проверьте подключение и попробуйте ещё раз.'
const UNKNOWN_MESSAGE = 'Что-то пошло не так. Попробуйте ещё раз.'

/** The first message of each field, keyed by the form field's name. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message
  return fields
}

/**
 * Turns a refused API call into what the form shows: the server's Russian field errors go next
 * to the fields the form has; when none of them fits a field, its message goes above the form.
 */
export function describeApiError(error: unknown, formFields: readonly string[]): FormErrors {
  if (!isApiError(error)) return { fields: {}, message: UNKNOWN_MESSAGE }
  if (error.status === 0) return { fields: {}, message: error.cancelled ? undefined : NETWORK_MESSAGE }
  const fields = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([key]) => formFields.includes(key)))
  if (Object.keys(fields).length) return { fields }
  // An answer without our error body (a proxy's page, say) carries the English default message.
  return { fields: {}, message: error.message === MESSAGES.networkErrorDefault ? UNKNOWN_MESSAGE : error.message }
}
