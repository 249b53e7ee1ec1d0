import { errors, jwtVerify, SignJWT } from 'jose'

/** What a connection token says: valid (whose and until when), expired, or not ours at all. */
export type TokenCheck =
  | { ok: true; userId: string; expiresAt: number | null; sessionId: string | null }
  | { ok: false; reason: 'invalid' | 'expired' }

export interface Tokens {
  /**
   * An HS256 JWT with `sub` = the user's id, `exp` = now + the configured lifetime and `sid` = the
   * session it was issued to: the token ends with its session (sign-out, a password reset).
   */
  issueToken(userId: string, sessionId?: string | null): Promise<string>
  verifyToken(token: string): Promise<TokenCheck>
}

/**
 * Connection tokens of the realtime endpoint, in Centrifugo's format (HS256, `sub`, `exp`), so
 * the same token opens a connection to the embedded endpoint or to Centrifugo configured with the
 * same `client.token.hmac_secret_key`.
 */
export function createTokens(secret: string | (() => Promise<string>), ttlSeconds: number): Tokens {
  let keyPromise: Promise<Uint8Array> | undefined
  // A secret kept in the database is read once, on the first token.
  const keyOf = () =>
    (keyPromise ??= (typeof secret === 'string' ? Promise.resolve(secret) : secret()).then((s) =>
      new TextEncoder().encode(s),
    ))
  return {
    async issueToken(userId, sessionId) {
      return new SignJWT(sessionId ? { sid: sessionId } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await keyOf())
    },
    async verifyToken(token) {
      if (typeof token !== 'string' || token.length === 0 || token.length > 4096)
        return { ok: false, reason: 'invalid' }
      try {
        const { payload } = await jwtVerify(token, await keyOf(), { algorithms: ['HS256'] })
        if (typeof payload.sub !== 'string' || payload.sub === '') return { ok: false, reason: 'invalid' }
        return {
          ok: true,
          userId: payload.sub,
          expiresAt: typeof payload.exp === 'number' ? payload.exp : null,
          sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        }
      } catch (err) {
        // jose checks the signature before the claims: an expired token is a genuine one.
        if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
        return { ok: false, reason: 'invalid' }
      }
    },
  }
}
