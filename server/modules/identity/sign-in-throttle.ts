import { formatCount } from '#common/format.ts'
import { AppError } from '../../errors.ts'
import { type BackoffRule, formatWait, type RateLimiter } from '../rate-limit/index.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND

/**
 * Wrong passwords slow sign-in down instead of locking the account (docs/decisions/012): a lock
 * would let anyone who knows an address keep its owner out.
 */
export const SIGN_IN_THROTTLE = {
  /** One address guessing one account: 5 tries, then 1, 2, 4 … s between tries, at most 5 min. */
  perAddress: { free: 5, baseDelayMs: SECOND, maxDelayMs: 5 * MINUTE, forgetAfterMs: 60 * MINUTE },
  /** A browser that has signed in to the account before: the same pace, on its own. */
  perDevice: { free: 5, baseDelayMs: SECOND, maxDelayMs: 5 * MINUTE, forgetAfterMs: 60 * MINUTE },
  /**
   * Every unknown browser together, from any address: slows a spread-out guess down to one try a
   * minute, and never shuts the account (known devices and the reset link are not subject to it).
   */
  perAccount: { free: 10, baseDelayMs: SECOND, maxDelayMs: MINUTE, forgetAfterMs: 60 * MINUTE },
} as const satisfies Record<string, BackoffRule>

export interface SignInAttempt {
  /** The address typed in, lowercased; accounts that do not exist are throttled alike. */
  email: string
  ip: string
  /** Changes with the password: a new password (a reset, for one) starts with a clean slate. */
  passwordEpoch: string
  /** The id of a browser that has signed in to this account before, if the attempt comes from one. */
  knownDeviceId: string | null
}

export function createSignInThrottle(limiter: RateLimiter) {
  async function pass(key: string, rule: BackoffRule) {
    const verdict = await limiter.attempt(key, rule)
    if (!verdict.allowed) throw tooSoon(verdict.retryAfterMs)
  }

  return {
    /** Counts the attempt, or refuses it with a 429 that says when to try again. */
    async admit(attempt: SignInAttempt): Promise<void> {
      const keys = keysOf(attempt)
      if (attempt.knownDeviceId) return pass(keys.own, SIGN_IN_THROTTLE.perDevice)
      await pass(keys.own, SIGN_IN_THROTTLE.perAddress)
      await pass(keys.account, SIGN_IN_THROTTLE.perAccount)
    },

    /**
     * The right password: the browser or address that typed it starts afresh. The account-wide
     * count stays: an owner's success says nothing about what others are trying.
     */
    async recordSuccess(attempt: SignInAttempt): Promise<void> {
      await limiter.forget(keysOf(attempt).own)
    },
  }
}

/** The limiter keys of an attempt: its own (the known device's, or the address's) and the account's. */
function keysOf(attempt: SignInAttempt): { own: string; account: string } {
  const account = `signin:${attempt.email}:${attempt.passwordEpoch}`
  const own = attempt.knownDeviceId ? `device:${attempt.knownDeviceId}` : `ip:${attempt.ip}`
  return { own: `${account}:${own}`, account }
}

function tooSoon(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / SECOND))
  return new AppError('rate_limited', signInThrottledMessage(seconds), undefined, { retryAfterSeconds: seconds })
}

/** «… через 4 секунды …», «… через 5 минут …». */
export function signInThrottledMessage(seconds: number): string {
  const wait = seconds < 60 ? formatCount(seconds, ['секунду', 'секунды', 'секунд']) : formatWait(seconds)
  return `Слишком много неудачных попыток входа. Попробуйте ещё раз через ${wait} или восстановите пароль по ссылке «Забыли пароль?».`
}
