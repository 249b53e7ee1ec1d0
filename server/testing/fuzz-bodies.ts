import fc from 'fast-check'
import { deepJson, nastyText, wrongJson } from './fuzz-values.ts'

/**
 * How far a request strays: `fit` keeps every value to its schema (type, enum, pattern, known
 * ids), so that it reaches the handler and the database; `poisoned` is a fit request with one bad
 * value in it; `wild` puts wrong values anywhere; `broken` also sends odd methods, other content
 * types and bodies no parser takes.
 */
export type Mode = 'fit' | 'poisoned' | 'wild' | 'broken'

export interface Body {
  contentType?: string
  payload?: string | Buffer
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'application/',
  ';',
]

const BROKEN_JSON = [
  '{',
  '{"a":',
  '[1,]',
  'nul',
  '"\\ud800"',
  '"\\u0000"',
  '{"__proto__":{"isStaff":true}}',
  '{"constructor":{"prototype":{"isStaff":true}}}',
  deepJson(100_000, 'array'),
  deepJson(20_000, 'object'),
]

/** A JSON body as clients send one. */
export function jsonOf(value: unknown): Body {
  return { contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' }
}

/** Any JSON, broken JSON, other content types, a body over the limit, or nothing. */
export const brokenBody: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
      payload: fc.oneof(nastyText, fc.constantFrom(...BROKEN_JSON)),
    }),
  },
  { weight: 2, arbitrary: wrongJson.map(jsonOf) },
  { weight: 1, arbitrary: fc.constant<Body>({}) },
  { weight: 1, arbitrary: fc.constant(jsonOf({ text: 'x'.repeat(1_100_000) })) },
)

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')

/** multipart/form-data as browsers write it; when `wild` or `broken`, also cut short, without its boundary, or garbage. */
export function multipartBody(organizationIds: string[], mode: Mode): fc.Arbitrary<Body> {
  const boundary = 'fuzz-boundary-7d1f'
  const file = fc.record({
    field: fc.oneof({ weight: 4, arbitrary: fc.constant('file') }, nastyText),
    filename: fc.oneof(fc.constantFrom('act.pdf', 'photo.PNG', 'scan.jpg', '.pdf', 'run.exe', 'a"b.pdf'), nastyText),
    type: fc.constantFrom('application/pdf', 'image/png', 'image/jpeg', 'text/html', ''),
    data: fc.oneof(
      fc.constant(PDF),
      fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
    ),
    organizationId: fc.option(fc.oneof(fc.constantFrom('', ...organizationIds), nastyText), {
      nil: undefined,
    }),
  })
  const whole = file.map((f) => {
    const parts: Buffer[] = []
    const head = (disposition: string, type?: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
      )
    if (f.organizationId !== undefined) {
      parts.push(head('name="organizationId"'), Buffer.from(f.organizationId), Buffer.from('\r\n'))
    }
    parts.push(head(`name="${f.field}"; filename="${f.filename}"`, f.type), f.data, Buffer.from('\r\n'))
    parts.push(Buffer.from(`--${boundary}--\r\n`))
    return Buffer.concat(parts)
  })
  const contentType = `multipart/form-data; boundary=${boundary}`
  if (mode === 'fit' || mode === 'poisoned') return whole.map((payload): Body => ({ contentType, payload }))
  return fc.oneof(
    { weight: 3, arbitrary: whole.map((payload): Body => ({ contentType, payload })) },
    {
      weight: 2,
      arbitrary: fc.tuple(whole, fc.double({ min: 0, max: 1, noNaN: true })).map(([payload, cut]): Body => ({
        contentType,
        payload: payload.subarray(0, Math.floor(payload.length * cut)),
      })),
    },
    { weight: 1, arbitrary: whole.map((payload): Body => ({ contentType: 'multipart/form-data', payload })) },
    { weight: 1, arbitrary: brokenBody },
  )
}
