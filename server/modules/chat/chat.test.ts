import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { CHAT_LIMITS, CHAT_MESSAGES, productContext } from '#common/chat.ts'
import { ctxForUser, systemCtx } from '../../context.ts'
import type { Database } from '../../db/client.ts'
import { createTestUser } from '../../testing/auth.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { uploadTestFile } from '../files/files.testing.ts'
import { apiClient, PDF } from '../organizations/organizations.testing.ts'
import { organizationRoles } from '../organizations/organizations.table.ts'
import { createTestVendor } from '../organizations/vendors.testing.ts'
import { createMember } from '../products/products.testing.ts'
import { chatMessages, chatRooms } from './chat.table.ts'
import { jobs } from '../../jobs/jobs.table.ts'
import { DIGEST_JOB } from './chat.digest.ts'

describe.each(BACKENDS)('chat on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let vendor: { id: string; slug: string; name: string }
  let seller: { id: string; cookie: string }
  let sellerColleague: { id: string; cookie: string }
  let buyerOrg: { id: string; name: string }
  let buyer: { id: string; cookie: string; email: string }
  let stranger: { cookie: string }
  let unconfirmed: { cookie: string }
  let staff: { cookie: string }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    const db = database.db
    vendor = await createTestVendor(db, { name: 'Аэроскан', slug: 'aeroskan-chat' })
    seller = await createMember(db, vendor.id, 'owner', 'Анна Продавец')
    sellerColleague = await createMember(db, vendor.id, 'member', 'Борис Коллега')
    buyerOrg = await createTestVendor(db, { name: 'Агрохолдинг', slug: 'agro-chat', vendorStatus: null })
    await db.insert(organizationRoles).values({ organizationId: buyerOrg.id, type: 'buyer', status: 'confirmed' })
    buyer = await createMember(db, buyerOrg.id, 'owner', 'Вера Покупатель')
    const other = await createTestVendor(db, { name: 'Чужие', slug: 'chuzhie-chat' })
    stranger = await createMember(db, other.id)
    const fresh = await createTestVendor(db, { name: 'Новички', slug: 'novichki-chat', vendorStatus: 'moderation' })
    unconfirmed = await createMember(db, fresh.id)
    staff = await createTestUser(db, { isStaff: true })
  })

  const openRoom = async () => {
    const res = await api('POST', '/chat/rooms', buyer.cookie, { organizationId: vendor.id })
    expect([200, 201]).toContain(res.statusCode)
    return res.json().data.guid as string
  }
  const send = (cookie: string, guid: string, body: object) => api('POST', `/chat/rooms/${guid}/messages`, cookie, body)
  const unread = async (cookie: string) =>
    (await api('GET', '/header/summary', cookie)).json().chatUnreadMessagesCount as number

  it('keeps one direct room per pair of organizations, named after the other side', async () => {
    const first = await api('POST', '/chat/rooms', buyer.cookie, { sellerSlug: vendor.slug })
    expect(first.statusCode).toBe(201)
    const again = await api('POST', '/chat/rooms', buyer.cookie, { organizationId: vendor.id })
    expect(again.statusCode).toBe(200)
    expect(again.json().data.guid).toBe(first.json().data.guid)
    expect(first.json().data).toMatchObject({ type: 'direct', name: vendor.name, unreadCount: 0, blocked: null })
    // The vendor opening it from its side gets the same room, named after the buyer.
    const fromVendor = await api('POST', '/chat/rooms', seller.cookie, { organizationId: buyerOrg.id })
    expect(fromVendor.json().data).toMatchObject({ guid: first.json().data.guid, name: buyerOrg.name })
    // Nobody chats with their own organization.
    const self = await api('POST', '/chat/rooms', seller.cookie, { organizationId: vendor.id })
    expect(self.statusCode).toBe(400)
    expect(self.json().error.message).toBe(CHAT_MESSAGES.selfChat)
  })

  it("the seller's page opens the pair's room unpinned from a product asked about before", async () => {
    const guid = await openRoom()
    const pinned = productContext({
      id: randomUUID(),
      slug: 'agras-t50',
      title: 'Агродрон Agras T50',
      priceKopecks: null,
      images: [],
    })
    await database.db.update(chatRooms).set({ context: pinned }).where(eq(chatRooms.id, guid))
    // Opened by the organization's id (the vendor's side, a deal's page): the card stays.
    const kept = await api('POST', '/chat/rooms', buyer.cookie, { organizationId: vendor.id })
    expect(kept.json().data.context).not.toBeNull()
    const fromPage = await api('POST', '/chat/rooms', buyer.cookie, { sellerSlug: vendor.slug })
    expect(fromPage.json().data).toMatchObject({ guid, context: null })
  })

  it('opens a new conversation only with a confirmed seller or a party the organization already deals with', async () => {
    const db = database.db
    const notSeller = await createTestVendor(db, { name: 'Не продавец', slug: 'not-seller-chat', vendorStatus: null })
    const pending = await createTestVendor(db, {
      name: 'На проверке',
      slug: 'pending-chat',
      vendorStatus: 'moderation',
    })
    for (const target of [notSeller, pending]) {
      const refused = await api('POST', '/chat/rooms', buyer.cookie, { organizationId: target.id })
      expect(refused.statusCode, target.name).toBe(404)
      expect(refused.json().error.message).toBe(CHAT_MESSAGES.sellerNotFound)
    }
    // A vendor may not write first to any buyer of the register either…
    const cold = await api('POST', '/chat/rooms', seller.cookie, { organizationId: notSeller.id })
    expect(cold.statusCode).toBe(404)
    // …but may to one whose service request it answered: a room between the two exists.
    await db.insert(chatRooms).values({
      type: 'request',
      sideA: notSeller.id,
      sideB: vendor.id,
      requestId: randomUUID(),
      requestTitle: 'Заявка',
      openedBy: vendor.id,
    })
    const dealing = await api('POST', '/chat/rooms', seller.cookie, { organizationId: notSeller.id })
    expect(dealing.statusCode).toBe(201)
    expect(dealing.json().data).toMatchObject({ type: 'direct', name: notSeller.name })
  })

  it('pages through rooms whose last messages came at the same moment without skipping or repeating one', async () => {
    const db = database.db
    const org = await createTestVendor(db, { name: 'Много переписок', slug: 'many-rooms-chat', vendorStatus: null })
    await db.insert(organizationRoles).values({ organizationId: org.id, type: 'buyer', status: 'confirmed' })
    const member = await createMember(db, org.id)
    const total = CHAT_LIMITS.roomsPageSize + 15
    // Two moments a few microseconds apart: a cursor of milliseconds cannot tell them apart.
    const rooms = Array.from({ length: total }, (_, i) => ({
      type: 'direct' as const,
      sideA: org.id,
      sideB: randomUUID(),
      openedBy: org.id,
      lastMessageAt: sql`${i % 2 ? '2026-03-01 12:00:00.123456+00' : '2026-03-01 12:00:00.123789+00'}::timestamptz`,
    }))
    const inserted = await db.insert(chatRooms).values(rooms).returning({ id: chatRooms.id })
    const seen: string[] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 5; pages++) {
      const url: string = cursor ? `/chat/rooms?before=${cursor}` : '/chat/rooms'
      const page = (await api('GET', url, member.cookie)).json().data
      seen.push(...page.items.map((r: { guid: string }) => r.guid))
      cursor = page.nextCursor
      if (!cursor) break
    }
    expect(seen).toHaveLength(total)
    expect(new Set(seen)).toEqual(new Set(inserted.map((r) => r.id)))
    // A cursor that is no room of the caller's ends the list instead of telling anything.
    const foreign = (await api('GET', `/chat/rooms?before=${randomUUID()}`, member.cookie)).json().data
    expect(foreign).toEqual({ items: [], nextCursor: null })
  })

  it('is only for signed-in users of confirmed organizations', async () => {
    expect((await api('GET', '/chat/rooms')).statusCode).toBe(401)
    const refused = await api('GET', '/chat/rooms', unconfirmed.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe(CHAT_MESSAGES.notConfirmed)
    expect((await api('POST', '/chat/token', unconfirmed.cookie)).statusCode).toBe(403)
    const token = await api('POST', '/chat/token', buyer.cookie)
    expect(token.statusCode).toBe(200)
    const [, payload] = (token.json().token as string).split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    expect(claims.sub).toBe(buyer.id)
    expect(claims.exp * 1000).toBeGreaterThan(Date.now())
    expect(claims.exp * 1000).toBeLessThan(Date.now() + 60 * 60_000)
  })

  it('sends idempotently by the client id and counts unread messages for the other side only', async () => {
    const guid = await openRoom()
    const clientId = randomUUID()
    const startVendor = await unread(seller.cookie)
    const sent = await send(buyer.cookie, guid, { clientId, content: '  Есть ли в наличии?\r\nНужно 3 шт.  ' })
    expect(sent.statusCode).toBe(201)
    expect(sent.json().data).toMatchObject({
      content: 'Есть ли в наличии?\nНужно 3 шт.',
      isOwn: true,
      state: 'sent',
      isSystem: false,
      canChange: true,
      roomGuid: guid,
      roomName: vendor.name,
    })
    // A retry after a dropped connection returns the same message, and stores no second one.
    const retry = await send(buyer.cookie, guid, { clientId, content: 'Есть ли в наличии?' })
    expect(retry.statusCode).toBe(200)
    expect(retry.json().data.id).toBe(sent.json().data.id)
    const stored = await database.db.select().from(chatMessages).where(eq(chatMessages.clientId, clientId))
    expect(stored).toHaveLength(1)

    // Unread for both members of the vendor, not for the buyer who wrote it.
    expect(await unread(seller.cookie)).toBe(startVendor + 1)
    expect(await unread(sellerColleague.cookie)).toBeGreaterThanOrEqual(1)
    expect(await unread(buyer.cookie)).toBe(0)
    const rooms = (await api('GET', '/chat/rooms', seller.cookie)).json().data
    expect(rooms.items.find((r: { guid: string }) => r.guid === guid)).toMatchObject({
      name: buyerOrg.name,
      unreadCount: 1,
      lastMessage: { content: 'Есть ли в наличии?\nНужно 3 шт.', isSystem: false, hasFiles: false },
    })

    // Reading marks it read for that user, and the buyer sees «прочитано».
    const read = await api('POST', `/chat/rooms/${guid}/read`, seller.cookie)
    expect(read.json().data.unreadCount).toBe(startVendor)
    expect(await unread(sellerColleague.cookie)).toBeGreaterThanOrEqual(1)
    const page = (await api('GET', `/chat/rooms/${guid}/messages`, buyer.cookie)).json().data
    expect(page.items.at(-1)).toMatchObject({ id: sent.json().data.id, state: 'read' })
    // The vendor sees it as the buyer's, with no read state of its own.
    const theirs = (await api('GET', `/chat/rooms/${guid}/messages`, seller.cookie)).json().data.items.at(-1)
    expect(theirs).toMatchObject({ isOwn: false, state: null, canChange: false, author: { name: 'Вера Покупатель' } })
  })

  it('refuses empty, oversized and malformed messages with Russian messages', async () => {
    const guid = await openRoom()
    const empty = await send(buyer.cookie, guid, { clientId: randomUUID(), content: '   ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.message).toBe(CHAT_MESSAGES.empty)
    const long = await send(buyer.cookie, guid, {
      clientId: randomUUID(),
      content: 'я'.repeat(CHAT_LIMITS.maxContent + 1),
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().error.fields.content).toBe(CHAT_MESSAGES.tooLong)
    const nul = await send(buyer.cookie, guid, { clientId: randomUUID(), content: 'a\u0000b' })
    expect(nul.statusCode).toBe(400)
    const noId = await send(buyer.cookie, guid, { content: 'Привет' })
    expect(noId.statusCode).toBe(400)
    const tooMany = await send(buyer.cookie, guid, {
      clientId: randomUUID(),
      content: 'x',
      fileIds: Array.from({ length: CHAT_LIMITS.maxFiles + 1 }, () => randomUUID()),
    })
    expect(tooMany.statusCode).toBe(400)
    const foreignFile = await send(buyer.cookie, guid, { clientId: randomUUID(), fileIds: [randomUUID()] })
    expect(foreignFile.statusCode).toBe(400)
    expect(foreignFile.json().error.message).toBe(CHAT_MESSAGES.fileNotAttachable)
  })

  it('shows a room, its messages and its files to members only; everyone else gets the same 404', async () => {
    const guid = await openRoom()
    const upload = await uploadTestFile(app, buyer.cookie, { name: 'Запрос КП.pdf', purpose: 'chat' })
    expect(upload.statusCode).toBe(201)
    const fileId = upload.json().data.id as string
    const sent = await send(buyer.cookie, guid, { clientId: randomUUID(), content: '', fileIds: [fileId] })
    expect(sent.statusCode).toBe(201)
    expect(sent.json().data.files).toEqual([
      { id: fileId, name: 'Запрос КП.pdf', mimeType: 'application/pdf', size: PDF.length, isImage: false },
    ])
    // The vendor, a member of the room but not of the uploader's organization, downloads it.
    const download = await api('GET', `/chat/rooms/${guid}/files/${fileId}`, seller.cookie)
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(PDF)).toBe(true)
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox")

    for (const [method, url] of [
      ['GET', `/chat/rooms/${guid}`],
      ['GET', `/chat/rooms/${guid}/messages`],
      ['GET', `/chat/rooms/${guid}/files/${fileId}`],
      ['POST', `/chat/rooms/${guid}/read`],
    ] as const) {
      const res = await api(method, url, stranger.cookie)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json().error.message).toBe(CHAT_MESSAGES.roomNotFound)
    }
    const foreignSend = await send(stranger.cookie, guid, { clientId: randomUUID(), content: 'Привет' })
    expect(foreignSend.statusCode).toBe(404)
    expect((await api('GET', '/chat/rooms/not-a-guid', buyer.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/chat/rooms/${randomUUID()}`, buyer.cookie)).statusCode).toBe(404)
    const list = (await api('GET', '/chat/rooms', stranger.cookie)).json().data.items
    expect(list.map((r: { guid: string }) => r.guid)).not.toContain(guid)
    // Someone else's message can neither be edited nor reported from outside.
    const messageId = sent.json().data.id
    expect((await api('PATCH', `/chat/messages/${messageId}`, stranger.cookie, { content: 'x' })).statusCode).toBe(404)
  })

  it('pages history oldest first upward and edits or deletes own messages only', async () => {
    const guid = await openRoom()
    const ctx = systemCtx(database.db, { requestId: 'test' })
    for (let i = 1; i <= CHAT_LIMITS.pageSize + 3; i++)
      await app.modules.chat.postSystemMessage(ctx, guid, `Сообщение ${i}`)
    for (const i of [34, 35]) {
      expect((await send(seller.cookie, guid, { clientId: randomUUID(), content: `Сообщение ${i}` })).statusCode).toBe(
        201,
      )
    }
    const newest = (await api('GET', `/chat/rooms/${guid}/messages`, buyer.cookie)).json().data
    expect(newest.hasMore).toBe(true)
    expect(newest.items).toHaveLength(CHAT_LIMITS.pageSize)
    expect(newest.items.at(-1).content).toBe(`Сообщение ${CHAT_LIMITS.pageSize + 5}`)
    const older = (await api('GET', `/chat/rooms/${guid}/messages?before=${newest.items[0].id}`, buyer.cookie)).json()
      .data
    const all = [...older.items, ...newest.items].map((m: { content: string }) => m.content)
    const numbered = all.filter((c) => c.startsWith('Сообщение '))
    expect(numbered.slice(-3)).toEqual(['Сообщение 33', 'Сообщение 34', 'Сообщение 35'])
    expect(older.items.at(-1).id).not.toBe(newest.items[0].id)

    const last = newest.items.at(-1)
    expect((await api('PATCH', `/chat/messages/${last.id}`, buyer.cookie, { content: 'Чужое' })).statusCode).toBe(403)
    expect((await api('PATCH', `/chat/messages/${last.id}`, sellerColleague.cookie, { content: 'x' })).statusCode).toBe(
      403,
    )
    const edited = await api('PATCH', `/chat/messages/${last.id}`, seller.cookie, { content: 'Исправлено' })
    expect(edited.json().data).toMatchObject({ content: 'Исправлено', editedAt: expect.any(String) })
    const deleted = await api('DELETE', `/chat/messages/${last.id}`, seller.cookie)
    expect(deleted.json().data).toMatchObject({
      content: '',
      files: [],
      deletedAt: expect.any(String),
      canChange: false,
    })
    expect((await api('GET', `/chat/rooms/${guid}/messages`, buyer.cookie)).json().data.items.at(-1).content).toBe('')

    // Past the window, a message stays as it was.
    await database.db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - (CHAT_LIMITS.editWindowMinutes + 1) * 60_000) })
      .where(eq(chatMessages.id, newest.items.at(-2).id))
    const late = await api('PATCH', `/chat/messages/${newest.items.at(-2).id}`, seller.cookie, { content: 'Поздно' })
    expect(late.statusCode).toBe(409)
    expect(late.json().error.message).toBe(CHAT_MESSAGES.editWindowPassed)
  })

  it('writes concurrent sends as one group, each answered as if it had gone alone', async () => {
    const { chat } = app.services
    const guid = await openRoom()
    const other = await createTestVendor(database.db, { name: 'Блокирующие', slug: 'blokiruyushchie-chat' })
    const otherSeller = await createMember(database.db, other.id, 'owner')
    const blockedGuid = (await api('POST', '/chat/rooms', buyer.cookie, { organizationId: other.id })).json().data
      .guid as string
    expect((await api('PUT', `/chat/blocks/${buyerOrg.id}`, otherSeller.cookie)).statusCode).toBe(204)
    const [asBuyer, asSeller, asStranger] = await Promise.all(
      [
        buyer.id,
        seller.id,
        (
          await createMember(
            database.db,
            (await createTestVendor(database.db, { name: 'Посторонние', slug: 'postoronnie-chat' })).id,
          )
        ).id,
      ].map((id) => ctxForUser(database.db, id)),
    )
    const startColleague = await unread(sellerColleague.cookie)
    const firstId = randomUUID()
    const twiceId = randomUUID()
    // The first goes alone; the rest arrive while it is written and go as the next group.
    const before = database.statements.count
    const sends = [
      chat.send(asBuyer!, guid, { clientId: firstId, content: 'Первое' }),
      chat.send(asBuyer!, guid, { clientId: twiceId, content: 'Второе' }),
      chat.send(asSeller!, guid, { clientId: randomUUID(), content: 'Ответ продавца' }),
      chat.send(asBuyer!, guid, { clientId: twiceId, content: 'Второе' }),
      chat.send(asStranger!, guid, { clientId: randomUUID(), content: 'Чужое' }),
      chat.send(asBuyer!, blockedGuid, { clientId: randomUUID(), content: 'Заблокировано' }),
      chat.send(asBuyer!, guid, { clientId: randomUUID(), content: '' }),
      chat.send(asBuyer!, guid, { clientId: firstId, content: 'Первое' }),
    ]
    const [first, second, answer, again, stranger, blocked, empty, retry] = await Promise.allSettled(sends)
    // Two groups of about nine statements, and the two retries' views (alone, a send costs eight or more).
    expect(database.statements.count - before).toBeLessThanOrEqual(24)
    const value = (s: PromiseSettledResult<{ message: { id: string }; created: boolean }> | undefined) =>
      s?.status === 'fulfilled' ? s.value : null
    const reason = (s: PromiseSettledResult<unknown> | undefined) =>
      s?.status === 'rejected' ? (s.reason as Error).message : null
    expect(value(first)?.created).toBe(true)
    expect(value(second)).toMatchObject({ created: true, message: { content: 'Второе', isOwn: true } })
    expect(value(answer)).toMatchObject({
      created: true,
      message: { content: 'Ответ продавца', roomName: buyerOrg.name },
    })
    expect(value(again)).toMatchObject({ created: false, message: { id: value(second)!.message.id } })
    expect(value(retry)).toMatchObject({ created: false, message: { id: value(first)!.message.id } })
    expect(reason(stranger)).toBe(CHAT_MESSAGES.roomNotFound)
    expect(reason(blocked)).toBe(CHAT_MESSAGES.blockedByThem)
    expect(reason(empty)).toBe(CHAT_MESSAGES.empty)
    // Numbered in the order they came, one row per client id.
    const stored = await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, guid))
    const seqOf = (content: string) => stored.find((m) => m.content === content)!.seq
    expect([seqOf('Второе') - seqOf('Первое'), seqOf('Ответ продавца') - seqOf('Второе')]).toEqual([1, 1])
    expect(stored.filter((m) => m.clientId === twiceId)).toHaveLength(1)
    // One statement wrote the group: its messages share the transaction's moment.
    const at = (content: string) => stored.find((m) => m.content === content)!.createdAt.getTime()
    expect(at('Ответ продавца')).toBe(at('Второе'))
    // The buyer's two are news to the seller's side; its own answer is not.
    expect(await unread(sellerColleague.cookie)).toBe(startColleague + 2)
  })

  it('limits how fast one person sends', async () => {
    const guid = await openRoom()
    const codes: number[] = []
    for (let i = 0; i < 31; i++) {
      codes.push((await send(sellerColleague.cookie, guid, { clientId: randomUUID(), content: `№${i}` })).statusCode)
    }
    expect(codes.slice(0, 30).every((c) => c === 201)).toBe(true)
    expect(codes[30]).toBe(429)
  })

  it('lets an organization block another and members report messages to staff', async () => {
    const guid = await openRoom()
    const rude = await send(seller.cookie, guid, { clientId: randomUUID(), content: 'Грубость' })
    const report = await api('POST', `/chat/messages/${rude.json().data.id}/report`, buyer.cookie, {
      reason: 'Оскорбление',
    })
    expect(report.statusCode).toBe(201)
    // Reporting one's own side's message makes no sense.
    expect(
      (await api('POST', `/chat/messages/${rude.json().data.id}/report`, seller.cookie, { reason: 'x' })).statusCode,
    ).toBe(400)
    expect((await api('GET', '/staff/chat/reports', buyer.cookie)).statusCode).toBe(403)
    const reports = (await api('GET', '/staff/chat/reports', staff.cookie)).json().data.items
    const mine = reports.find((r: { id: string }) => r.id === report.json().data.id)
    expect(mine).toMatchObject({
      reason: 'Оскорбление',
      status: 'open',
      message: { content: 'Грубость', author: { name: 'Анна Продавец' } },
      reporter: { name: 'Вера Покупатель' },
    })
    expect((await api('POST', `/staff/chat/reports/${mine.id}/resolve`, staff.cookie)).statusCode).toBe(204)
    const resolved = (await api('GET', '/staff/chat/reports?status=resolved', staff.cookie)).json().data.items
    expect(resolved.map((r: { id: string }) => r.id)).toContain(mine.id)

    expect((await api('PUT', `/chat/blocks/${vendor.id}`, buyer.cookie)).statusCode).toBe(204)
    expect((await api('GET', `/chat/rooms/${guid}`, buyer.cookie)).json().data.blocked).toBe('us')
    expect((await api('GET', `/chat/rooms/${guid}`, seller.cookie)).json().data.blocked).toBe('them')
    const refused = await send(seller.cookie, guid, { clientId: randomUUID(), content: 'Ещё' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe(CHAT_MESSAGES.blockedByThem)
    expect((await send(buyer.cookie, guid, { clientId: randomUUID(), content: 'Ещё' })).json().error.message).toBe(
      CHAT_MESSAGES.blockedByUs,
    )
    expect((await api('DELETE', `/chat/blocks/${vendor.id}`, buyer.cookie)).statusCode).toBe(204)
    expect((await send(seller.cookie, guid, { clientId: randomUUID(), content: 'Ещё' })).statusCode).toBe(201)
  })

  it('opens request rooms for the services exchange and posts system messages unread by both sides', async () => {
    const ctx = systemCtx(database.db, { requestId: 'test' })
    const input = {
      requestId: randomUUID(),
      title: 'Аэрофотосъёмка 300 га',
      customerOrganizationId: buyerOrg.id,
      vendorOrganizationId: vendor.id,
    }
    const room = await app.modules.chat.openRequestRoom(ctx, input)
    expect(room.created).toBe(true)
    expect(await app.modules.chat.openRequestRoom(ctx, input)).toEqual({ guid: room.guid, created: false })
    const before = { buyer: await unread(buyer.cookie), seller: await unread(seller.cookie) }
    await app.modules.chat.postSystemMessage(ctx, room.guid, 'Заказ подтверждён')
    expect(await unread(buyer.cookie)).toBe(before.buyer + 1)
    expect(await unread(seller.cookie)).toBe(before.seller + 1)
    const shown = (await api('GET', `/chat/rooms/${room.guid}`, buyer.cookie)).json().data
    expect(shown).toMatchObject({ type: 'request', name: 'Аэрофотосъёмка 300 га', lastMessage: { isSystem: true } })
    const message = (await api('GET', `/chat/rooms/${room.guid}/messages`, seller.cookie)).json().data.items[0]
    expect(message).toMatchObject({ isSystem: true, author: null, content: 'Заказ подтверждён', canChange: false })
  })

  it('e-mails a digest of unread messages to someone who stays away, and stops after unsubscribing', async () => {
    const { chat } = app.services
    const ctx = systemCtx(database.db, { requestId: 'test' })
    const away = await createMember(database.db, buyerOrg.id, 'member', 'Галина Отпуск')
    const guid = await openRoom()
    await send(seller.cookie, guid, { clientId: randomUUID(), content: 'Счёт выставлен' })
    // The message scheduled a look at each of the buyer's members, once per period.
    await send(seller.cookie, guid, { clientId: randomUUID(), content: 'И акт' })
    const looks = await database.db.select().from(jobs).where(eq(jobs.kind, DIGEST_JOB))
    expect(looks.filter((j) => (j.payload as { userId: string }).userId === away.id)).toHaveLength(1)
    expect(looks.find((j) => (j.payload as { userId: string }).userId === away.id)!.runAt.getTime()).toBeGreaterThan(
      Date.now() + 30 * 60_000,
    )
    const result = await chat.digests.sendDigest(ctx, away.id)
    expect(result).toMatchObject({ sent: true })
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, away.email))
    expect(mail!.subject).toMatch(/непрочитанн/)
    expect(mail!.text).toContain(`/chat?roomId=${guid}`)
    const token = /chat\/unsubscribe\?token=([\w-]+)/.exec(mail!.text)![1]!
    // Not twice within the period.
    expect(await chat.digests.sendDigest(ctx, away.id)).toMatchObject({ sent: false, reason: 'recent' })
    expect((await api('POST', '/chat/digest/unsubscribe', undefined, { token })).statusCode).toBe(204)
    expect((await api('POST', '/chat/digest/unsubscribe', undefined, { token: 'x'.repeat(36) })).statusCode).toBe(404)
    // A control character is a bad link, not a database error.
    const nul = await api('POST', '/chat/digest/unsubscribe', undefined, { token: `    \u0000     ` })
    expect(nul.statusCode).toBe(400)
    expect(await chat.digests.sendDigest(ctx, away.id)).toMatchObject({ sent: false, reason: 'unsubscribed' })
    // Someone who opened the chat recently gets none.
    await api('GET', '/chat/rooms', buyer.cookie)
    expect(await chat.digests.sendDigest(ctx, buyer.id)).toMatchObject({ sent: false })
  })
})
