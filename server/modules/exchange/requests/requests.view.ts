import { and, desc, eq } from 'drizzle-orm'
import { REQUEST_ACTIONS, type RequestAction, type RequestDetails } from '#common/exchange/requests.ts'
import { type Ctx } from '../../../context.ts'
import type { ConfirmedVendorRef, ConfirmedVendors, VendorDirectory } from '../../organizations/index.ts'
import { type RequestRow } from './request-access.ts'
import { requestActionsFor } from './requests.machine.ts'
import { serviceRequestEvents } from './requests.table.ts'

/**
 * The request as its page shows it: to the customer with its moves and the vendors it invited,
 * to anyone else who may see it without them.
 */
export async function viewRequest(
  ctx: Ctx,
  deps: { vendors: Pick<ConfirmedVendors, 'byIds'>; sellerSlugs: Pick<VendorDirectory, 'resolveVendorSlugs'> },
  row: RequestRow,
  viewer: RequestDetails['viewer'],
): Promise<RequestDetails> {
  const customerView = viewer === 'customer'
  const [invited, sellers, cancelled] = await Promise.all([
    customerView ? deps.vendors.byIds(ctx.db, row.invitedOrganizationIds) : new Map<string, ConfirmedVendorRef>(),
    deps.sellerSlugs.resolveVendorSlugs(ctx, [row.customer.slug]),
    row.status === 'cancelled'
      ? ctx.db
          .select({ comment: serviceRequestEvents.comment })
          .from(serviceRequestEvents)
          .where(and(eq(serviceRequestEvents.requestId, row.id), eq(serviceRequestEvents.toStatus, 'cancelled')))
          .orderBy(desc(serviceRequestEvents.createdAt))
          .limit(1)
      : [],
  ])
  const actions = customerView
    ? requestActionsFor(row.status).filter((e): e is RequestAction =>
        (REQUEST_ACTIONS as readonly string[]).includes(e),
      )
    : []
  return {
    number: row.number,
    status: row.status,
    type: row.type,
    sphere: row.sphere as RequestDetails['sphere'],
    title: row.title,
    description: row.description,
    region: row.region as RequestDetails['region'],
    address: row.address,
    area: row.area,
    areaHectares: row.areaHectares,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    volume: row.volume,
    volumeUnit: row.volumeUnit,
    budgetKopecks: row.budgetKopecks,
    attachments: row.attachments,
    flight: row.flight,
    visibility: row.visibility,
    proposalsDeadline: row.proposalsDeadline,
    allowSeveral: row.allowSeveral,
    proposalCount: row.proposalCount,
    customer: {
      id: row.customer.id,
      name: row.customer.name,
      slug: row.customer.slug,
      sellerSlug: sellers.has(row.customer.slug) ? row.customer.slug : null,
    },
    viewer,
    actions,
    invited: row.invitedOrganizationIds.flatMap((id) => {
      const v = invited.get(id)
      return v ? [v] : []
    }),
    cancelReason: cancelled[0]?.comment ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
