import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { ModuleServices } from '../services.ts'
import type { RedisConnection } from '../redis.ts'
import type { RateLimiter } from './rate-limit/rate-limiter.ts'

/** What every module's service may be built from, besides the services of the modules listed before it. */
export interface Infrastructure {
  config: Config
  database: Database
  limiter: RateLimiter
  /** The shared Redis connection of rate limits, when REDIS_URL is set: for the readiness probe. */
  redis?: RedisConnection
  log: (msg: string, err?: unknown) => void
}

/**
 * A domain module as `modules/index.ts` lists it. The service registry (`context.services`), the
 * REST routes under /api/v1 and the Drizzle tables are all derived from that one list.
 */
export interface ModuleDefinition<Name extends string = string, Service = unknown, Internal extends string = never> {
  /** Its key in the service registry: `services.<name>`. */
  name: Name
  /** Its Drizzle tables (`import * as tables from './x.table.ts'`); a module writes only its own. */
  tables?: Record<string, unknown>
  /** Its REST routes, registered under /api/v1. */
  routes?: FastifyPluginAsyncZod
  /**
   * Builds its service. `services` holds the modules listed before it (the list is in dependency
   * order), so a module asks another only through the service it was built with.
   */
  service?: (infra: Infrastructure, services: ModuleServices) => Service
  /**
   * Methods of its service that only other modules may call (they are built from the services in
   * full), never a request's adapter: REST routes, loaders and actions see the service without
   * them (`context.services`). For what trusts its caller: writing a system message into any
   * room, reading any attached file, other users' e-mail addresses.
   */
  internal?: readonly Internal[]
  /**
   * The kinds of background job it runs, named `<domain>.<what_is_done>`. The part of its service
   * that owns the work registers each handler when it is built (`services.jobs.register`);
   * `createServices` refuses a kind the module did not declare, and a declared one left without
   * a handler, so this list is every job the module runs.
   */
  jobs?: readonly string[]
  /** Releases what the service holds (connections) on shutdown. */
  close?: (service: Service) => Promise<void>
}

export function defineModule<const Name extends string, Service = undefined, const Internal extends string = never>(
  module: ModuleDefinition<Name, Service, Internal>,
): ModuleDefinition<Name, Service, Internal> {
  return module
}
