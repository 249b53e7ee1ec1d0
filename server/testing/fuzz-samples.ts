import { randomUUID } from 'node:crypto'
import type { FuzzRequest, KnownValues, Operation } from './fuzz-requests.ts'

/**
 * Requests that once made a 5xx (found by this property, by probes of the API, or reported), kept
 * so that every run sends them first, whatever the seed: the generator may never draw them again.
 * `path` is the OpenAPI path; its parameters are filled from the world's known values by name.
 */
interface Sample {
  method: string
  path: string
  query?: string
  body?: unknown
  /** Where it came from: the probe or report that found it. */
  found: string
}

const proposal = (dates: { startsOn: string; endsOn: string }) => ({
  priceKopecks: 150_000_00,
  ...dates,
  terms: 'Сроки и условия',
  message: '',
  fileIds: [],
})

export const FUZZ_SAMPLES: Sample[] = [
  {
    method: 'POST',
    path: '/api/v1/exchange/requests/{number}/proposals',
    body: proposal({ startsOn: '2027-02-30', endsOn: '2027-03-10' }),
    found: 'a day that does not exist reached PostgreSQL (probe of 2026-11-28)',
  },
  {
    method: 'PATCH',
    path: '/api/v1/exchange/proposals/{id}',
    body: proposal({ startsOn: '2027-04-01', endsOn: '2027-04-31' }),
    found: 'a day that does not exist reached PostgreSQL (probe of 2026-11-28)',
  },
  {
    method: 'POST',
    path: '/api/v1/cabinet/products',
    body: { title: 'Дрон', description: '<b>'.repeat(25_000) },
    found: 'unclosed tags held the event loop for seconds (probe of 2026-11-28)',
  },
  {
    method: 'PATCH',
    path: '/api/v1/cabinet/service-offers/{id}',
    body: { title: 'Съёмка', description: '<b>'.repeat(6_000) },
    found: 'unclosed tags held the event loop for seconds (probe of 2026-11-28)',
  },
  {
    method: 'POST',
    path: '/api/v1/cabinet/products',
    body: { title: 'Дрон', description: '&#1<p>&#0;</p>' },
    found: 'entities decoded to control characters (probe of 2026-11-28)',
  },
  {
    method: 'POST',
    path: '/api/v1/cart/items',
    body: { productId: '{productId}', quantity: '0x10' },
    found: 'hex read as 16 (probe of 2026-11-28)',
  },
  {
    method: 'GET',
    path: '/api/v1/orders',
    query: 'page=%203%20',
    found: 'padded digits read as 3 (probe of 2026-11-28)',
  },
  {
    method: 'POST',
    path: '/api/v1/media/staff/articles/{id}/schedule',
    body: { at: '2027-02-30T09:00:00Z' },
    found: 'a moment on a day that does not exist (probe of 2026-11-28)',
  },
  {
    method: 'POST',
    path: '/api/v1/staff/models/{id}/merge',
    found: 'a merge without a body read the model from null (run of 2026-11-29)',
  },
  {
    method: 'POST',
    path: '/api/v1/staff/products/{id}/model',
    body: {},
    found: 'an attachment without a model (run of 2026-11-29)',
  },
  {
    method: 'POST',
    path: '/api/v1/chat/digest/unsubscribe',
    body: { token: '    \u0000     ' },
    found: 'a NUL byte in the unsubscribe token reached the database (run of 2026-11-30)',
  },
]

/** The samples of an operation as requests, with the known values in their path and body. */
export function samplesFor(op: Operation, known: KnownValues): FuzzRequest[] {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_all, name: string) => known[name]?.[0] ?? randomUUID())
  return FUZZ_SAMPLES.filter((s) => s.method === op.method && s.path === op.path).map((s) => ({
    method: s.method,
    url: fill(s.path) + (s.query ? `?${s.query}` : ''),
    headers: s.body === undefined ? {} : ({ 'content-type': 'application/json' } as Record<string, string>),
    payload: s.body === undefined ? undefined : fill(JSON.stringify(s.body)),
  }))
}
