import { randomUUID } from 'node:crypto'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import type { PublicConfig } from '#app/lib/load-context.ts'
import { MESSAGES } from '#common/messages.ts'
import type { Config } from './config.ts'
import type { Ctx } from './context.ts'
import type { Database, Db } from './db/client.ts'
import { MODULES } from './modules/index.ts'
import type { ModuleDefinition } from './modules/module.ts'
import { systemRoutes } from './modules/system/system.routes.ts'
import { allowedMethodsPlugin } from './plugins/allowed-methods.ts'
import { assetsPlugin } from './plugins/assets.ts'
import { hashAssets } from './plugins/assets-version.ts'
import { errorsPlugin } from './plugins/errors.ts'
import { requestSizePlugin } from './plugins/request-size.ts'
import { openapiPlugin } from './plugins/openapi.ts'
import { pageCachePlugin } from './plugins/page-cache.ts'
import { registerReactRouter } from './plugins/react-router.ts'
import { exchange1cProtocolRoutes } from './modules/exchange-1c/index.ts'
import { attachRealtimeEndpoint } from './realtime/attach.ts'
import { securityHeadersPlugin } from './plugins/security-headers.ts'
import { csrfPlugin, loadRequestCtx, privateResponsesPlugin } from './plugins/session.ts'
import type { Clock } from './modules/rate-limit/rate-limiter.ts'
import { createServices, publicServices, type ServiceRegistry, type Services } from './services.ts'
import { literalStrayPercents } from './literal-percents.ts'

/** The static pictures served under /marketplace-frontend-assets/ (uploads come from file storage). */
const ASSETS_DIR = 'content/assets'

declare module 'fastify' {
  interface FastifyInstance {
    /** What routes call: each service without its internal methods. */
    services: Services
    /** The services in full, for the server's own wiring, jobs and tests (services.ts). */
    modules: ServiceRegistry
    config: Config
    db: Db
  }
}

export interface BuildAppOptions {
  config: Config
  database: Database
  /** What renders pages: a production build, Vite in development, or nothing (API-only tests). */
  pages: { kind: 'build'; build: ServerBuild } | { kind: 'vite'; vite: ViteDevServer } | { kind: 'none' }
  logger?: FastifyServerOptions['logger']
  /**
   * Serve the realtime endpoint (/connection/websocket) on the app's HTTP server: by default when
   * pages are served; tests of the endpoint ask for it and `listen` on a real port.
   */
  realtimeEndpoint?: boolean
  /** The services' clock of time windows; tests move it instead of waiting (services.ts). */
  clock?: Clock
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, pages } = opts
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    rewriteUrl: (req) => literalStrayPercents(req.url ?? '/'),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Let in-flight requests finish on shutdown, but stop keep-alive connections from lingering.
    forceCloseConnections: 'idle',
    // A request must arrive whole within 5 minutes (a 20 MB import at 70 KB/s): a body that never
    // ends, or comes a byte at a time, does not hold a connection forever.
    requestTimeout: 300_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const services = createServices({
    config,
    database,
    log: (msg, err) => app.log.error({ err }, msg),
    clock: opts.clock,
  })
  app.decorate('services', publicServices(services))
  app.decorate('modules', services)
  app.decorate('config', config)
  app.decorate('db', database.db)
  app.addHook('onClose', () => services.close())

  if (pages.kind === 'vite') {
    // Vite's own middlewares (modules, HMR client, assets) answer before any Fastify route.
    const middie = (await import('@fastify/middie')).default
    await app.register(middie)
    app.use(pages.vite.middlewares)
  }
  await app.register(errorsPlugin)
  await app.register(requestSizePlugin)
  await app.register(securityHeadersPlugin, { config })
  const buildId = pages.kind === 'build' ? pages.build.assets.version : pages.kind === 'vite' ? 'development' : 'test'
  // Before compression: the cache copies the HTML as rendered. Never in development, where the
  // code changes under it.
  if (config.PAGE_CACHE && pages.kind !== 'none' && !config.isDevelopment) {
    await app.register(pageCachePlugin, {
      database,
      buildId,
      ttlSeconds: config.PAGE_CACHE_TTL_SECONDS,
      maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
    })
  }
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] })
  await app.register(cookie)
  app.decorateRequest('ctx', null as unknown as Ctx)
  await app.register(csrfPlugin, { config })
  await app.register(privateResponsesPlugin)
  await app.register(allowedMethodsPlugin) // before any route, so that it learns them all
  await app.register(openapiPlugin, { public: config.apiDocsPublic })

  await app.register(systemRoutes, { buildId, builtAt: Date.now() })
  // 1С's address: its own content types and answers, outside the API (exchange-1c module).
  await app.register(exchange1cProtocolRoutes)
  // In development the files change under a running server: no version, no year-long caching.
  const assetsVersion = config.isDevelopment ? null : await hashAssets(ASSETS_DIR)
  await app.register(assetsPlugin, {
    sourceDir: ASSETS_DIR,
    cacheDir: config.ASSETS_CACHE_DIR,
    version: assetsVersion,
    readUploaded: (path) => services.products.readPhoto(path),
  })

  await app.register(
    async (api) => {
      api.addHook('preHandler', loadRequestCtx)
      for (const module of MODULES as readonly ModuleDefinition[]) {
        if (module.routes) await api.register(module.routes)
      }
      // Serves no method: a wrong method on a path of the API is a 405, on any other path a 404.
      api.all('/*', { schema: { hide: true }, config: { fallbackMethods: [] } }, async (req, reply) =>
        reply.status(404).send({ error: { code: 'not_found', message: MESSAGES.pageNotFound(req.url) } }),
      )
    },
    { prefix: '/api/v1' },
  )

  // On shutdown, a response to a request still in flight closes its keep-alive connection, so
  // close() ends as soon as the last response is out instead of waiting for the keep-alive timeout.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close')
  })

  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode === 404 && !req.url.startsWith('/api/')) req.log.info(MESSAGES.pageNotFound(req.url))
  })

  const publicConfig: PublicConfig = {
    apiBaseUrl: config.API_BASE_URL,
    cdnUrl: config.CDN_URL,
    metrikaId: config.METRIKA_ID ?? null,
    buildId,
    assetsVersion,
    publicUrl: config.publicUrl,
    chatWsUrl: services.realtime.wsUrl,
    mapTilesUrl: config.MAP_TILES_URL,
  }
  if (opts.realtimeEndpoint ?? pages.kind !== 'none') attachRealtimeEndpoint(app, buildId)
  if (pages.kind !== 'none') {
    await registerReactRouter(app, {
      config,
      services: app.services,
      publicConfig,
      vite: pages.kind === 'vite' ? pages.vite : undefined,
      build: pages.kind === 'build' ? pages.build : undefined,
    })
  }
  return app
}
