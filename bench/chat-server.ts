/**
 * The server side of `npm run bench:chat`, in a child process of its own so that its memory and
 * CPU are measured apart from the load generator: the real app (`buildApp`, no page renderer)
 * with the realtime endpoint, on an in-memory PGlite, listening on 127.0.0.1:$PORT. The parent
 * drives it over IPC:
 *   { type: 'memory' }                        -> { type: 'memory', rss, heapUsed } (after a GC)
 *   { type: 'publish', rate, seconds, users } -> publishes at a steady rate through
 *                                                services.realtime.publish, then { type: 'published', count, ms }
 *   { type: 'stop' }                          -> app.close() (clients get 3001), exit
 * Environment as for the app (REDIS_URL, CHAT_TOKEN_SECRET, REALTIME_REDIS_PREFIX, PORT).
 */
import { fileURLToPath } from 'node:url'

process.chdir(fileURLToPath(new URL('..', import.meta.url)))
const { loadConfig } = await import('../server/config.ts')
const { openDatabase } = await import('../server/db/client.ts')
const { buildApp } = await import('../server/app.ts')
const { chatChannel } = await import('../common/chat.ts')

const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PGLITE_DIR: 'memory://' })
const database = await openDatabase({ pgliteDir: 'memory://' })
await database.migrate()
const app = await buildApp({ config, database, pages: { kind: 'none' }, realtimeEndpoint: true, logger: false })
await app.listen({ port: config.PORT, host: '127.0.0.1' })
const port = (app.server.address() as { port: number }).port

/** A message of the size the chat sends (about 1 KB of JSON), stamped with when it was sent. */
function event(n: number) {
  return {
    eventType: 'messageCreated',
    message: {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      roomGuid: '11111111-1111-4111-8111-111111111111',
      roomName: 'ООО «АэроТех Системы»',
      content: 'Добрый день! Подскажите, пожалуйста, сроки поставки и комплектацию для партии из десяти штук.',
      files: [],
      isSystem: false,
      author: { userId: 'u', name: 'Иван Петров', organizationId: 'o', organizationName: 'ООО «Агрохолдинг Заря»' },
      createdAt: new Date().toISOString(),
    },
    room: { guid: '11111111-1111-4111-8111-111111111111', name: 'ООО «АэроТех Системы»', unreadCount: 1 },
    sentAt: performance.timeOrigin + performance.now(),
  }
}

async function publish(rate: number, seconds: number, users: number, firstUser: number) {
  const start = performance.now()
  const total = Math.round(rate * seconds)
  let sent = 0
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate))
    const batch: Promise<void>[] = []
    for (; sent < due; sent++) {
      batch.push(app.services.realtime.publish(chatChannel(String(firstUser + (sent % users))), event(sent)))
    }
    await Promise.all(batch)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { count: sent, ms: performance.now() - start }
}

process.on(
  'message',
  async (msg: { type: string; rate?: number; seconds?: number; users?: number; first?: number }) => {
    if (msg.type === 'memory') {
      globalThis.gc?.()
      const { rss, heapUsed } = process.memoryUsage()
      process.send!({ type: 'memory', rss, heapUsed })
    } else if (msg.type === 'publish') {
      const result = await publish(msg.rate!, msg.seconds!, msg.users!, msg.first ?? 0)
      process.send!({ type: 'published', ...result })
    } else if (msg.type === 'stop') {
      await app.close()
      await database.close()
      process.exit(0)
    }
  },
)
process.send!({ type: 'ready', port })
