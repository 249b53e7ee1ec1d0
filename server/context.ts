import type { FastifyRequest } from 'fastify'
import type { Db } from './db/client.ts'

/**
 * Who is asking, passed first to every service function. REST handlers, page loaders and
 * actions build it from the request the same way, here.
 */
export interface Ctx {
  db: Db
  requestId: string
  /** The client address as the proxy chain reports it (TRUST_PROXY), for rate limits. */
  ip: string
}

export function createCtx(db: Db, req: FastifyRequest): Ctx {
  return { db, requestId: req.id, ip: req.ip }
}
