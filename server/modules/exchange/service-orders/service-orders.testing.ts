import { sql } from 'drizzle-orm'
import type { FlightDetails } from '#common/exchange/requests.ts'
import { formatRequestNumber, type ServiceType } from '#common/exchange/services.ts'
import type { OrderParty } from '#common/orders.ts'
import type { Ctx } from '../../../context.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { createServiceOrder } from './service-orders.create.ts'
import { quote } from '#common/format.ts'

/** A party as orders copy it, from an organization's id and name. */
export function partyOf(org: { id: string; name: string; slug?: string }): OrderParty {
  return {
    id: org.id,
    name: org.name,
    fullName: `ООО ${quote(org.name)}`,
    slug: org.slug ?? org.id.slice(0, 8),
    inn: '7707083893',
    kpp: '770701001',
    address: 'г. Москва, ул. Тверская, д. 1',
  }
}

export const TEST_FLIGHT: FlightDetails = {
  maxAltitudeM: 120,
  controlledAirspace: true,
  restrictedZone: false,
  permissionBy: 'contractor',
}

/**
 * A published request of the customer and the contractor's accepted proposal on it, written
 * straight into the tables, then the service order accepting it makes: for tests and the demo
 * data, which need orders without going through the request and proposal pages.
 */
export async function createTestServiceOrder(
  ctx: Ctx,
  opts: {
    customer: { id: string; name: string; slug?: string }
    contractor: { id: string; name: string; slug?: string }
    customerUserId: string
    contractorUserId: string
    type?: ServiceType
    title?: string
    priceKopecks?: number
    startsOn?: string
    endsOn?: string
    terms?: string
    flight?: FlightDetails
    chatRoomId?: string | null
    createdAt?: Date
  },
): Promise<{ id: string; number: string; requestId: string; requestNumber: string; proposalId: string }> {
  const createdAt = opts.createdAt ?? new Date()
  const numbered = await ctx.db.execute<{ next: number }>(sql`select nextval('service_request_numbers')::int as next`)
  const next = Number((numbered as unknown as { rows: { next: number }[] }).rows[0]!.next)
  const [request] = await ctx.db
    .insert(serviceRequests)
    .values({
      number: formatRequestNumber(createdAt, next),
      status: 'awarded',
      organizationId: opts.customer.id,
      customer: partyOf(opts.customer),
      createdByUserId: opts.customerUserId,
      type: opts.type ?? 'aerial-survey',
      title: opts.title ?? 'Аэрофотосъёмка 120 га под кадастр',
      description: 'Ортофотоплан участка с точностью 5 см/пиксель.',
      region: '16',
      address: 'Республика Татарстан, Лаишевский район',
      startsOn: opts.startsOn ?? '2026-12-01',
      endsOn: opts.endsOn ?? '2026-12-10',
      volume: 120,
      volumeUnit: 'hectares',
      budgetKopecks: 200_000_00,
      flight: opts.flight ?? TEST_FLIGHT,
      publishedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning()
  const [proposal] = await ctx.db
    .insert(serviceProposals)
    .values({
      requestId: request!.id,
      organizationId: opts.contractor.id,
      vendor: partyOf(opts.contractor),
      createdByUserId: opts.contractorUserId,
      status: 'accepted',
      priceKopecks: opts.priceKopecks ?? 150_000_00,
      startsOn: opts.startsOn ?? '2026-12-01',
      endsOn: opts.endsOn ?? '2026-12-10',
      terms: opts.terms ?? 'Выезд бригады, съёмка, обработка и сдача ортофотоплана в GeoTIFF.',
      message: 'Готовы выполнить в срок.',
      chatRoomId: opts.chatRoomId ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning()
  const order = await createServiceOrder(ctx, request!, proposal!)
  return { ...order, requestId: request!.id, requestNumber: request!.number, proposalId: proposal!.id }
}
