import { inArray } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { createJobsService } from '../../jobs/jobs.service.ts'
import { BACKENDS, openTestDatabase } from '../../testing/database.ts'
import { createMailService, type OutgoingEmail } from './mail.service.ts'
import { emailOutbox } from './mail.table.ts'

const quiet = () => {}

/**
 * A nodemailer transport that takes each message as an SMTP server would, or refuses those to
 * the addresses in `refused`, as a server answering 550 does.
 */
function recordingTransport() {
  const delivered: string[] = []
  const files: { to: string; filename: string; content: string }[] = []
  const refused = new Set<string>()
  const transport = createTransport({
    name: 'recording',
    version: '1',
    send(mail, callback) {
      const to = String(mail.data.to)
      if (refused.has(to)) return callback(new Error(`550 mailbox unavailable: ${to}`), undefined)
      delivered.push(to)
      for (const file of mail.data.attachments ?? []) {
        files.push({ to, filename: String(file.filename), content: String(file.content) })
      }
      callback(null, { envelope: mail.message.getEnvelope(), messageId: `<${delivered.length}@test>` })
    },
  })
  return { transport, delivered, refused, files }
}

const email = (to: string): OutgoingEmail => ({ to, subject: 'Заказ оформлен', text: 'Текст письма', kind: 'test' })

describe.each(BACKENDS)('mail delivery on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(() => database?.close())

  function setUp() {
    const jobs = createJobsService({ db: database.db, log: quiet, workers: 0, baseBackoffMs: 0 })
    const smtp = recordingTransport()
    const mail = createMailService({ transport: smtp.transport, from: 'market@example.com', log: quiet, jobs })
    return { jobs, mail, ...smtp }
  }

  const outbox = (addresses: string[]) =>
    database.db.select().from(emailOutbox).where(inArray(emailOutbox.to, addresses))

  it('sends nothing for writes that roll back, and what committed once, after the commit', async () => {
    const { jobs, mail, delivered } = setUp()
    await expect(
      database.db.transaction(async (tx) => {
        await mail.send(tx, email('rolled-back@example.com'))
        throw new Error('the order was refused')
      }),
    ).rejects.toThrow('the order was refused')

    await database.db.transaction(async (tx) => {
      await mail.send(tx, email('buyer@example.com'), email('seller@example.com'))
      // No SMTP round trip inside the caller's transaction.
      expect(delivered).toEqual([])
    })
    await jobs.runUntilIdle()
    expect(delivered.sort()).toEqual(['buyer@example.com', 'seller@example.com'])
    expect(await outbox(['rolled-back@example.com'])).toEqual([])
    const stored = await outbox(['buyer@example.com', 'seller@example.com'])
    expect(stored.every((row) => row.sentAt !== null && row.error === null)).toBe(true)

    await jobs.runUntilIdle()
    expect(delivered).toHaveLength(2)
  })

  it('keeps a refusal on its message and sends it on a later run, never the others twice', async () => {
    const { jobs, mail, delivered, refused } = setUp()
    refused.add('full-mailbox@example.com')
    await mail.send(database.db, email('full-mailbox@example.com'), email('fine@example.com'))

    expect(await jobs.runOnce()).toBe(true)
    expect(delivered).toEqual(['fine@example.com'])
    const [failed] = await outbox(['full-mailbox@example.com'])
    expect(failed?.sentAt).toBeNull()
    expect(failed?.error).toContain('550 mailbox unavailable')

    refused.clear()
    expect(await jobs.runOnce()).toBe(true)
    expect(delivered).toEqual(['fine@example.com', 'full-mailbox@example.com'])
    const [sent] = await outbox(['full-mailbox@example.com'])
    expect(sent?.sentAt).not.toBeNull()
    expect(sent?.error).toBeNull()
  })

  it('sends a message’s files with it, as they were given', async () => {
    const { jobs, mail, files } = setUp()
    const pdf = Buffer.from('%PDF-1.7 УПД')
    await mail.send(database.db, {
      ...email('accountant@example.com'),
      attachments: [
        { filename: 'upd-17.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
        { filename: 'ON_NSCHFDOPPR_1.xml', contentType: 'application/xml', contentBase64: 'PEZpbGUvPg==' },
      ],
    })
    await jobs.runUntilIdle()
    expect(files).toEqual([
      { to: 'accountant@example.com', filename: 'upd-17.pdf', content: '%PDF-1.7 УПД' },
      { to: 'accountant@example.com', filename: 'ON_NSCHFDOPPR_1.xml', content: '<File/>' },
    ])
  })
})
