import { randomUUID } from 'node:crypto'
import type { ServiceOrderStatus } from '#common/exchange/service-orders.ts'
import type { ServiceType } from '#common/exchange/services.ts'
import type { OrderParty } from '#common/orders.ts'
import type { Db } from '../../../db/client.ts'
import { publishedServiceOffers, serviceOffers } from '../offers/offers.table.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { serviceOrders } from '../service-orders/service-orders.table.ts'

/**
 * Rows of the exchange written straight into its tables, for tests that read them (the cabinet):
 * each helper fills what the table requires and takes the rest as overrides.
 */

type Org = { id: string; name: string; slug?: string }

const party = (org: Org): OrderParty => ({
  id: org.id,
  name: org.name,
  fullName: org.name,
  slug: org.slug ?? '',
  inn: '7700000000',
  kpp: null,
  address: 'г. Казань',
})

let sequence = 0
const nextNumber = (letter: 'Z' | 'S') => `${letter}-2611-${String(++sequence).padStart(5, '0')}`

const FLIGHT = {
  maxAltitudeM: 120,
  controlledAirspace: false,
  restrictedZone: false,
  permissionBy: 'contractor',
} as const

export async function insertRequest(
  db: Db,
  customer: Org,
  overrides: Partial<typeof serviceRequests.$inferInsert> = {},
): Promise<typeof serviceRequests.$inferSelect> {
  const status = overrides.status ?? 'open'
  const [row] = await db
    .insert(serviceRequests)
    .values({
      number: nextNumber('Z'),
      status,
      organizationId: customer.id,
      customer: party(customer),
      createdByUserId: randomUUID(),
      type: 'agro-spraying',
      title: 'Обработать поле',
      region: '16',
      flight: FLIGHT,
      publishedAt: status === 'draft' ? null : new Date(),
      ...overrides,
    })
    .returning()
  return row!
}

export async function insertProposal(
  db: Db,
  request: { id: string },
  vendor: Org,
  overrides: Partial<typeof serviceProposals.$inferInsert> = {},
): Promise<typeof serviceProposals.$inferSelect> {
  const [row] = await db
    .insert(serviceProposals)
    .values({
      requestId: request.id,
      organizationId: vendor.id,
      vendor: party(vendor),
      createdByUserId: randomUUID(),
      priceKopecks: 100_000_00,
      startsOn: '2026-12-01',
      endsOn: '2026-12-10',
      ...overrides,
    })
    .returning()
  return row!
}

/**
 * A vendor's offer; `published` also writes its published version (what the exchange shows and
 * the suggestions match against).
 */
export async function insertOffer(
  db: Db,
  vendor: Org,
  overrides: Partial<typeof serviceOffers.$inferInsert> & { type?: ServiceType } = {},
): Promise<typeof serviceOffers.$inferSelect> {
  const [row] = await db
    .insert(serviceOffers)
    .values({ organizationId: vendor.id, type: 'agro-spraying', title: 'Опрыскивание полей', ...overrides })
    .returning()
  if (row!.published) {
    await db.insert(publishedServiceOffers).values({
      id: row!.id,
      organizationId: vendor.id,
      sellerName: vendor.name,
      sellerSlug: vendor.slug ?? 'vendor',
      title: row!.title,
      type: row!.type,
      regions: row!.regions,
      nationwide: row!.nationwide,
    })
  }
  return row!
}

/** A service order between the request's customer and the proposal's vendor. */
export async function insertServiceOrder(
  db: Db,
  request: typeof serviceRequests.$inferSelect,
  proposal: typeof serviceProposals.$inferSelect,
  status: ServiceOrderStatus = 'created',
  overrides: Partial<typeof serviceOrders.$inferInsert> = {},
): Promise<typeof serviceOrders.$inferSelect> {
  const [row] = await db
    .insert(serviceOrders)
    .values({
      number: nextNumber('S'),
      status,
      requestId: request.id,
      proposalId: proposal.id,
      customerOrganizationId: request.organizationId,
      contractorOrganizationId: proposal.organizationId,
      customer: request.customer,
      contractor: proposal.vendor,
      type: request.type,
      title: request.title,
      priceKopecks: proposal.priceKopecks,
      startsOn: proposal.startsOn,
      endsOn: proposal.endsOn,
      flight: request.flight,
      ...overrides,
    })
    .returning()
  return row!
}
