import { METHODS } from 'node:http'
import fc from 'fast-check'
import { type Body, brokenBody, jsonOf, type Mode, multipartBody } from './fuzz-bodies.ts'
import { encodeText, extraHeaders, nastyNumber, nastyText, rawUrlPieces, wrongJson } from './fuzz-values.ts'

/** The part of JSON Schema that our zod schemas turn into. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
}

interface Parameter {
  name: string
  schema: JsonSchema
}

/** One method of one path of the OpenAPI document, with what it takes. */
export interface Operation {
  method: string
  /** The OpenAPI path: `/api/v1/organizations/{id}`. */
  path: string
  pathParams: Parameter[]
  query: Parameter[]
  body?: JsonSchema
  multipart: boolean
}

/** Real ids and texts, by the name of the field or path parameter that takes them. */
export type KnownValues = Record<string, string[]>

export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

interface OpenApiOperation {
  parameters?: (Parameter & { in: string })[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  consumes?: string[]
}

/** Every operation of an OpenAPI 3 document (`app.swagger()`). */
export function listOperations(doc: { paths?: object }): Operation[] {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters ?? []
      const content = op.requestBody?.content ?? {}
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content || Boolean(op.consumes?.includes('multipart/form-data')),
      }
    }),
  )
}

const ODD_METHODS = ['TRACE', 'PROPFIND', 'CONNECT', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'QUERY', 'MKCOL', 'SEARCH']
  .concat(['PURGE', 'M-SEARCH', 'GET', 'HEAD', 'POST'])
  .filter((m) => METHODS.includes(m)) // what an HTTP client can send at all

/** Requests for one operation: its own shape mostly, with bad values in it. */
export function requestsFor(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 1, arbitrary: requestOf(op, known, 'fit') },
    { weight: 4, arbitrary: requestOf(op, known, 'poisoned') },
    { weight: 2, arbitrary: requestOf(op, known, 'wild') },
    { weight: 1, arbitrary: requestOf(op, known, 'broken') },
  )
}

/** What a request carries before it is written out: encoded path segments, query pairs, a JSON body. */
interface Shaped {
  path: string[]
  query: [string, unknown][]
  body: unknown
}

function requestOf(op: Operation, known: KnownValues, mode: Mode): fc.Arbitrary<FuzzRequest> {
  const leaves = mode === 'poisoned' ? 'fit' : mode
  const clean: fc.Arbitrary<Shaped> = fc.record({
    path: fc.tuple(...op.pathParams.map((p) => pathSegment(p, known, leaves))),
    query: queryPairs(op.query, known, leaves),
    body: op.body ? valueFor(op.body, known, leaves) : fc.constant(undefined),
  })
  const shaped =
    mode === 'poisoned' ? fc.tuple(clean, fc.nat(), badValue).map(([s, at, bad]) => poisonOne(s, at, bad)) : clean
  const otherBody: fc.Arbitrary<Body | undefined> = op.multipart
    ? multipartBody(known.organizationId ?? [], mode)
    : mode === 'broken'
      ? brokenBody
      : fc.constant(undefined)
  const method = mode === 'broken' ? fc.constantFrom(...ODD_METHODS) : fc.constant(op.method)
  const odd = mode === 'wild' || mode === 'broken' ? oddQuery : fc.constant('')
  return fc
    .record({ method, shaped, otherBody, odd, extra: extraHeaders })
    .map(({ method, shaped, otherBody, odd, extra }) => {
      let path = op.path
      op.pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, shaped.path[i]!)))
      const query = [...shaped.query.flatMap(queryPair), odd].filter(Boolean).join('&')
      const body = otherBody ?? (op.body ? jsonOf(shaped.body) : {})
      const headers = { ...extra, ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }) }
      return { method, url: query ? `${path}?${query}` : path, headers, payload: body.payload }
    })
}

/** Mostly text, since text is what most fields take; sometimes a number out of any range. */
const badValue: fc.Arbitrary<string | number> = fc.oneof({ weight: 4, arbitrary: nastyText }, nastyNumber)

/**
 * The request with one of its values (a path segment, a query value or a leaf of the body)
 * replaced by a bad one, so that everything else is right and the bad value gets far.
 */
function poisonOne(shaped: Shaped, at: number, bad: string | number): Shaped {
  const slots = shaped.path.length + shaped.query.length + countLeaves(shaped.body)
  if (slots === 0) return shaped
  const i = at % slots
  if (i < shaped.path.length) {
    return { ...shaped, path: shaped.path.map((segment, j) => (j === i ? encodeText(String(bad)) : segment)) }
  }
  const q = i - shaped.path.length
  if (q < shaped.query.length) {
    return { ...shaped, query: shaped.query.map(([name, value], j) => [name, j === q ? bad : value]) }
  }
  return { ...shaped, body: replaceLeaf(shaped.body, q - shaped.query.length, bad) }
}

function countLeaves(value: unknown): number {
  if (value === null || typeof value !== 'object') return value === undefined ? 0 : 1
  return Object.values(value).reduce((sum: number, item) => sum + countLeaves(item), 0)
}

function replaceLeaf(value: unknown, index: number, bad: unknown): unknown {
  let seen = 0
  const walk = (item: unknown): unknown => {
    if (item === null || typeof item !== 'object') return seen++ === index ? bad : item
    if (Array.isArray(item)) return item.map(walk)
    return Object.fromEntries(Object.entries(item).map(([key, child]) => [key, walk(child)]))
  }
  return walk(value)
}

/** A value shaped by the schema; when `wild`, now and then anything at all. */
function valueFor(schema: JsonSchema | undefined, known: KnownValues, mode: Mode, name = ''): fc.Arbitrary<unknown> {
  if (!schema) return wrongJson
  const fitting = fittingValue(schema, known, mode, name)
  return mode === 'fit' ? fitting : fc.oneof({ weight: 4, arbitrary: fitting }, wrongJson)
}

function fittingValue(schema: JsonSchema, known: KnownValues, mode: Mode, name: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return fc.oneof(...branches.map((b) => valueFor(b, known, mode, name)))
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {})
      const model = Object.fromEntries(properties.map(([key, s]) => [key, valueFor(s, known, mode, key)]))
      return fc.record(model, { requiredKeys: schema.required ?? [] })
    }
    case 'array':
      return fc.array(valueFor(schema.items, known, mode, name), { maxLength: 4 })
    case 'integer':
    case 'number':
      return fittingNumber(schema, type === 'integer')
    case 'boolean':
      return fc.boolean()
    case 'string':
      return fittingText(schema, known, mode, name)
    default:
      return wrongJson
  }
}

/** In range, and where the schema sets no bound, as far out as JSON goes. */
function fittingNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -Number.MAX_VALUE
  const max = schema.maximum ?? Number.MAX_VALUE
  const far = nastyNumber.filter((n) => n >= min && n <= max && (!integer || Number.isInteger(n)))
  const near = fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 100_000) })
  return fc.oneof({ weight: 3, arbitrary: near }, far)
}

/**
 * Text a field takes: its enum or pattern, the known values of its name, plain text, numbers
 * (query values are text), e-mail addresses; when `wild`, also known values of other fields
 * and bad text.
 */
function fittingText(schema: JsonSchema, known: KnownValues, mode: Mode, name: string): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 60, 60)
  const named = known[name] ?? []
  const conforming = schema.enum
    ? fc.constantFrom(...schema.enum.map(String))
    : schema.pattern
      ? patternText(new RegExp(schema.pattern), named, max)
      : undefined
  if (conforming && mode === 'fit') return conforming
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 1, arbitrary: fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 10_000 }).map(String) },
  ]
  if (conforming) options.push({ weight: 4, arbitrary: conforming })
  if (named.length) options.push({ weight: 6, arbitrary: fc.constantFrom(...named) })
  if (schema.format === 'uuid') options.push({ weight: 2, arbitrary: fc.uuid() })
  if (/email/i.test(name)) options.push({ weight: 2, arbitrary: fc.emailAddress() })
  if (mode !== 'fit') {
    options.push({ weight: 1, arbitrary: fc.constantFrom(...Object.values(known).flat()) })
    options.push({ weight: 3, arbitrary: fc.oneof(nastyText, nastyNumber.map(String)) })
  }
  return fc.oneof(...options)
}

/** Known values that match the pattern, or generated ones. */
function patternText(pattern: RegExp, named: string[], maxLength: number): fc.Arbitrary<string> {
  const matching = named.filter((k) => pattern.test(k))
  const generated = fc.stringMatching(pattern, { maxLength })
  return matching.length ? fc.oneof(fc.constantFrom(...matching), generated) : generated
}

/** One path segment, encoded; when `wild`, also numbers and broken escapes. */
function pathSegment(param: Parameter, known: KnownValues, mode: Mode): fc.Arbitrary<string> {
  const text = fittingText(param.schema, known, mode, param.name).map(encodeText)
  if (mode === 'fit') return text
  return fc.oneof(
    { weight: 3, arbitrary: text },
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), rawUrlPieces).map(([a, b]) => encodeText(a) + b) },
  )
}

/**
 * Declared query parameters with their values. Right values reach the handler only when every
 * parameter is right, so `fit` sends one or two; `wild` sends each one half of the time.
 */
function queryPairs(params: Parameter[], known: KnownValues, mode: Mode): fc.Arbitrary<[string, unknown][]> {
  const pair = (p: Parameter) => valueFor(p.schema, known, mode, p.name).map((v): [string, unknown] => [p.name, v])
  if (mode === 'fit') {
    return fc.subarray(params, { maxLength: Math.min(params.length, 2) }).chain((some) => fc.tuple(...some.map(pair)))
  }
  return fc
    .tuple(...params.map((p) => fc.option(pair(p), { nil: undefined, freq: 2 })))
    .map((pairs) => pairs.filter((p) => p !== undefined))
}

/** `name=value`, and `name=a&name=b` for a list; values that are not text go as JSON. */
function queryPair([name, value]: [string, unknown]): string[] {
  return (Array.isArray(value) ? value : [value]).map((item) => {
    const text = typeof item === 'string' ? item : (JSON.stringify(item) ?? String(item))
    return `${encodeText(name)}=${encodeText(text)}`
  })
}

/** Made-up keys and escapes no encoder writes. */
const oddQuery: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc
        .tuple(fc.oneof(nastyText, fc.constantFrom('__proto__', 'a[b]', 'constructor')), nastyText)
        .map(([name, value]) => `${encodeText(name)}=${encodeText(value)}`),
      { maxLength: 2 },
    ),
    fc.option(rawUrlPieces, { nil: '' }),
  )
  .map(([pairs, raw]) => [...pairs, raw].filter(Boolean).join('&'))
