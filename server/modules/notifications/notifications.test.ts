import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MemberRole } from '#common/organizations.ts'
import { loadConfig } from '../../config.ts'
import { ctxForUser, systemCtx } from '../../context.ts'
import type { Database, Db } from '../../db/client.ts'
import { createServices, type ServiceRegistry } from '../../services.ts'
import { createTestUser } from '../../testing/auth.ts'
import { BACKENDS, openTestDatabase } from '../../testing/database.ts'
import { linkToken } from '../../testing/mail.ts'
import { chatMessages } from '../chat/chat.table.ts'
import { unreadByRoom } from '../chat/chat.view.ts'
import { users } from '../identity/identity.table.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { organizationMembers } from '../organizations/organizations.table.ts'
import { createTestVendor } from '../organizations/vendors.testing.ts'
import type { DomainEvent } from './events.ts'

const PUBLIC_URL = 'https://bas.example'
const TOKEN = 'Zm9yLXRlc3RzLW9ubHktYS1yYW5kb20tbG9va2luZy10b2tlbg'

const ctxOf = (db: Db) => systemCtx(db, { requestId: 'test' })

const outboxTo = (db: Db, to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to))

/** Stands for any write of the module that emits: the rollback test makes it fail afterwards. */
class WriteFailed extends Error {}

/** An organization with members of the given roles, each a user whose selected organization it is. */
async function organizationWith(db: Db, name: string, roles: MemberRole[]) {
  const org = await createTestVendor(db, { name, slug: `notices-${randomUUID().slice(0, 8)}` })
  const members = []
  for (const [i, role] of roles.entries()) {
    const user = await createTestUser(db, {
      name: `${name} ${i + 1}`,
      email: `${randomUUID().slice(0, 8)}@example.test`,
    })
    await db.insert(organizationMembers).values({ organizationId: org.id, userId: user.id, role })
    await db.update(users).set({ selectedOrganizationId: org.id }).where(eq(users.id, user.id))
    members.push({ ...user, role, name: `${name} ${i + 1}` })
  }
  return { ...org, ref: { id: org.id, name }, members }
}

describe.each(BACKENDS)('notifications on %s', (backend) => {
  let database: Database
  let services: ServiceRegistry
  let notifications: ServiceRegistry['notifications']

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    // The whole registry: the module finds the members and the conversations in the others.
    services = createServices({
      config: loadConfig({ MAIL_DIR: '', PUBLIC_URL, JOB_WORKERS: '0' }),
      database,
      log: () => {},
    })
    notifications = services.notifications
  })
  afterAll(async () => {
    await services?.close()
    await database?.close()
  })

  it("writes the event's e-mail into the outbox inside the caller's transaction", async () => {
    const event: DomainEvent = {
      type: 'identity.password_reset_requested',
      user: { id: crypto.randomUUID(), name: 'Анна Смирнова', email: 'reset@example.test' },
      token: TOKEN,
    }
    await database.db.transaction(async (tx) => {
      await notifications.emit(ctxOf(tx), event)
      // Written through the transaction: visible inside it before the commit.
      const [inside] = await outboxTo(tx, 'reset@example.test')
      expect(inside).toMatchObject({ kind: 'password_reset', subject: 'Смена пароля в БАС Маркет' })
    })
    const rows = await outboxTo(database.db, 'reset@example.test')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.text).toContain('Здравствуйте, Анна Смирнова!')
    expect(rows[0]!.text).toContain(`${PUBLIC_URL}/?resetToken=${TOKEN}`)
    expect(linkToken(rows[0]!.text, 'resetToken')).toBe(TOKEN)
  })

  it('leaves no e-mail behind when the transaction rolls back', async () => {
    const event: DomainEvent = {
      type: 'organizations.invitation_created',
      organization: { id: crypto.randomUUID(), name: 'АэроТех' },
      email: 'invitee@example.test',
      role: 'member',
      invitedBy: { id: crypto.randomUUID(), name: 'Иван Петров' },
      token: TOKEN,
    }
    await expect(
      database.db.transaction(async (tx) => {
        await notifications.emit(ctxOf(tx), event)
        expect(await outboxTo(tx, 'invitee@example.test')).toHaveLength(1)
        throw new WriteFailed()
      }),
    ).rejects.toBeInstanceOf(WriteFailed)
    expect(await outboxTo(database.db, 'invitee@example.test')).toEqual([])
  })

  it('tells every owner of the organization, one outbox row each, and no other member', async () => {
    const org = await organizationWith(database.db, 'АэроТех', ['owner', 'owner', 'admin', 'member'])
    await notifications.emit(ctxOf(database.db), {
      type: 'verification.fixes_requested',
      organization: org.ref,
      roleId: crypto.randomUUID(),
      role: 'vendor',
      comment: 'Приложите выписку из ЕГРЮЛ',
    })
    const [admin, member] = org.members.slice(2)
    expect(await outboxTo(database.db, admin!.email)).toEqual([])
    expect(await outboxTo(database.db, member!.email)).toEqual([])
    for (const owner of org.members.filter((m) => m.role === 'owner')) {
      const [row, ...more] = await outboxTo(database.db, owner.email)
      expect(more).toEqual([])
      expect(row).toMatchObject({
        kind: 'organization_role_need_fixes',
        subject: 'Заявку на роль «Поставщик» нужно доработать — АэроТех',
      })
      expect(row!.text).toContain(`Здравствуйте, ${owner.name}!`)
      expect(row!.text).toContain('Комментарий модератора: Приложите выписку из ЕГРЮЛ')
      expect(row!.text).toContain(`${PUBLIC_URL}/personal-account/company`)
    }
  })

  it('sends the new address its link, or a notice without one when another account owns it', async () => {
    const user = { id: crypto.randomUUID(), name: 'Анна Смирнова', email: 'old@example.test' }
    const change = { user, token: TOKEN, cancelToken: `${TOKEN}x` }
    await notifications.emit(ctxOf(database.db), {
      type: 'identity.email_change_requested',
      ...change,
      newEmail: 'free@example.test',
      newEmailTaken: false,
    })
    await notifications.emit(ctxOf(database.db), {
      type: 'identity.email_change_requested',
      ...change,
      newEmail: 'taken@example.test',
      newEmailTaken: true,
    })
    const [free] = await outboxTo(database.db, 'free@example.test')
    expect(free!.kind).toBe('email_change_confirm')
    expect(linkToken(free!.text, 'confirmEmail')).toBe(TOKEN)
    const [taken] = await outboxTo(database.db, 'taken@example.test')
    expect(taken!.kind).toBe('email_change_taken')
    expect(taken!.text).not.toContain(TOKEN)
    // The current address hears of both requests, each with the link that cancels it.
    const notices = await outboxTo(database.db, user.email)
    expect(notices.map((n) => n.kind)).toEqual(['email_change_requested', 'email_change_requested'])
    for (const notice of notices) expect(linkToken(notice.text, 'cancelEmailChange')).toBe(`${TOKEN}x`)
  })

  it("tells an order's move to the other side by e-mail and to both in its conversation, the mover's words after the note", async () => {
    const buyer = await organizationWith(database.db, 'Агрохолдинг Рассвет', ['owner', 'member'])
    const seller = await organizationWith(database.db, 'АэроСнаб', ['owner'])
    const system = ctxOf(database.db)
    const { guid: room } = await services.chat.openRequestRoom(system, {
      requestId: randomUUID(),
      title: 'Заказ № 2026-000777',
      customerOrganizationId: buyer.id,
      vendorOrganizationId: seller.id,
    })
    const sellerOwner = seller.members[0]!
    const asSeller = await ctxForUser(database.db, sellerOwner.id)
    await database.db.transaction(async (tx) => {
      await notifications.emit(
        { ...asSeller, db: tx },
        {
          type: 'orders.status_changed',
          order: { number: '2026-000777', status: 'cancelled', totalKopecks: 12_500_000 },
          buyer: buyer.ref,
          seller: seller.ref,
          by: 'seller',
          comment: 'Партия задержана на таможне',
          room,
        },
      )
    })
    notifications.afterCommit()

    // Each member of the buyer gets the news, addressed to the buyer's side; the seller hears nothing.
    for (const member of buyer.members) {
      const [mail, ...more] = await outboxTo(database.db, member.email)
      expect(more).toEqual([])
      expect(mail).toMatchObject({ kind: 'order_cancelled', subject: 'Заказ отменён: № 2026-000777' })
      expect(mail!.text).toContain('Продавец «АэроСнаб» отменил заказ.')
      expect(mail!.text).toContain('Причина: Партия задержана на таможне')
      expect(mail!.text).toContain(`${PUBLIC_URL}/personal-account/order/purchase/2026-000777`)
    }
    expect(await outboxTo(database.db, sellerOwner.email)).toEqual([])

    // The conversation: the platform's note, then the reason under the seller's name.
    const messages = await database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.roomId, room))
      .orderBy(asc(chatMessages.seq))
    expect(messages.map((m) => [m.isSystem, m.content])).toEqual([
      [true, 'Продавец: заказ № 2026-000777 — «Отменён». Причина — в следующем сообщении.'],
      [false, 'Партия задержана на таможне'],
    ])
    expect(messages[1]).toMatchObject({ authorUserId: sellerOwner.id, authorOrganizationId: seller.id })
    // The mover's own move is not news to its organization; the other side has both unread.
    expect(await unreadByRoom(database.db, sellerOwner.id, [seller.id], [room])).toEqual(new Map())
    expect((await unreadByRoom(database.db, buyer.members[0]!.id, [buyer.id], [room])).get(room)).toBe(2)
  })

  it('tells several events at once in the statements of one: every e-mail to its own side, every note in its room, in turn', async () => {
    const buyer = await organizationWith(database.db, 'Лесхоз', ['owner'])
    const sellers = [
      await organizationWith(database.db, 'Первый Поставщик', ['owner', 'member']),
      await organizationWith(database.db, 'Второй Поставщик', ['owner']),
    ]
    const system = ctxOf(database.db)
    const rooms = await services.chat.openRequestRooms(
      system,
      sellers.map((seller, i) => ({
        requestId: randomUUID(),
        title: `Заказ № 2611-0090${i}`,
        customerOrganizationId: buyer.id,
        vendorOrganizationId: seller.id,
      })),
    )
    const asBuyer = await ctxForUser(database.db, buyer.members[0]!.id)
    const event = (i: number, status: 'created' | 'cancelled', comment: string | null): DomainEvent => ({
      type: 'orders.status_changed',
      order: { number: `2611-0090${i}`, status, totalKopecks: 1_000_00 * (i + 1) },
      buyer: buyer.ref,
      seller: sellers[i]!.ref,
      by: 'buyer',
      comment,
      room: rooms[i]!.guid,
    })
    const statementsOf = async (...events: DomainEvent[]) => {
      const before = database.statements.count
      await database.db.transaction((tx) => notifications.emit({ ...asBuyer, db: tx }, ...events))
      return database.statements.count - before
    }
    const alone = await statementsOf(event(1, 'created', null))
    // The first room hears twice at once: its order placed, then cancelled with the buyer's reason.
    const together = await statementsOf(event(0, 'created', null), event(0, 'cancelled', 'Нашли дешевле'))
    // The people, their e-mails, the rooms, the messages and the publication: one statement each.
    expect(together).toBe(alone)

    const [first, second] = sellers
    const subjects = async (email: string) => (await outboxTo(database.db, email)).map((m) => m.subject).sort()
    for (const member of first!.members)
      expect(await subjects(member.email)).toEqual(['Заказ отменён: № 2611-00900', 'Новый заказ: № 2611-00900'])
    expect(await subjects(second!.members[0]!.email)).toEqual(['Новый заказ: № 2611-00901'])
    expect(await outboxTo(database.db, buyer.members[0]!.email)).toEqual([])

    const inRoom = async (room: string) =>
      (
        await database.db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.roomId, room))
          .orderBy(asc(chatMessages.seq))
      ).map((m) => [m.seq, m.isSystem, m.content])
    expect(await inRoom(rooms[0]!.guid)).toEqual([
      [1, true, expect.stringContaining('Оформлен заказ № 2611-00900')],
      [2, true, expect.stringContaining('«Отменён». Причина — в следующем сообщении.')],
      [3, false, 'Нашли дешевле'],
    ])
    expect(await inRoom(rooms[1]!.guid)).toEqual([[1, true, expect.stringContaining('Оформлен заказ № 2611-00901')]])
    // The buyer's reason is read by its author; the seller's side has all three unread.
    expect(await unreadByRoom(database.db, buyer.members[0]!.id, [buyer.id], [rooms[0]!.guid])).toEqual(new Map())
    expect(
      (await unreadByRoom(database.db, first!.members[0]!.id, [first!.id], [rooms[0]!.guid])).get(rooms[0]!.guid),
    ).toBe(3)
  })

  it("a request's news reaches a member of two addressed vendors once", async () => {
    const first = await organizationWith(database.db, 'Первый Подрядчик', ['owner'])
    const second = await organizationWith(database.db, 'Второй Подрядчик', ['owner'])
    const both = first.members[0]!
    await database.db.insert(organizationMembers).values({ organizationId: second.id, userId: both.id, role: 'member' })
    await notifications.emit(ctxOf(database.db), {
      type: 'exchange.request_published',
      request: {
        number: '2026-000123',
        title: 'Аэрофотосъёмка карьера',
        type: 'aerial-survey',
        region: null,
        budgetKopecks: null,
        startsOn: null,
        proposalsDeadline: null,
      },
      customer: { id: randomUUID(), name: 'Горнорудная компания' },
      invited: false,
      vendors: [first.id, second.id],
    })
    expect(await outboxTo(database.db, both.email)).toHaveLength(1)
    expect(await outboxTo(database.db, second.members[0]!.email)).toHaveLength(1)
  })
})
