import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/**
 * The OpenAPI document, generated from the zod schemas (`app.swagger()`). Its UI at /api/docs and
 * the document at /api/docs/json are served only with `apiDocsPublic` (API_DOCS_PUBLIC; on by
 * default for the embedded database only): a production site does not hand out its map.
 */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { public: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'БАС Маркет API',
        description: 'REST API маркетплейса беспилотных авиационных систем',
        version: '1',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  if (opts.public) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false })
})
