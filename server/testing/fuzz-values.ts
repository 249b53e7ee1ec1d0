import fc from 'fast-check'

/**
 * Values a careless or hostile client sends: text no form would produce, numbers out of any
 * range, the wrong JSON types and nesting deep enough to hurt a recursive parser.
 */

const LONE_SURROGATES = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))
const CONTROLS = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085')
const INVISIBLES = fc.constantFrom('\u200b', '\u200e', '\u202e', '\u2028', '\u2066', '\ufeff', '\ufffe', '\uffff')

const ODD_TEXT = [
  '',
  ' ',
  '.',
  '..',
  '../../etc/passwd',
  '%',
  '%00',
  '\\',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '-1',
  '0x1f',
  '99999999999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-12d3-a456-42661417400g',
  'Ё'.repeat(300),
  '👩‍👩‍👧‍👦'.repeat(50),
]

/** `inner` with some ordinary text around it, as it comes in a field. */
const amid = (inner: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ maxLength: 6 }), inner, fc.string({ maxLength: 6 })).map((parts) => parts.join(''))

/**
 * Text of every kind, weighted to what databases and drivers refuse: NUL, unpaired surrogates,
 * other controls and invisible characters, odd strings, any code point, and huge text.
 */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: amid(fc.constant('\u0000')) },
  { weight: 2, arbitrary: amid(LONE_SURROGATES) },
  { weight: 2, arbitrary: fc.string({ unit: fc.oneof(CONTROLS, INVISIBLES), minLength: 1, maxLength: 6 }) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(10_000, 300_000).map((n) => 'я'.repeat(n)) },
)

/** Numbers as JSON carries them: out of range, fractional, negative, beyond 2^53. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 0.5, -0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e21, 1e308, -1e308, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** An array or object `depth` levels deep, as JSON text: cheaper to build than to parse. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
}

/** Any JSON value of the wrong kind where something specific is expected. */
export const wrongJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: nastyText },
  { weight: 2, arbitrary: nastyNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, [], {}, [null], JSON.parse('{"__proto__":{"isStaff":true}}')),
  },
  { weight: 1, arbitrary: fc.constantFrom(50, 2_000).map((depth) => JSON.parse(deepJson(depth, 'array'))) },
)

/**
 * Percent-encodes text for a path or query, lone surrogates included: those go out as the bytes
 * a sloppy client writes for them (ED A0 80 for U+D800), which are not UTF-8.
 */
export function encodeText(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const pairs = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    if (pairs) {
      out += encodeURIComponent(text.slice(i, i + 2))
      i++
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('')
    } else {
      out += encodeURIComponent(text[i]!)
    }
  }
  return out
}

/** Encoded pieces of a URL that no encoder writes: broken escapes, overlong and invalid UTF-8. */
export const rawUrlPieces: fc.Arbitrary<string> = fc.constantFrom(
  '%',
  '%zz',
  '%0',
  '%00',
  '%FF',
  '%C0%AF',
  '%ED%A0%80',
  '%2F',
  '%2e%2e',
  '%25',
  '%u0000',
  '..',
  '.',
)

const headerText = fc.string({ unit: 'binary-ascii', maxLength: 40 }).filter((s) => /^[\t\x20-\x7e]*$/.test(s))

/**
 * Headers a client may add: what it accepts, where it says it comes from, a byte range, cookies
 * of its own making (a signed-in identity's session cookie takes the place of this one).
 */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp'), headerText),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-unknown', ''),
    'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), headerText),
    range: fc.oneof(fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=99999999999999999999-'), headerText),
    'if-none-match': headerText,
    'idempotency-key': fc.oneof(fc.uuid(), headerText),
    cookie: headerText.map((t) => `sid=${t}; gid=${t}`),
  },
  { requiredKeys: [] },
)
