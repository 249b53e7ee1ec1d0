import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

// scrypt N=2^15, r=8, p=1: ~32 MiB and ~100 ms per hash on this hardware (OWASP's minimum is 2^17
// with r=8 for new systems when memory allows; the cost is stored with each hash, so it can rise).
// The test suites lower it (PASSWORD_HASH_COST=10, a millisecond): thousands of sign-ins on a busy
// machine must not take minutes. Hashes stored at any cost verify, since each carries its own.
const PARAMS = { N: 2 ** hashCost(process.env.PASSWORD_HASH_COST), r: 8, p: 1 }

function hashCost(value: string | undefined): number {
  const cost = Number(value ?? 15)
  if (!Number.isInteger(cost) || cost < 10 || cost > 20)
    throw new Error(`PASSWORD_HASH_COST must be 10–20, got ${value}`)
  return cost
}
const KEY_LENGTH = 32

/** `scrypt$N$r$p$salt$hash`, all base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    ...PARAMS,
    maxmem: 128 * PARAMS.N * PARAMS.r * 2,
  })
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    ...params,
    maxmem: 128 * params.N * params.r * 2,
  })
  return timingSafeEqual(actual, expected)
}

/** A hash to compare against when the e-mail is unknown, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}
