import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { MODULES } from './modules/index.ts'
import type { Infrastructure, ModuleDefinition } from './modules/module.ts'
import { connectRedis } from './redis.ts'
import { type Clock, createRateLimiter } from './modules/rate-limit/rate-limiter.ts'

type ModuleList = (typeof MODULES)[number]
type ServiceOf<M> = M extends ModuleDefinition<string, infer Service> ? Service : never

/**
 * The services every adapter (REST, loaders and actions, realtime) calls: one per module of
 * `modules/index.ts` that has one, so a loader reaches business rules only through
 * `context.services`.
 */
export type Services = {
  [M in ModuleList as ServiceOf<M> extends undefined ? never : M['name']]: ServiceOf<M>
} & {
  /** Releases connections the services hold (Redis, SMTP). */
  close(): Promise<void>
}

export function createServices(deps: {
  config: Config
  database: Database
  log: (msg: string, err?: unknown) => void
  /** The clock of time windows (rate limits, sign-in throttling): `Date.now` unless a test sets its own. */
  clock?: Clock
}): Services {
  const { config } = deps
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, 'rate-limits', deps.log) : undefined
  const limiter = createRateLimiter(redis, { scale: config.RATE_LIMIT_SCALE, clock: deps.clock })
  const infra: Infrastructure = { ...deps, limiter, redis }

  const registry: Record<string, unknown> = {}
  const closers: (() => Promise<void>)[] = []
  const services = registry as Services
  // In list order, so each module finds the services it is built from already in the registry.
  for (const module of MODULES as readonly ModuleDefinition[]) {
    if (!module.service) continue
    const service = module.service(infra, services)
    registry[module.name] = service
    if (module.close) closers.push(() => module.close!(service))
  }
  registry.close = async () => {
    await limiter.close()
    for (const close of closers) await close()
  }
  return services
}
