import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemCtx } from '../../context.ts'
import type { Database, Db } from '../../db/client.ts'
import { BACKENDS, openTestDatabase } from '../../testing/database.ts'
import { linkToken } from '../../testing/mail.ts'
import { createMailService } from '../mail/mail.service.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import type { DomainEvent } from './events.ts'
import { createNotifications } from './notifications.service.ts'

const PUBLIC_URL = 'https://bas.example'
const TOKEN = 'Zm9yLXRlc3RzLW9ubHktYS1yYW5kb20tbG9va2luZy10b2tlbg'

const ctxOf = (db: Db) => systemCtx(db, { requestId: 'test' })

const outboxTo = (db: Db, to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to))

/** Stands for any write of the module that emits: the rollback test makes it fail afterwards. */
class WriteFailed extends Error {}

describe.each(BACKENDS)('notifications on %s', (backend) => {
  let database: Database
  const notifications = createNotifications({
    mail: createMailService({ from: 'test@bas.example', log: () => {} }),
    publicUrl: PUBLIC_URL,
  })

  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => {
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

  it('tells every owner of the organization, one outbox row each', async () => {
    const owners = [
      { id: crypto.randomUUID(), name: 'Первый Владелец', email: 'owner1@example.test' },
      { id: crypto.randomUUID(), name: 'Второй Владелец', email: 'owner2@example.test' },
    ]
    await notifications.emit(ctxOf(database.db), {
      type: 'verification.fixes_requested',
      organization: { id: crypto.randomUUID(), name: 'АэроТех' },
      roleId: crypto.randomUUID(),
      role: 'vendor',
      comment: 'Приложите выписку из ЕГРЮЛ',
      owners,
    })
    for (const owner of owners) {
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
})
