/** The one error type of the server; `plugins/errors.ts` maps kinds to HTTP statuses. */
export type AppErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited'

export const STATUS_BY_KIND: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
}

export class AppError extends Error {
  readonly kind: AppErrorKind
  /** Field errors in Russian, keyed by the form field name. */
  readonly fields?: Record<string, string>

  constructor(kind: AppErrorKind, message: string, fields?: Record<string, string>) {
    super(message)
    this.name = 'AppError'
    this.kind = kind
    this.fields = fields
  }
}
