import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import '#common/zod.ts'
import { MESSAGES, RU } from '#common/messages.ts'
import { isDatabaseUnavailable } from '../db/errors.ts'
import { isAppError, STATUS_BY_KIND } from '../errors.ts'

/** What a client is told to wait when the database is away: a restart or failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> }
}

/** Maps every error to `{ error: { code, message } }` once; never leaks stacks or SQL. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (isAppError(err)) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds))
      return reply.status(STATUS_BY_KIND[err.kind]).send(body(err.kind, err.message, err.fields))
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {}
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'
        fields[key] ??= issue.message ?? RU.invalidRequest
      }
      return reply.status(400).send(body('invalid', RU.invalidRequest, fields))
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message } }, 'database unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      return reply.status(503).send(body('unavailable', RU.serviceUnavailable))
    }
    const status = err.statusCode ?? 500
    if (status === 429) return reply.status(429).send(body('rate_limited', RU.tooManyRequests))
    if (status === 413) return reply.status(413).send(body('invalid', RU.requestTooLarge))
    if (status === 415) return reply.status(415).send(body('invalid', RU.unsupportedMediaType))
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('invalid', RU.invalidRequest))
    }
    req.log.error({ err }, 'unhandled error')
    return reply.status(500).send(body('internal', RU.internalError))
  })

  // Every 503 says when to come back, the error pages React Router renders included.
  app.addHook('onSend', async (_req, reply) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    }
  })

  // Only /api/* reaches this: every other path belongs to the React Router handler.
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(body('not_found', MESSAGES.pageNotFound(req.url)))
  })
})

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } }
}
