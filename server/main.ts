import { buildApp, type BuildAppOptions } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { seedDemo } from './seed/seed.ts'
import { assignModels } from './modules/catalog/index.ts'
import { createFileStorage } from './modules/files/files.storage.ts'
import { hasServerBuild, loadServerBuild } from './plugins/react-router.ts'

/** Process entry: config -> database (migrated, seeded for the demo) -> app -> listen. */
const config = loadConfig()
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR })
await database.migrate()
if (config.seedDemo) await seedDemo(database.db, createFileStorage(config))
// Products from before models were records become offers of their models (decision 059).
await assignModels(database.db)

let pages: BuildAppOptions['pages']
if (config.isDevelopment) {
  const { createServer } = await import('vite')
  // Vite shares our HTTP server for HMR; its middlewares run before Fastify's routes.
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  pages = { kind: 'vite', vite }
} else {
  if (!hasServerBuild()) throw new Error('No build found: run `npm run build` first (npm start does it for you).')
  pages = { kind: 'build', build: await loadServerBuild() }
}

const app = await buildApp({ config, database, pages })

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out, exiting')
    process.exit(1)
  }, config.SHUTDOWN_TIMEOUT_MS)
  timer.unref()
  try {
    await app.close() // stops accepting, waits for in-flight requests and the running job's batch
    if (pages.kind === 'vite') await pages.vite.close()
    await database.close()
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'shutdown failed')
    process.exit(1)
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))

// The catalogue's listing index is built before the first visitor needs it (decision 011).
const indexStarted = performance.now()
const index = await app.services.catalog.warmUp(database.db)
app.log.info(
  `catalogue index: ${index.products} products, ${(index.arrayBytes / 1e6).toFixed(1)} MB of arrays, ` +
    `built in ${Math.round(performance.now() - indexStarted)} ms`,
)

await app.listen({ port: config.PORT, host: config.HOST })
// Background jobs (decision 021); app.close() stops them: a running job returns to the queue.
// The daily clean-up of expired sessions and links starts its chain with today's run.
await app.services.identity.scheduleHousekeeping(database.db)
await app.services.productImports.scheduleCleanup(database.db)
await app.services.flows.updReminders.scheduleToday(database.db)
app.services.jobs.start()
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
app.log.info(`БАС Маркет: http://${shownHost}:${(app.server.address() as { port: number }).port}`)
