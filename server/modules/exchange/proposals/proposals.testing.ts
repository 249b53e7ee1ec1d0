import { moscowToday } from '#common/moscow-days.ts'
import type { Db } from '../../../db/client.ts'
import { insertOffer, insertRequest } from '../cabinet/cabinet.testing.ts'
import type { serviceRequests } from '../requests/requests.table.ts'

/**
 * Requests and offers for the proposals' tests, written straight into the tables (the requests
 * service is not needed to answer a request).
 */

type Org = { id: string; name: string; slug?: string }

/** An ISO date `days` from today (Moscow). */
export function daysFromToday(days: number): string {
  const today = new Date(`${moscowToday()}T00:00:00Z`)
  today.setUTCDate(today.getUTCDate() + days)
  return today.toISOString().slice(0, 10)
}

/** An open public request of the customer for agro-spraying in Tatarstan (16), taking proposals a week. */
export function insertOpenRequest(db: Db, customer: Org, overrides: Partial<typeof serviceRequests.$inferInsert> = {}) {
  return insertRequest(db, customer, {
    title: 'Обработать 120 га пшеницы',
    proposalsDeadline: daysFromToday(7),
    startsOn: daysFromToday(10),
    endsOn: daysFromToday(20),
    ...overrides,
  })
}

/** A published agro-spraying offer of the vendor: in Tatarstan, or nationwide. */
export function insertMatchingOffer(db: Db, vendor: Org, opts: { nationwide?: boolean; regions?: string[] } = {}) {
  return insertOffer(db, vendor, {
    published: true,
    status: 'approved',
    regions: opts.regions ?? ['16'],
    nationwide: opts.nationwide ?? false,
  })
}

/** What a vendor's form sends, in the API's shape. */
export function proposalInput(overrides: Record<string, unknown> = {}) {
  return {
    priceKopecks: 180_000_00,
    startsOn: daysFromToday(10),
    endsOn: daysFromToday(14),
    terms: 'Препарат заказчика, два дрона, работа в светлое время суток.',
    message: 'Готовы приступить в срок.',
    ...overrides,
  }
}
