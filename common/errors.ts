/** The one error type of the services; the server maps kinds to HTTP statuses in one place. */
export type AppErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** A request that reuses an Idempotency-Key with another body (422, as Stripe and the IETF draft answer). */
  | 'unprocessable'
  | 'rate_limited'
  /** The database (or another service the request needs) is away for a moment: 503 with Retry-After. */
  | 'unavailable'

export const STATUS_BY_KIND: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
}

export class AppError extends Error {
  readonly kind: AppErrorKind
  /** Field errors in Russian, keyed by the form field name. */
  readonly fields?: Record<string, string>
  /** For rate_limited and unavailable: when the client may try again (the Retry-After header), in seconds. */
  readonly retryAfterSeconds?: number

  constructor(
    kind: AppErrorKind,
    message: string,
    fields?: Record<string, string>,
    opts: { retryAfterSeconds?: number } = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.kind = kind
    this.fields = fields
    this.retryAfterSeconds = opts.retryAfterSeconds
  }
}

/**
 * Recognises an AppError by shape, not by class: in development the server and the page build
 * may each load their own copy of this module.
 */
export function isAppError(error: unknown): error is AppError {
  return error instanceof Error && error.name === 'AppError' && typeof (error as AppError).kind === 'string'
}
