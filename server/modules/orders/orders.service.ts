import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import { likePattern } from '../../db/like.ts'
import {
  isReceived,
  ORDER_FILTER_STATUSES,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  type OrderDetails,
  type OrderList,
  type OrderSide,
  type OrderStatus,
} from '#common/orders.ts'
import { OrderListQuery, OrderNumber } from '#common/orders.schemas.ts'
import { type Ctx, requireStaff } from '../../context.ts'
import { countRows, pageQuery } from '../../db/pages.ts'
import { recordAudit } from '../audit/index.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { FilesService } from '../files/index.ts'
import type { MemberDirectory } from '../organizations/index.ts'
import { createOrderPlacement, type OrderPlacement } from './orders.placement.ts'
import { findOrder, type OrderMoves, orderMoves, workingAs } from './orders.moves.ts'
import { orderCorrectionsStore } from './orders.corrections.ts'
import { changedOrders } from './orders.exchange.ts'
import { orderLines, orders } from './orders.table.ts'
import { renderOrderDocument } from './orders.documents.ts'
import { lineCounts, type OrderRow, toSummary, viewOrder } from './orders.view.ts'

export interface OrdersDeps {
  /** Today's offers, which a checkout prices the cart with. */
  catalog: Pick<CatalogService, 'describeOffers'>
  members: Pick<MemberDirectory, 'describe'>
  /** Names of the people in an order's history. */
  describeUsers(ctx: Ctx, ids: string[]): Promise<{ id: string; name: string }[]>
  /** The shipping document: the seller's upload, read back by both sides. */
  files: Pick<FilesService, 'readAttached'>
}

export interface OrdersService {
  list(ctx: Ctx, query: unknown): Promise<OrderList>
  get(ctx: Ctx, side: string, number: string): Promise<OrderDetails>
  /** The buyer says the order's drones are registered: the reminders stop. */
  markRegistered(ctx: Ctx, number: string): Promise<OrderDetails>
  /** Staff: every organization's orders, read-only; each order opened is written to the audit log. */
  staffList(ctx: Ctx, query: unknown): Promise<OrderList>
  staffGet(ctx: Ctx, number: string): Promise<OrderDetails>
  /** The shipping document the seller attached (a transport company's waybill), for both sides. */
  shippingDocument(ctx: Ctx, side: string, number: string): Promise<{ data: Buffer; mimeType: string; name: string }>
  /** The invoice or the delivery note of the caller's order, as PDF bytes. */
  document(ctx: Ctx, side: string, number: string, kind: string): Promise<{ pdf: Buffer; filename: string }>
  /**
   * For reviews: the caller's organization's purchase by its number (anyone else's is a 404),
   * whether it reached the buyer, its seller and the products bought. Two statements.
   */
  purchaseForReview(ctx: Ctx, number: string): Promise<PurchaseForReview>
  /** The order page's data of a row the caller just read or moved. */
  view(ctx: Ctx, row: OrderRow, side: OrderSide): Promise<OrderDetails>
  /** For flows: an order's moves (server/flows/move-order.ts). */
  moves: OrderMoves
  /** For flows: an order's returns and price changes (server/flows/correct-order.ts). */
  corrections: typeof orderCorrectionsStore
  /** For flows: a checkout's orders (server/flows/place-orders.ts). */
  placement: OrderPlacement
  /** For the 1С exchange: a seller's orders changed since the last export (orders.exchange.ts). */
  changedOrders: typeof changedOrders
}

export interface PurchaseForReview {
  id: string
  number: string
  /** Delivered or completed: the buyer has the goods. */
  received: boolean
  buyer: { id: string; name: string }
  seller: { id: string; name: string; slug: string }
  lines: { productId: string; title: string; slug: string }[]
}

const SIDE_COLUMN = { purchase: orders.buyerOrganizationId, sale: orders.sellerOrganizationId } as const

/** LIKE's wildcards typed in a search are literal. */

/** By number, or by the seller's or the buyer's name. */
function searchCondition(q: string): SQL {
  const pattern = likePattern(q)
  return or(
    ilike(orders.number, pattern),
    ilike(sql`${orders.seller} ->> 'name'`, pattern),
    ilike(sql`${orders.buyer} ->> 'name'`, pattern),
  )!
}

export function createOrdersService(deps: OrdersDeps): OrdersService {
  function sideOf(side: string): OrderSide {
    if (side !== 'purchase' && side !== 'sale') throw new AppError('not_found', ORDER_MESSAGES.notFound)
    return side
  }

  const view = (ctx: Ctx, row: OrderRow, side: OrderSide) => viewOrder(ctx, row, side, deps.describeUsers)

  return {
    async list(ctx, query) {
      const { side, filter, q, page } = parse(OrderListQuery, query ?? {})
      const conditions: SQL[] = [eq(SIDE_COLUMN[side], workingAs(ctx))]
      if (filter) conditions.push(inArray(orders.status, [...ORDER_FILTER_STATUSES[filter]]))
      if (q) conditions.push(searchCondition(q))
      return listPage(ctx, and(...conditions), side, page)
    },

    async get(ctx, side, number) {
      const s = sideOf(side)
      return view(ctx, await findOrder(ctx, s, number), s)
    },

    async markRegistered(ctx, number) {
      const row = await findOrder(ctx, 'purchase', number)
      // Only drones that were shipped, in an order that stands, are registered; a repeat changes nothing.
      const details = await view(ctx, row, 'purchase')
      if (!details.registration.required) throw new AppError('conflict', ORDER_MESSAGES.registrationNotDue)
      if (!row.registrationDoneAt) {
        await ctx.db
          .update(orders)
          .set({ registrationDoneAt: new Date() })
          .where(and(eq(orders.id, row.id), ne(orders.status, 'cancelled')))
      }
      return view(ctx, await findOrder(ctx, 'purchase', number), 'purchase')
    },

    async staffList(ctx, query) {
      requireStaff(ctx)
      const { filter, q, page } = parse(OrderListQuery, query ?? {})
      const conditions: SQL[] = []
      if (filter) conditions.push(inArray(orders.status, [...ORDER_FILTER_STATUSES[filter]]))
      if (q) conditions.push(searchCondition(q))
      const where = conditions.length ? and(...conditions) : undefined
      return listPage(ctx, where, 'purchase', page)
    },

    async staffGet(ctx, number) {
      requireStaff(ctx)
      const [row] = OrderNumber.safeParse(number).success
        ? await ctx.db.select().from(orders).where(eq(orders.number, number))
        : []
      if (!row) throw new AppError('not_found', ORDER_MESSAGES.notFound)
      await recordAudit(ctx, { action: 'order.staff_view', targetType: 'order', targetId: row.id, details: { number } })
      const details = await view(ctx, row, 'purchase')
      // Staff look; only the order's sides act on it.
      const { corrections } = details
      return {
        ...details,
        actions: [],
        corrections: {
          ...corrections,
          canPropose: [],
          items: corrections.items.map((item) => ({ ...item, actions: [] })),
        },
      }
    },

    async shippingDocument(ctx, side, number) {
      const row = await findOrder(ctx, sideOf(side), number)
      if (!row.shippingDocumentFileId) throw new AppError('not_found', ORDER_MESSAGES.noDocument)
      const { meta, data } = await deps.files.readAttached(ctx, row.shippingDocumentFileId)
      return { data, mimeType: meta.mimeType, name: meta.originalName }
    },

    async document(ctx, side, number, kind) {
      if (kind !== 'invoice' && kind !== 'delivery-note') throw new AppError('not_found', ORDER_MESSAGES.noDocument)
      const row = await findOrder(ctx, sideOf(side), number)
      const lines = await ctx.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, row.id))
        .orderBy(orderLines.position)
      const pdf = await renderOrderDocument(
        kind,
        row,
        lines,
        async (id) => (await deps.files.readAttached(ctx, id)).data,
      )
      const title = kind === 'invoice' ? 'schet' : 'nakladnaya'
      return { pdf, filename: `${title}-${row.number}.pdf` }
    },

    async purchaseForReview(ctx, number) {
      const row = await findOrder(ctx, 'purchase', number)
      const lines = await ctx.db
        .select({ productId: orderLines.productId, title: orderLines.title, slug: orderLines.slug })
        .from(orderLines)
        .where(eq(orderLines.orderId, row.id))
        .orderBy(orderLines.position)
      return {
        id: row.id,
        number: row.number,
        received: isReceived(row.status),
        buyer: { id: row.buyerOrganizationId, name: row.buyer.name },
        seller: { id: row.sellerOrganizationId, name: row.seller.name, slug: row.seller.slug },
        lines,
      }
    },

    view,
    moves: orderMoves,
    corrections: orderCorrectionsStore,
    placement: createOrderPlacement(deps),
    changedOrders,
  }

  /** A page of orders, newest first, with their line counts: three statements whatever the page. */
  async function listPage(ctx: Ctx, where: SQL | undefined, side: OrderSide, page: number): Promise<OrderList> {
    const { rows, ...counted } = await pageQuery(
      ctx.db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.number)).$dynamic(),
      { page, pageSize: ORDER_LIMITS.pageSize },
      countRows(ctx.db, orders, where),
    )
    const counts = await lineCounts(
      ctx,
      rows.map((r) => r.id),
    )
    return { items: rows.map((r) => toSummary(r, side, counts.get(r.id) ?? 0)), ...counted }
  }
}

export type { OrderStatus }
