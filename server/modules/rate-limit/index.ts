/** What other modules may use of rate-limit: its only door. */
export { formatWait, type BackoffRule, type RateLimiter, type RateLimitRule } from './rate-limiter.ts'
