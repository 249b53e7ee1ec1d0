import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import { registrationRequirement } from '#common/catalog/registration.ts'
import { systemCtx } from '../context.ts'
import type { Db } from '../db/client.ts'
import { updIssueOf } from '../flows/closing-documents.ts'
import { catalogProducts } from '../modules/catalog/catalog.table.ts'
import { issueAct, issueUpd, registerInvoice } from '../modules/documents/index.ts'
import { setInvoiceState } from '../modules/documents/documents.issue.ts'
import { invoiceOf } from '../modules/orders/orders.documents.ts'
import { actIssueOf, actRequestOf } from '../modules/exchange/service-orders/service-orders.act.ts'
import { originsOf } from '../modules/products/products.origin.ts'
import { serviceOrderEvents, serviceOrders } from '../modules/exchange/service-orders/service-orders.table.ts'
import { users } from '../modules/identity/identity.table.ts'
import { orderLines, orders } from '../modules/orders/orders.table.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import { productDrafts } from '../modules/products/products.table.ts'
import { ACCOUNTS_VENDOR_SLUG } from './catalog/vendors/index.ts'

/** The demo vendor's accessories came from China under one declaration, a line each. */
const IMPORTED_FROM = '156'
const DECLARATION = '10702070/140926/3056121'

/**
 * The demo closing documents: the demo vendor's accessories get a country of origin and a
 * customs declaration, each of its shipped orders the УПД its shipment issues, and every accepted
 * service order the act its acceptance issues, dated as they happened.
 */
export async function seedClosingDocuments(db: Db): Promise<void> {
  const [vendor] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, ACCOUNTS_VENDOR_SLUG))
  if (!vendor) return

  const accessories = (
    await db
      .select({ id: catalogProducts.id, weight: catalogProducts.maxTakeoffWeight })
      .from(catalogProducts)
      .where(eq(catalogProducts.vendorOrganizationId, vendor.id))
      .orderBy(asc(catalogProducts.slug))
  ).filter((p) => registrationRequirement(p.weight) === 'none')
  for (const [i, product] of accessories.entries()) {
    await db
      .update(productDrafts)
      .set({ originCountry: IMPORTED_FROM, customsDeclaration: `${DECLARATION}/${i + 1}` })
      .where(and(eq(productDrafts.id, product.id), isNull(productDrafts.originCountry)))
  }

  const shipped = await db
    .select()
    .from(orders)
    .where(and(eq(orders.sellerOrganizationId, vendor.id), isNotNull(orders.shippedAt), isNull(orders.upd)))
    .orderBy(asc(orders.shippedAt))
  const ctx = systemCtx(db, { requestId: 'seed:closing-documents' })
  for (const order of shipped) {
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position))
    const origins = await originsOf(
      ctx,
      vendor.id,
      lines.map((l) => l.productId),
    )
    const [buyer] = await db
      .select({ settings: organizations.documentSettings })
      .from(organizations)
      .where(eq(organizations.id, order.buyerOrganizationId))
    const buyerEdoId = buyer?.settings?.edoParticipantId ?? null
    const upd = await issueUpd(ctx, updIssueOf(order, lines, origins, order.shippedAt!, buyerEdoId))
    await db.update(orders).set({ upd }).where(eq(orders.id, order.id))
  }
  await seedInvoices(db, vendor.id)
  await seedActs(db)
}

/** The demo vendor's invoices of confirmed orders, paid or void as their orders went. */
async function seedInvoices(db: Db, vendorId: string): Promise<void> {
  const ctx = systemCtx(db, { requestId: 'seed:invoices' })
  const confirmed = await db
    .select()
    .from(orders)
    .where(and(eq(orders.sellerOrganizationId, vendorId), isNotNull(orders.confirmedAt), isNotNull(orders.sellerBank)))
    .orderBy(asc(orders.confirmedAt))
  for (const order of confirmed) {
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position))
    await registerInvoice(ctx, {
      sellerOrganizationId: order.sellerOrganizationId,
      buyerOrganizationId: order.buyerOrganizationId,
      content: invoiceOf(order, lines),
      signatureFileId: order.sellerDocumentSettings?.signatureFileId ?? null,
      stampFileId: order.sellerDocumentSettings?.stampFileId ?? null,
    })
    const state = order.status === 'cancelled' ? 'cancelled' : order.status === 'confirmed' ? 'issued' : 'paid'
    await setInvoiceState(ctx, order.number, state)
  }
}

async function seedActs(db: Db): Promise<void> {
  const ctx = systemCtx(db, { requestId: 'seed:acts' })
  const accepted = await db
    .select({ order: serviceOrders, acceptedAt: serviceOrderEvents.createdAt, byUserId: serviceOrderEvents.byUserId })
    .from(serviceOrders)
    .innerJoin(
      serviceOrderEvents,
      and(eq(serviceOrderEvents.orderId, serviceOrders.id), eq(serviceOrderEvents.toStatus, 'completed')),
    )
    .where(and(eq(serviceOrders.status, 'completed'), isNull(serviceOrders.act)))
    .orderBy(asc(serviceOrderEvents.createdAt))
  for (const { order, acceptedAt, byUserId } of accepted) {
    const [settings] = await db
      .select({ settings: organizations.documentSettings })
      .from(organizations)
      .where(eq(organizations.id, order.contractorOrganizationId))
    if (!settings?.settings) continue
    const request = await actRequestOf(ctx, order.requestId)
    const [user] = byUserId ? await db.select({ name: users.name }).from(users).where(eq(users.id, byUserId)) : []
    const issue = actIssueOf(order, request, settings.settings, { at: acceptedAt, byName: user?.name ?? null })
    const act = await issueAct(ctx, issue)
    await db.update(serviceOrders).set({ act }).where(eq(serviceOrders.id, order.id))
  }
}
