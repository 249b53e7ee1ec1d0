import { MESSAGES } from '#common/messages.ts'

/**
 * The browser API client of the spec (sections 4, 8, 9): credentials always sent, 50 s timeout,
 * retries on transient statuses, 401/403 handed to the session layer and the error page.
 */
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[]

export interface RequestOptions {
  body?: unknown
  query?: Record<string, QueryValue>
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Retries for 408/409/425/429/5xx on non-mutating methods (default 1); 0 turns off every retry. */
  retry?: number
  /**
   * False: a 403 is only thrown to the caller, without the forbidden error page. For calls whose
   * refusal the caller explains itself (the chat's «not confirmed», a blocked conversation).
   */
  forbiddenPage?: boolean
}

export interface ApiClientOptions {
  baseUrl: string
  timeoutMs?: number
  /** Backoff is `retryDelayMs × attempt`; tests set 0. */
  retryDelayMs?: number
  fetch?: typeof fetch
  onUnauthorized?: () => void
  onForbidden?: () => void
}

export const DEFAULT_TIMEOUT_MS = 50_000
/** Spec section 9: a 500 is retried up to 3 times, whatever the method. */
export const SERVER_ERROR_RETRIES = 3
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504])
const SAFE_METHODS = new Set<HttpMethod>(['GET', 'HEAD', 'OPTIONS'])
const WHOAMI_PATH = '/users/whoami'

export class ApiError extends Error {
  status: number
  data: unknown
  timeout: boolean
  cancelled: boolean
  fields?: Record<string, string>

  constructor(init: { status: number; data?: unknown; timeout?: boolean; cancelled?: boolean; cause?: unknown }) {
    const body = errorBody(init.data)
    super(typeof body?.message === 'string' && body.message ? body.message : MESSAGES.networkErrorDefault, {
      cause: init.cause,
    })
    this.name = 'ApiError'
    this.status = init.status
    this.data = init.data
    this.timeout = init.timeout ?? false
    this.cancelled = init.cancelled ?? false
    const fields = body?.fields
    if (fields && typeof fields === 'object') {
      this.fields = Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string'))
    }
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError
}

/** Our server answers errors as `{ error: { message, fields? } }`. */
function errorBody(data: unknown): { message?: unknown; fields?: unknown } | undefined {
  const error = data && typeof data === 'object' ? (data as { error?: unknown }).error : undefined
  return error && typeof error === 'object' ? error : undefined
}

/** The larger of the two retry rules wins; a caller's `retry: 0` opts out of both. */
function allowedRetries(method: HttpMethod, status: number, retry: number | undefined): number {
  if (retry === 0) return 0
  const generic = SAFE_METHODS.has(method) && RETRY_STATUSES.has(status) ? (retry ?? 1) : 0
  return Math.max(generic, status === 500 ? SERVER_ERROR_RETRIES : 0)
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  let url = /^https?:\/\//.test(path) ? path : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v))
  }
  const qs = params.toString()
  if (qs) url += (url.includes('?') ? '&' : '?') + qs
  return url
}

/** FormData, files and the like go as they are so that fetch sets the multipart boundary itself. */
function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || body instanceof ArrayBuffer
  )
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text()
  if (res.status === 204 || !text) return undefined
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text // a proxy's HTML error page labelled as JSON is still worth showing in logs
  }
}

/** randomUUID exists only in secure contexts (https, localhost); getRandomValues works everywhere. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError({ status: 0, cancelled: true }))
    const onAbort = () => {
      clearTimeout(timer)
      reject(new ApiError({ status: 0, cancelled: true }))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

export function createApiClient(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const retryDelayMs = options.retryDelayMs ?? 200

  /** One attempt: fetch and read the body under a single timeout, then give back status and data. */
  async function attempt(url: string, init: RequestInit, signal: AbortSignal | undefined) {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onAbort = () => controller.abort()
    signal?.addEventListener('abort', onAbort)
    try {
      if (signal?.aborted) throw new Error('aborted before start')
      const res = await (options.fetch ?? fetch)(url, { ...init, signal: controller.signal })
      return { status: res.status, ok: res.ok, data: await readBody(res) }
    } catch (cause) {
      // Status 0 marks "no HTTP answer": the network failed, the timer fired or the caller gave up.
      throw new ApiError({ status: 0, timeout: timedOut, cancelled: !timedOut && !!signal?.aborted, cause })
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  async function request<T = unknown>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    const url = buildUrl(options.baseUrl, path, opts.query)
    const headers = new Headers(opts.headers) // case-insensitive, so a caller's header always wins
    if (!headers.has('accept')) headers.set('accept', 'application/json')
    let body: BodyInit | undefined
    if (opts.body !== undefined && isRawBody(opts.body)) body = opts.body
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    }
    // One key for every attempt of this call, so the server can tell a retry from a new request.
    if (!SAFE_METHODS.has(method) && !headers.has('idempotency-key'))
      headers.set('idempotency-key', newIdempotencyKey())
    const init: RequestInit = { method, headers, body, credentials: 'include' }

    for (let n = 0; ; n++) {
      const res = await attempt(url, init, opts.signal)
      if (res.ok) return res.data as T
      if (n < allowedRetries(method, res.status, opts.retry)) {
        await sleep(retryDelayMs * (n + 1), opts.signal)
        continue
      }
      // whoami answers 401 for every guest: that is "no user", not an expired session.
      if (res.status === 401 && !new URL(url, 'http://x').pathname.endsWith(WHOAMI_PATH)) options.onUnauthorized?.()
      if (res.status === 403 && opts.forbiddenPage !== false) options.onForbidden?.()
      throw new ApiError({ status: res.status, data: res.data })
    }
  }

  type Opts = Omit<RequestOptions, 'body'>
  return {
    request,
    get: <T = unknown>(path: string, opts?: Opts) => request<T>('GET', path, opts),
    post: <T = unknown>(path: string, body?: unknown, opts?: Opts) => request<T>('POST', path, { ...opts, body }),
    put: <T = unknown>(path: string, body?: unknown, opts?: Opts) => request<T>('PUT', path, { ...opts, body }),
    patch: <T = unknown>(path: string, body?: unknown, opts?: Opts) => request<T>('PATCH', path, { ...opts, body }),
    delete: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
