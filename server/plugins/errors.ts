import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import '#common/zod.ts'
import { MESSAGES, RU } from '#common/messages.ts'
import { isAppError, STATUS_BY_KIND } from '../errors.ts'

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

  // Only /api/* reaches this: every other path belongs to the React Router handler.
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(body('not_found', MESSAGES.pageNotFound(req.url)))
  })
})

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } }
}
