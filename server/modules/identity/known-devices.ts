import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { knownDevices } from './identity.table.ts'
import { hashToken, newToken } from './tokens.ts'

/** A browser stays known for 90 days after its last sign-in to the account. */
export const KNOWN_DEVICE_TTL_MS = 90 * 24 * 60 * 60 * 1000
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/

export interface RememberedDevice {
  /** Goes into the device cookie; the database keeps only its hash. */
  token: string
  expiresAt: Date
}

/** The device id (the token's hash) when this browser has signed in to the user's account before. */
export async function findKnownDevice(db: Db, userId: string, token: string | undefined): Promise<string | null> {
  if (!token || !DEVICE_TOKEN.test(token)) return null
  const id = hashToken(token)
  const [row] = await db
    .select({ id: knownDevices.tokenHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, id), eq(knownDevices.userId, userId), gt(knownDevices.expiresAt, new Date())))
  return row?.id ?? null
}

/**
 * Marks the browser as known to the user for 90 more days. A browser keeps one token for all the
 * accounts signed in from it, but only a token we issued and still know is kept: one planted in
 * the cookie from elsewhere is replaced.
 */
export async function rememberDevice(db: Db, userId: string, token: string | undefined): Promise<RememberedDevice> {
  const now = new Date()
  const expiresAt = new Date(now.getTime() + KNOWN_DEVICE_TTL_MS)
  const reusable = token && DEVICE_TOKEN.test(token) && (await isLiveToken(db, hashToken(token)))
  const deviceToken = reusable ? token : newToken()
  await db
    .insert(knownDevices)
    .values({ tokenHash: hashToken(deviceToken), userId, expiresAt })
    .onConflictDoUpdate({
      target: [knownDevices.tokenHash, knownDevices.userId],
      set: { lastSignInAt: now, expiresAt },
    })
  // Housekeeping where it costs nothing extra: the user's devices that have lapsed.
  await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), lt(knownDevices.expiresAt, now)))
  return { token: deviceToken, expiresAt }
}

async function isLiveToken(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: knownDevices.tokenHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, id), gt(knownDevices.expiresAt, new Date())))
    .limit(1)
  return Boolean(row)
}
