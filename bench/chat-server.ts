/**
 * The server side of `npm run bench:chat`, in a child process of its own so that its memory and
 * CPU are measured apart from the load generator: the real app (`buildApp`, no page renderer)
 * with the realtime endpoint, listening on 127.0.0.1:$PORT, on an in-memory PGlite or, with
 * DATABASE_URL, on PostgreSQL (migrated by whichever instance starts first). The parent drives it
 * over IPC:
 *   { type: 'setup', buyers, vendors, sendersPerVendor } -> the people of the chat (below), then
 *                                                { type: 'setup', buyers: [{ userId, room, sender }], senders: [cookie] }
 *   { type: 'memory' }                        -> { type: 'memory', rss, heapUsed } (after a GC)
 *   { type: 'statements' }                    -> { type: 'statements', count } (through the database so far)
 *   { type: 'stop' }                          -> app.close() (clients get 3001), exit
 * Messages are sent by the parent over HTTP, through `POST /api/v1/chat/rooms/:guid/messages`.
 * Environment as for the app (DATABASE_URL, REDIS_URL, CHAT_TOKEN_SECRET, RATE_LIMIT_SCALE,
 * REALTIME_REDIS_PREFIX, PORT).
 */
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'

process.chdir(fileURLToPath(new URL('..', import.meta.url)))
const { loadConfig } = await import('../server/config.ts')
const { openDatabase } = await import('../server/db/client.ts')
const { buildApp } = await import('../server/app.ts')
const { users } = await import('../server/modules/identity/identity.table.ts')
const { createSession } = await import('../server/modules/identity/sessions.ts')
const { organizationMembers, organizationRoles, organizations } =
  await import('../server/modules/organizations/organizations.table.ts')
const { chatRooms } = await import('../server/modules/chat/chat.table.ts')

const url = process.env.DATABASE_URL
const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PGLITE_DIR: 'memory://' })
const database = await openDatabase({ url, pgliteDir: 'memory://' })
await database.migrate()
const app = await buildApp({ config, database, pages: { kind: 'none' }, realtimeEndpoint: true, logger: false })
await app.listen({ port: config.PORT, host: '127.0.0.1' })
const port = (app.server.address() as { port: number }).port
const db = database.db

/** Inserts rows in statements of at most 500. */
async function insertAll<T>(table: Parameters<typeof db.insert>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(table).values(rows.slice(i, i + 500) as never)
}

function organization(name: string, n: number) {
  return {
    id: randomUUID(),
    legalForm: 'ooo' as const,
    fullName: `Общество с ограниченной ответственностью «${name}»`,
    shortName: `ООО «${name}»`,
    inn: String(7_700_000_000 + n),
    ogrn: '1027700132195',
    legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
    contactEmail: 'bench@example.test',
    contactPhone: '+74955005550',
    slug: `bench-${n}`,
    createdByUserId: randomUUID(),
  }
}

function person(name: string, organizationId: string) {
  return {
    id: randomUUID(),
    email: `${randomUUID()}@bench.example.test`,
    passwordHash: 'not-a-password-hash', // nobody signs in with a password here
    name,
    selectedOrganizationId: organizationId,
    consentAt: new Date(),
    emailConfirmedAt: new Date(),
  }
}

/**
 * The chat's people, as decision 024 has them: `vendors` confirmed vendor organizations with
 * `sendersPerVendor` members each (signed in: their session cookies are returned), and `buyers`
 * buyer organizations (confirmed buyer role) of one member each, every one with a direct room to
 * vendor `i % vendors`. A vendor member's message in a room reaches the buyer side's one member:
 * each buyer is the recipient of the messages of its room, and nobody else is.
 */
async function setup(buyerCount: number, vendorCount: number, sendersPerVendor: number) {
  const vendors = Array.from({ length: vendorCount }, (_, v) => organization(`Бенч Продавец ${v + 1}`, v))
  const buyerOrgs = Array.from({ length: buyerCount }, (_, i) => organization(`Бенч Покупатель ${i + 1}`, 100_000 + i))
  await insertAll(organizations, [...vendors, ...buyerOrgs])
  await insertAll(organizationRoles, [
    ...vendors.map((o) => ({ organizationId: o.id, type: 'vendor' as const, status: 'confirmed' as const })),
    ...buyerOrgs.map((o) => ({ organizationId: o.id, type: 'buyer' as const, status: 'confirmed' as const })),
  ])
  const sellers = vendors.flatMap((o, v) =>
    Array.from({ length: sendersPerVendor }, (_, s) => ({ ...person(`Продавец ${v + 1}.${s + 1}`, o.id), vendor: v })),
  )
  const buyers = buyerOrgs.map((o, i) => person(`Покупатель ${i + 1}`, o.id))
  await insertAll(users, [...sellers, ...buyers])
  await insertAll(organizationMembers, [
    ...sellers.map((u) => ({ organizationId: u.selectedOrganizationId, userId: u.id, role: 'member' as const })),
    ...buyers.map((u) => ({ organizationId: u.selectedOrganizationId, userId: u.id, role: 'owner' as const })),
  ])
  const rooms = buyerOrgs.map((buyer, i) => {
    const vendor = vendors[i % vendorCount]!.id
    const [sideA, sideB] = buyer.id < vendor ? [buyer.id, vendor] : [vendor, buyer.id]
    return { id: randomUUID(), type: 'direct' as const, sideA, sideB, openedBy: buyer.id }
  })
  await insertAll(chatRooms, rooms)
  const cookies: string[] = []
  for (const seller of sellers) {
    const session = await createSession(
      db,
      seller.id,
      { ip: '127.0.0.1', userAgent: 'bench' },
      { idleMs: 3_600_000, absoluteMs: 3_600_000 },
    )
    cookies.push(`sid=${session.token}`)
  }
  return {
    // Room i's messages are sent by the vendor's members in turn (the k-th room of a vendor by its k % S-th member).
    buyers: buyers.map((u, i) => ({
      userId: u.id,
      room: rooms[i]!.id,
      sender: (i % vendorCount) * sendersPerVendor + (Math.floor(i / vendorCount) % sendersPerVendor),
    })),
    senders: cookies,
  }
}

process.on('message', async (msg: { type: string; buyers?: number; vendors?: number; sendersPerVendor?: number }) => {
  if (msg.type === 'setup') {
    process.send!({ type: 'setup', ...(await setup(msg.buyers!, msg.vendors!, msg.sendersPerVendor!)) })
  } else if (msg.type === 'memory') {
    globalThis.gc?.()
    const { rss, heapUsed } = process.memoryUsage()
    process.send!({ type: 'memory', rss, heapUsed })
  } else if (msg.type === 'statements') {
    process.send!({ type: 'statements', count: database.statements.count })
  } else if (msg.type === 'stop') {
    await app.close()
    await database.close()
    process.exit(0)
  }
})
process.send!({ type: 'ready', port })
