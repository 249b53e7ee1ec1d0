import type { RateLimiter } from '../modules/rate-limit/index.ts'
import type { ModuleServices } from '../services.ts'

/**
 * What a flow is built from: every module's service in full (the ports other modules may not
 * call from a request included), and the rate limiter. A flow is a use-case that spans modules:
 * it holds the transaction and calls each module for its part, so no module reaches into another.
 */
export type FlowServices = ModuleServices

export interface FlowInfrastructure {
  limiter: RateLimiter
  log: (msg: string, err?: unknown) => void
}
