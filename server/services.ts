import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { createFlows, FLOW_JOBS, type Flows } from './flows/index.ts'
import { createJobDeclarations } from './jobs/declared.ts'
import { MODULES } from './modules/index.ts'
import type { Infrastructure, ModuleDefinition } from './modules/module.ts'
import { connectRedis } from './redis.ts'
import { type Clock, createRateLimiter } from './modules/rate-limit/rate-limiter.ts'

type ModuleList = (typeof MODULES)[number]
type ServiceOf<M> = M extends ModuleDefinition<string, infer Service, string> ? Service : never
type InternalOf<M> = M extends ModuleDefinition<string, infer _Service, infer Internal> ? Internal : never

/**
 * The services every adapter (REST, loaders and actions, realtime) calls: one per module of
 * `modules/index.ts` that has one, without the methods the module keeps for other modules
 * (`internal`), so a loader reaches business rules only through `context.services`.
 */
export type Services = {
  [M in ModuleList as ServiceOf<M> extends undefined ? never : M['name']]: Omit<ServiceOf<M>, InternalOf<M>>
} & {
  /** The use-cases that span modules (server/flows/). */
  flows: Flows
  /** Releases connections the services hold (Redis, SMTP). */
  close(): Promise<void>
}

/** The services in full, internal methods included: what modules are built from (and tests call). */
export type ModuleServices = {
  [M in ModuleList as ServiceOf<M> extends undefined ? never : M['name']]: ServiceOf<M>
} & {
  close(): Promise<void>
}

/** Every service in full and the flows built on them: the server's own wiring, jobs and tests. */
export type ServiceRegistry = ModuleServices & { flows: Flows }

/**
 * The registry as requests see it: each service without its internal methods. The other
 * properties are the service's own (the same functions; a getter still reads live).
 */
export function publicServices(services: ServiceRegistry): Services {
  const view: Record<string, unknown> = { close: services.close, flows: services.flows }
  for (const module of MODULES as readonly ModuleDefinition[]) {
    const service = (services as Record<string, object | undefined>)[module.name]
    if (!service) continue
    if (!module.internal?.length) {
      view[module.name] = service
      continue
    }
    const properties = Object.getOwnPropertyDescriptors(service)
    for (const name of module.internal) delete properties[name]
    view[module.name] = Object.create(Object.getPrototypeOf(service), properties)
  }
  return view as Services
}

export function createServices(deps: {
  config: Config
  database: Database
  log: (msg: string, err?: unknown) => void
  /** The clock of time windows (rate limits, sign-in throttling): `Date.now` unless a test sets its own. */
  clock?: Clock
}): ServiceRegistry {
  const { config } = deps
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, 'rate-limits', deps.log) : undefined
  const limiter = createRateLimiter(redis, { scale: config.RATE_LIMIT_SCALE, clock: deps.clock })
  const infra: Infrastructure = { ...deps, limiter, redis }

  const registry: Record<string, unknown> = {}
  const closers: (() => Promise<void>)[] = []
  const services = registry as ServiceRegistry
  const jobKinds = createJobDeclarations()
  /** The registry as one builder sees it: its `jobs` registers only the kinds `owner` declared. */
  const builtBy = (owner: string, kinds: readonly string[] = []): ServiceRegistry => {
    jobKinds.declare(owner, kinds)
    return Object.create(services, {
      jobs: {
        get: () =>
          services.jobs && { ...services.jobs, register: jobKinds.registrarFor(owner, services.jobs.register) },
      },
    }) as ServiceRegistry
  }
  // In list order, so each module finds the services it is built from already in the registry.
  for (const module of MODULES as readonly ModuleDefinition[]) {
    if (!module.service) continue
    const service = module.service(infra, builtBy(module.name, module.jobs))
    registry[module.name] = service
    if (module.close) closers.push(() => module.close!(service))
  }
  // After every module: a flow is built from all of them, and registers its jobs.
  registry.flows = createFlows(builtBy('flows', FLOW_JOBS), { limiter, log: deps.log })
  jobKinds.checkComplete()
  registry.close = async () => {
    await limiter.close()
    for (const close of closers) await close()
  }
  return services
}
