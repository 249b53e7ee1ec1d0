import { randomUUID } from 'node:crypto'
import type { Db } from '../../../db/client.ts'
import { publishedServiceOffers, serviceOffers } from '../offers/offers.table.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { serviceOrders, serviceReviews } from '../service-orders/service-orders.table.ts'

/**
 * Exchange rows written straight into the tables, for tests of the public pages: what the
 * offers' moderation and the requests' publication produce, without walking their lifecycles.
 */

type OfferValues = typeof publishedServiceOffers.$inferInsert
type RequestValues = typeof serviceRequests.$inferInsert

let sequence = 0

const party = (org: { id: string; name: string }) => ({
  id: org.id,
  name: org.name,
  fullName: org.name,
  slug: 'party',
  inn: '7707083893',
  kpp: null,
  address: 'г. Москва',
})

/** An approved offer on the exchange: the vendor's working copy and its published version. */
export async function publishTestOffer(
  db: Db,
  vendor: { id: string; name: string; slug: string },
  values: Partial<Omit<OfferValues, 'id' | 'organizationId' | 'sellerName' | 'sellerSlug'>> = {},
): Promise<{ id: string; title: string }> {
  const content = {
    title: `Аэрофотосъёмка ${++sequence}`,
    type: 'aerial-survey' as const,
    regions: ['77'],
    priceFromKopecks: 500_00,
    priceUnit: 'hectare' as const,
    description: '<p>Съёмка с квадрокоптера.</p>',
    ...values,
  }
  const { publishedAt: _publishedAt, ...working } = content
  const [offer] = await db
    .insert(serviceOffers)
    .values({ organizationId: vendor.id, status: 'approved', published: true, ...working })
    .returning({ id: serviceOffers.id })
  await db
    .insert(publishedServiceOffers)
    .values({ id: offer!.id, organizationId: vendor.id, sellerName: vendor.name, sellerSlug: vendor.slug, ...content })
  return { id: offer!.id, title: content.title }
}

/** A request as its customer published it (status open, public unless told otherwise). */
export async function openTestRequest(
  db: Db,
  customer: { id: string; name: string },
  values: Partial<Omit<RequestValues, 'id' | 'organizationId' | 'customer'>> = {},
): Promise<{ id: string; number: string; title: string }> {
  const n = ++sequence
  const row = {
    number: `Z-2611-${String(n).padStart(5, '0')}-${randomUUID().slice(0, 4)}`,
    status: 'open' as const,
    createdByUserId: randomUUID(),
    type: 'agro-spraying' as const,
    title: `Обработка поля ${n}`,
    description: 'Нужна обработка посевов с дрона.',
    region: '23',
    flight: { maxAltitudeM: 50, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' as const },
    publishedAt: new Date(),
    ...values,
  }
  const [request] = await db
    .insert(serviceRequests)
    .values({
      organizationId: customer.id,
      customer: party(customer),
      ...row,
    })
    .returning({ id: serviceRequests.id })
  return { id: request!.id, number: row.number, title: row.title }
}

/**
 * A completed piece of work and the review one side left on it: a closed request, the accepted
 * proposal and the service order under it. `side` is the author's: `purchase` rates the contractor.
 */
export async function reviewTestWork(
  db: Db,
  parties: { customer: { id: string; name: string }; contractor: { id: string; name: string } },
  review: { rating: number; text: string; side?: 'purchase' | 'sale'; hidden?: boolean; createdAt?: Date },
): Promise<{ id: string }> {
  const request = await openTestRequest(db, parties.customer, { status: 'awarded' })
  const terms = { priceKopecks: 100_000_00, startsOn: '2026-05-01', endsOn: '2026-05-10' }
  const [proposal] = await db
    .insert(serviceProposals)
    .values({
      requestId: request.id,
      organizationId: parties.contractor.id,
      vendor: party(parties.contractor),
      createdByUserId: randomUUID(),
      status: 'accepted',
      ...terms,
    })
    .returning({ id: serviceProposals.id })
  const number = `S-2611-${String(++sequence).padStart(5, '0')}-${randomUUID().slice(0, 4)}`
  const [order] = await db
    .insert(serviceOrders)
    .values({
      number,
      status: 'completed',
      requestId: request.id,
      proposalId: proposal!.id,
      customerOrganizationId: parties.customer.id,
      contractorOrganizationId: parties.contractor.id,
      customer: party(parties.customer),
      contractor: party(parties.contractor),
      type: 'agro-spraying',
      title: request.title,
      flight: { maxAltitudeM: 50, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' },
      ...terms,
    })
    .returning({ id: serviceOrders.id })
  const side = review.side ?? 'purchase'
  const [author, subject] =
    side === 'purchase' ? [parties.customer, parties.contractor] : [parties.contractor, parties.customer]
  const [row] = await db
    .insert(serviceReviews)
    .values({
      orderId: order!.id,
      orderNumber: number,
      side,
      authorOrganizationId: author.id,
      authorUserId: randomUUID(),
      authorName: 'Вера Заказчица',
      authorOrganizationName: author.name,
      subjectOrganizationId: subject.id,
      serviceType: 'agro-spraying',
      rating: review.rating,
      text: review.text,
      hiddenAt: review.hidden ? new Date() : null,
      ...(review.createdAt ? { createdAt: review.createdAt } : {}),
    })
    .returning({ id: serviceReviews.id })
  return { id: row!.id }
}
