import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { fastifyReactRouter } from '@mcansh/react-router-fastify'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { appContext, type PublicConfig } from '#app/lib/load-context.ts'
import type { Config } from '../config.ts'
import { guestCtx } from '../context.ts'
import { isDatabaseUnavailable } from '../db/errors.ts'
import { requestViewport } from '../page-cache/page-key.ts'
import type { Services } from '../services.ts'
import { PAGE_METHODS } from './allowed-methods.ts'
import { loadRequestCtx } from './session.ts'

/** Where `react-router build` writes (react-router.config.ts honours the same BUILD_DIR). */
export const BUILD_DIR = resolve(process.env.BUILD_DIR ?? 'build')
export const SERVER_BUILD_PATH = resolve(BUILD_DIR, 'server/index.js')

/** Hashed build output: never changes under its name. */
const ASSETS_PATH = resolve(BUILD_DIR, 'client', 'assets')
const IMMUTABLE = 'public, max-age=31536000, immutable'

export function hasServerBuild(): boolean {
  return existsSync(SERVER_BUILD_PATH)
}

export async function loadServerBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(SERVER_BUILD_PATH).href)) as ServerBuild
}

/** React Router renders every path that no Fastify route claims. */
export async function registerReactRouter(
  app: FastifyInstance,
  opts: {
    config: Config
    services: Services
    publicConfig: PublicConfig
    vite?: ViteDevServer
    build?: ServerBuild
  },
) {
  const { config, services, publicConfig, vite, build } = opts

  async function getLoadContext(req: FastifyRequest, reply: { cspNonce: string }) {
    let databaseAway = false
    try {
      await loadRequestCtx(req)
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      // The error page is rendered as a guest's, with nothing read from the database.
      databaseAway = true
      req.ctx = guestCtx(app.db, { requestId: req.id, ip: req.ip, userAgent: req.headers['user-agent'] ?? '' })
    }
    const context = new RouterContextProvider()
    context.set(appContext, {
      requestId: req.id,
      cspNonce: reply.cspNonce,
      viewport: requestViewport(req),
      skipPageCache: () => {
        req.pageCacheSkip = true
      },
      publicConfig,
      services,
      ctx: req.ctx,
      databaseAway,
    })
    return context
  }

  await app.register(fastifyReactRouter, {
    devServer: vite,
    build,
    serverBuildPath: SERVER_BUILD_PATH,
    clientBuildDirectory: resolve(BUILD_DIR, 'client'),
    mode: config.isDevelopment ? 'development' : 'production',
    // The build writes Brotli and gzip copies of its scripts and styles (scripts/vite-precompress.ts).
    // The bundled @fastify/static picks one by Accept-Encoding but does not say so: caches must know.
    staticOptions: {
      preCompressed: true,
      setHeaders(res, filePath) {
        res.setHeader('cache-control', filePath.startsWith(ASSETS_PATH) ? IMMUTABLE : 'public, max-age=3600')
        res.setHeader('vary', 'accept-encoding')
      },
    },
    getLoadContext,
    routeOptions: {
      config: { fallbackMethods: PAGE_METHODS },
      // Guests' pages from the cache, before anything is loaded (absent when the cache is off).
      ...(app.pageCacheLookup ? { onRequest: app.pageCacheLookup } : {}),
    },
  })
}
