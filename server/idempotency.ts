import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import { RU } from '#common/messages.ts'
import type { Db } from './db/client.ts'
import { isUniqueViolation } from './db/errors.ts'
import { AppError } from './errors.ts'
import { idempotencyKeys } from './modules/system/system.table.ts'

/**
 * The Idempotency-Key a write came with (ARCHITECTURE rule 5), as the services store it beside
 * what the write made: trimmed, at most 200 characters; null when absent or blank.
 */
export function idempotencyKeyOf(raw: string | undefined): string | null {
  return raw?.trim().slice(0, 200) || null
}

/** How long a key is remembered: a client retries within minutes, Stripe keeps them a day. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000

/** A fingerprint of a validated input: the same JSON whatever the order of its keys. */
export function fingerprintOf(input: unknown): string {
  const stable = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(stable)
      : value && typeof value === 'object' && !(value instanceof Date)
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, stable(v)]),
          )
        : value
  return createHash('sha256')
    .update(JSON.stringify(stable(input)))
    .digest('hex')
}

/**
 * Remembers `key` for `scope` with the input's fingerprint, or checks that a key seen before came
 * with the same input: a client that reuses a key for another request gets a 422 instead of the
 * first request's answer (the IETF idempotency-key draft, Stripe). Call it after validating the
 * input and before looking up what the first request made. No key, no check.
 */
export async function checkIdempotencyKey(db: Db, scope: string, key: string | null, input: unknown): Promise<void> {
  if (!key) return
  const fingerprint = fingerprintOf(input)
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ scope, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (claimed) return
  const [seen] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
  if (seen && seen.fingerprint !== fingerprint) throw new AppError('unprocessable', RU.idempotencyKeyReused)
}

/**
 * A create that a key makes once (ARCHITECTURE rule 5): the key is checked against the input (the
 * same key with another body is a 422), what the key made before is answered as it is, else
 * `create` makes it, storing the key on the row under a unique index (`findOrCreate`). `create`
 * runs the checks that only a new row needs (limits, rate limits). Without a key every call creates.
 */
export async function createOnce<Row>(
  db: Db,
  keyed: { scope: string; key: string | null; input: unknown },
  find: () => Promise<Row | null | undefined>,
  create: () => Promise<Row>,
): Promise<Row> {
  await checkIdempotencyKey(db, keyed.scope, keyed.key, keyed.input)
  if (!keyed.key) return create()
  return (await findOrCreate(find, create)).row
}

/**
 * The row a key made before (`find`), else a new one (`create`), for writes whose key is stored on
 * the row under a unique index (a key of the API: `createOnce`). Two requests with one key at
 * once: the second's unique violation finds the first one's row. `created` says which it was. (A
 * chat message's `clientId` is the same idea for a group of sends: chat.send.ts.)
 */
export async function findOrCreate<Row>(
  find: () => Promise<Row | null | undefined>,
  create: () => Promise<Row>,
): Promise<{ row: Row; created: boolean }> {
  const earlier = await find()
  if (earlier) return { row: earlier, created: false }
  try {
    return { row: await create(), created: true }
  } catch (error) {
    const raced = isUniqueViolation(error) ? await find() : null
    if (raced) return { row: raced, created: false }
    throw error
  }
}

/** Forgets keys older than a day (the platform's daily housekeeping). */
export async function purgeIdempotencyKeys(db: Db, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key })
  return removed.length
}
