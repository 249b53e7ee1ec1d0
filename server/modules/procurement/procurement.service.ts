import { and, asc, count, desc, eq, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import { endOfMoscowDay, moscowToday } from '#common/moscow-days.ts'
import { orderNumberPrefix } from '#common/order-number.ts'
import {
  type IncomingProcurement,
  type IncomingSummary,
  PROCUREMENT_LIMITS,
  PROCUREMENT_MESSAGES,
  PROCUREMENT_PURPOSE_LABELS,
  ProcurementAnswerInput,
  ProcurementCancelInput,
  type ProcurementDetails,
  ProcurementDeclineInput,
  ProcurementListQuery,
  type ProcurementRequestData,
  ProcurementRequestInput,
  type ProcurementPage,
  type ProcurementStatus,
  type ProcurementSummary,
  PROCUREMENT_STATUSES,
  RECIPIENT_STATUSES,
  type RecipientChoices,
  type RecipientStatus,
} from '#common/procurement.ts'
import { type Ctx, requireUser, systemCtx, withDb } from '../../context.ts'
import { countedPage } from '../../db/pages.ts'
import { likePattern } from '../../db/like.ts'
import { AppError } from '../../errors.ts'
import { createOnce, idempotencyKeyOf } from '../../idempotency.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import { parse } from '../../parse.ts'
import { type NmckDocument, renderCommercialOffer, renderNmck, renderNmckXlsx } from '../../documents/index.ts'
import { commercialOfferOf } from './procurement.offer.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { ChatService } from '../chat/index.ts'
import type { CartService } from '../orders/index.ts'
import type { FilesService } from '../files/index.ts'
import type { Events } from '../notifications/index.ts'
import type { PartyDirectory, VendorDirectory } from '../organizations/index.ts'
import type { RateLimiter } from '../rate-limit/index.ts'
import type { RateLimitRule } from '../rate-limit/index.ts'
import {
  moveProcurement,
  procurementActionsFor,
  procurementTransition,
  recordProcurementCreation,
} from './procurement.machine.ts'
import {
  procurementAnswerLines,
  procurementItems,
  procurementRecipients,
  procurementRequests,
} from './procurement.table.ts'
import { buyerDetails, incomingDetails, type RequestParts } from './procurement.view.ts'

export const PROCUREMENT_EXPIRE_JOB = 'procurement.close_expired'

/** Creating and sending requests: a purchasing department's day, not a script's. */
export const PROCUREMENT_WRITE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60 * 60_000 }

type RequestRow = typeof procurementRequests.$inferSelect
type RecipientRow = typeof procurementRecipients.$inferSelect

const NUMBER = /^KP-\d{4}-\d{5,}$/

/** A part of the number or of the subject, as typed (LIKE's wildcards literal). */
function searchOf(q: string | undefined): SQL | undefined {
  const text = q?.trim()
  if (!text) return undefined
  return or(ilike(procurementRequests.number, likePattern(text)), ilike(procurementRequests.title, likePattern(text)))
}

const notFound = () => new AppError('not_found', PROCUREMENT_MESSAGES.notFound)

/**
 * A file a form names (the specification, the signed scan) must be one the caller may see: its
 * own upload or its organization's. Another's file id is refused as the field's error.
 */
async function ownFile(
  files: ProcurementDeps['files'],
  ctx: Ctx,
  id: string | null | undefined,
  field: string,
): Promise<string | null> {
  if (!id) return null
  const meta = await files.describe(ctx, id).catch(() => null)
  if (!meta || meta.mimeType !== 'application/pdf') {
    throw new AppError('invalid', PROCUREMENT_MESSAGES.file, { [field]: PROCUREMENT_MESSAGES.file })
  }
  return meta.id
}

function organizationOf(ctx: Ctx): string {
  requireUser(ctx)
  if (!ctx.organization) throw new AppError('forbidden', PROCUREMENT_MESSAGES.noOrganization)
  return ctx.organization.id
}

const hasRole = (ctx: Ctx, type: 'buyer' | 'vendor') =>
  ctx.organization?.roles.some((r) => r.type === type && r.status === 'confirmed') ?? false

function buyerOf(ctx: Ctx): string {
  const organizationId = organizationOf(ctx)
  if (!hasRole(ctx, 'buyer')) throw new AppError('forbidden', PROCUREMENT_MESSAGES.notBuyer)
  return organizationId
}

function nextNumber(now: Date) {
  return sql<string>`(select ${`KP-${orderNumberPrefix(now)}`} || lpad(n::text, greatest(5, length(n::text)), '0')
    from nextval('procurement_numbers') as n)`
}

export interface ProcurementDeps {
  catalog: Pick<
    CatalogService,
    'describeOffers' | 'sellerCategoryCounts' | 'productPlaces' | 'sellersOfModels' | 'sellerOffersFor'
  >
  cart: Pick<CartService, 'putQuoted'>
  vendors: Pick<VendorDirectory, 'confirmedVendorIds'>
  parties: PartyDirectory
  jobs: Pick<JobsService, 'register' | 'enqueue'>
  chat: Pick<ChatService, 'openRequestRooms'>
  files: Pick<FilesService, 'describe' | 'readAttached'>
  events: Events
  limiter: RateLimiter
  /** The clock of prices' freshness and deadlines. */
  now?: () => Date
}

/**
 * Requests for commercial offers: the buyer's drafts, sending, closing and cancelling; the
 * invited sellers' answers and refusals; the justification of the price from the answers. Another
 * organization's request, answer or document is a 404, as is a request a seller was not asked.
 */
export function createProcurementService(deps: ProcurementDeps) {
  const now = deps.now ?? (() => new Date())

  /** The buyer's own request by number, locked for a change when asked. */
  async function own(ctx: Ctx, number: string, lock = false): Promise<RequestRow> {
    const buyer = organizationOf(ctx)
    if (!NUMBER.test(number)) throw notFound()
    const query = ctx.db
      .select()
      .from(procurementRequests)
      .where(and(eq(procurementRequests.number, number), eq(procurementRequests.buyerOrganizationId, buyer)))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw notFound()
    return row
  }

  async function requestOfKey(ctx: Ctx, buyer: string, key: string | null): Promise<RequestRow | undefined> {
    if (!key) return undefined
    const [row] = await ctx.db
      .select()
      .from(procurementRequests)
      .where(and(eq(procurementRequests.buyerOrganizationId, buyer), eq(procurementRequests.creationKey, key)))
    return row
  }

  /** A sent request the caller's organization was asked, with its recipient row; anyone else's is a 404. */
  async function asked(ctx: Ctx, number: string, lock = false) {
    const seller = organizationOf(ctx)
    if (!NUMBER.test(number)) throw notFound()
    const query = ctx.db
      .select({ request: procurementRequests, recipient: procurementRecipients })
      .from(procurementRecipients)
      .innerJoin(procurementRequests, eq(procurementRequests.id, procurementRecipients.requestId))
      .where(
        and(
          eq(procurementRequests.number, number),
          eq(procurementRecipients.sellerOrganizationId, seller),
          ne(procurementRequests.status, 'draft'),
        ),
      )
    const [row] = lock ? await query.for('update', { of: procurementRecipients }) : await query
    if (!row) throw notFound()
    return row
  }

  /** Everything a request's page is built from: its items, recipients and their prices. */
  async function partsOf(ctx: Ctx, request: RequestRow): Promise<RequestParts> {
    const [items, recipients] = await Promise.all([
      ctx.db
        .select()
        .from(procurementItems)
        .where(eq(procurementItems.requestId, request.id))
        .orderBy(asc(procurementItems.position)),
      ctx.db
        .select()
        .from(procurementRecipients)
        .where(eq(procurementRecipients.requestId, request.id))
        .orderBy(asc(procurementRecipients.position)),
    ])
    const lines = recipients.length
      ? await ctx.db
          .select()
          .from(procurementAnswerLines)
          .where(
            inArray(
              procurementAnswerLines.recipientId,
              recipients.map((r) => r.id),
            ),
          )
      : []
    const organizations = await deps.parties.describeParties(ctx.db, [
      request.buyerOrganizationId,
      ...recipients.map((r) => r.sellerOrganizationId),
    ])
    const offers = await deps.catalog.describeOffers(
      ctx,
      items.flatMap((i) => (i.productId ? [i.productId] : [])),
    )
    return { request, items, recipients, lines, organizations, offers }
  }

  /** Checks what a draft names: the catalogue's offers on sale, the recipients confirmed vendors and not itself. */
  async function checked(ctx: Ctx, buyer: string, data: ProcurementRequestData) {
    if (data.deadline <= moscowToday(now())) {
      throw new AppError('invalid', PROCUREMENT_MESSAGES.deadline, { deadline: PROCUREMENT_MESSAGES.deadline })
    }
    const productIds = data.items.flatMap((i) => (i.productId ? [i.productId.toLowerCase()] : []))
    const offers = await deps.catalog.describeOffers(ctx, productIds)
    if (productIds.some((id) => !offers.has(id))) {
      throw new AppError('invalid', PROCUREMENT_MESSAGES.product, { items: PROCUREMENT_MESSAGES.product })
    }
    const recipients = [...new Set(data.recipients.map((id) => id.toLowerCase()))]
    if (recipients.includes(buyer)) {
      throw new AppError('invalid', PROCUREMENT_MESSAGES.ownRecipient, {
        recipients: PROCUREMENT_MESSAGES.ownRecipient,
      })
    }
    const vendors = await deps.vendors.confirmedVendorIds(ctx, recipients)
    if (recipients.some((id) => !vendors.has(id))) {
      throw new AppError('invalid', PROCUREMENT_MESSAGES.recipient, { recipients: PROCUREMENT_MESSAGES.recipient })
    }
    await ownFile(deps.files, ctx, data.specificationFileId, 'specificationFileId')
    return { recipients }
  }

  /** Writes a draft's items and recipients (replacing what it had). */
  async function writeParts(tx: Ctx, requestId: string, data: ProcurementRequestData, recipients: string[]) {
    await tx.db.delete(procurementItems).where(eq(procurementItems.requestId, requestId))
    await tx.db.delete(procurementRecipients).where(eq(procurementRecipients.requestId, requestId))
    await tx.db.insert(procurementItems).values(
      data.items.map((item, i) => ({
        requestId,
        position: i + 1,
        productId: item.productId?.toLowerCase() ?? null,
        name: item.name,
        characteristics: item.characteristics,
        unit: item.unit,
        quantity: item.quantity,
      })),
    )
    if (recipients.length) {
      await tx.db
        .insert(procurementRecipients)
        .values(recipients.map((sellerOrganizationId, i) => ({ requestId, sellerOrganizationId, position: i + 1 })))
    }
  }

  const termsOf = (data: ProcurementRequestData) => ({
    title: data.title,
    purpose: data.purpose,
    region: data.region,
    deliveryAddress: data.deliveryAddress,
    deliveryTerm: data.deliveryTerm,
    paymentTerms: data.paymentTerms,
    deadline: data.deadline,
    contactName: data.contactName,
    contactPhone: data.contactPhone,
    comment: data.comment,
    specificationFileId: data.specificationFileId ?? null,
  })

  /** Tells one side of a request's pair (buyer and a seller) of a change, in the caller's transaction. */
  /**
   * Tells the pairs of a request (the buyer and each recipient given) of a change, in the
   * caller's transaction: the parties and the item count read once however many recipients.
   */
  async function tell(
    tx: Ctx,
    request: RequestRow,
    recipients: RecipientRow[],
    change: 'requested' | 'answered' | 'declined' | 'cancelled',
    extra: { offer?: { number: string; totalKopecks: number }; reason?: string } = {},
  ) {
    const told = recipients.filter((r) => r.chatRoomId)
    if (!told.length) return
    const parties = await deps.parties.describeParties(tx.db, [
      request.buyerOrganizationId,
      ...told.map((r) => r.sellerOrganizationId),
    ])
    const [{ items } = { items: 0 }] = await tx.db
      .select({ items: count() })
      .from(procurementItems)
      .where(eq(procurementItems.requestId, request.id))
    const ref = (id: string) => ({ id, name: parties.get(id)?.name ?? '' })
    await deps.events.emit(
      tx,
      ...told.map((recipient) => ({
        type: 'procurement.changed' as const,
        change,
        request: { number: request.number, title: request.title, deadline: request.deadline, itemCount: items },
        buyer: ref(request.buyerOrganizationId),
        seller: ref(recipient.sellerOrganizationId),
        offer: extra.offer ?? null,
        reason: extra.reason ?? null,
        room: recipient.chatRoomId!,
      })),
    )
  }

  async function details(ctx: Ctx, request: RequestRow): Promise<ProcurementDetails> {
    return buyerDetails(await partsOf(ctx, request), procurementActionsFor(request.status), now())
  }

  /** Closes the sent requests whose deadline day has passed; returns how many. */
  async function expire(ctx: Ctx): Promise<number> {
    const due = await ctx.db
      .select({ id: procurementRequests.id, number: procurementRequests.number })
      .from(procurementRequests)
      .where(and(eq(procurementRequests.status, 'sent'), lt(procurementRequests.deadline, moscowToday(now()))))
    for (const request of due) {
      await moveProcurement(ctx, request.id, procurementTransition('sent', 'expire', 'system', request.number), {
        set: { closedAt: now() },
      })
    }
    return due.length
  }

  deps.jobs.register(PROCUREMENT_EXPIRE_JOB, async (run) => {
    const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
    return { closed: await expire(ctx) }
  })

  return {
    /**
     * A new draft of the buyer's organization. With an `Idempotency-Key` (the API) or the form's
     * key a repeat answers the draft the first one made; the key with another body is a 422.
     */
    async create(ctx: Ctx, input: unknown, idempotencyKey?: string): Promise<ProcurementDetails> {
      const buyer = buyerOf(ctx)
      const user = requireUser(ctx)
      const data = parse(ProcurementRequestInput, input)
      const key = idempotencyKeyOf(idempotencyKey)
      const request = await createOnce(
        ctx.db,
        { scope: `procurement.create:${buyer}`, key, input: data },
        () => requestOfKey(ctx, buyer, key),
        async () => {
          await deps.limiter.hit(`procurement:${user.id}`, PROCUREMENT_WRITE_LIMIT)
          const { recipients } = await checked(ctx, buyer, data)
          return ctx.db.transaction(async (db) => {
            const tx = withDb(ctx, db)
            const [row] = await db
              .insert(procurementRequests)
              .values({
                number: nextNumber(now()),
                buyerOrganizationId: buyer,
                createdByUserId: user.id,
                creationKey: key,
                ...termsOf(data),
              })
              .returning()
            await writeParts(tx, row!.id, data, recipients)
            await recordProcurementCreation(tx, row!.id)
            return row!
          })
        },
      )
      return details(ctx, request)
    },

    /**
     * The sellers the buyer may ask, for the form: every confirmed vendor with products on sale
     * but itself, those selling the asked models or in the items' categories first.
     */
    async recipientChoices(ctx: Ctx, productIds: string[]): Promise<RecipientChoices> {
      const buyer = buyerOf(ctx)
      const [counts, places] = await Promise.all([
        deps.catalog.sellerCategoryCounts(ctx),
        deps.catalog.productPlaces(ctx, productIds.slice(0, PROCUREMENT_LIMITS.items)),
      ])
      const categories = [...new Set([...places.values()].map((p) => p.categorySlug))]
      const models = [...new Set([...places.values()].flatMap((p) => (p.modelId ? [p.modelId] : [])))]
      const sameModel = await deps.catalog.sellersOfModels(ctx, models)
      for (const place of places.values()) sameModel.add(place.vendorOrganizationId)
      const bySeller = new Map<string, { products: number; matching: number; categories: string[] }>()
      for (const row of counts) {
        const seller = bySeller.get(row.vendorOrganizationId) ?? { products: 0, matching: 0, categories: [] }
        seller.products += row.products
        if (categories.includes(row.categorySlug)) seller.matching += row.products
        seller.categories.push(row.categorySlug)
        bySeller.set(row.vendorOrganizationId, seller)
      }
      const confirmed = await deps.vendors.confirmedVendorIds(ctx, [...bySeller.keys()])
      const ids = [...bySeller.keys()].filter((id) => id !== buyer && confirmed.has(id))
      const parties = await deps.parties.describeParties(ctx.db, ids)
      const sellers = ids.map((id) => ({
        id,
        name: parties.get(id)?.name ?? '',
        slug: parties.get(id)?.slug ?? '',
        sameModel: sameModel.has(id),
        ...bySeller.get(id)!,
      }))
      sellers.sort(
        (a, b) =>
          Number(b.sameModel) - Number(a.sameModel) || b.matching - a.matching || a.name.localeCompare(b.name, 'ru'),
      )
      return { sellers, categories }
    },

    /** The items a request starts with when asked from catalogue offers (a product page, the comparison, the cart). */
    async itemsOf(ctx: Ctx, products: { productId: string; quantity: number }[]) {
      const offers = await deps.catalog.describeOffers(
        ctx,
        products.slice(0, PROCUREMENT_LIMITS.items).map((p) => p.productId),
      )
      return products.flatMap(({ productId, quantity }) => {
        const offer = offers.get(productId.toLowerCase())
        return offer
          ? [{ productId: offer.id, name: offer.title, characteristics: '', unit: 'piece' as const, quantity }]
          : []
      })
    },

    /** The draft a new-request form's key made, or null: the form's later saves update it. */
    async findCreated(ctx: Ctx, creationKey: string): Promise<ProcurementDetails | null> {
      const row = await requestOfKey(ctx, buyerOf(ctx), idempotencyKeyOf(creationKey))
      return row ? details(ctx, row) : null
    },

    /** Changes a draft: its terms, items and recipients, all given again. */
    async update(ctx: Ctx, number: string, input: unknown): Promise<ProcurementDetails> {
      const buyer = buyerOf(ctx)
      const data = parse(ProcurementRequestInput, input)
      const { recipients } = await checked(ctx, buyer, data)
      const request = await ctx.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        const row = await own(tx, number, true)
        if (row.status !== 'draft') throw new AppError('conflict', PROCUREMENT_MESSAGES.notDraft)
        const [updated] = await db
          .update(procurementRequests)
          .set({ ...termsOf(data), updatedAt: now() })
          .where(eq(procurementRequests.id, row.id))
          .returning()
        await writeParts(tx, row.id, data, recipients)
        return updated!
      })
      return details(ctx, request)
    },

    /**
     * Sends a draft to its recipients: from now on they see it and answer until its deadline,
     * after which the platform closes it. Fewer than three recipients for a 44-ФЗ or 223-ФЗ
     * purchase is a warning on the page, not a refusal.
     */
    async send(ctx: Ctx, number: string): Promise<ProcurementDetails> {
      buyerOf(ctx)
      const user = requireUser(ctx)
      await deps.limiter.hit(`procurement:${user.id}`, PROCUREMENT_WRITE_LIMIT)
      const request = await ctx.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        const row = await own(tx, number, true)
        if (row.status === 'sent') return row
        const step = procurementTransition(row.status, 'send', 'buyer', row.number)
        const recipients = await db
          .select()
          .from(procurementRecipients)
          .where(eq(procurementRecipients.requestId, row.id))
          .orderBy(asc(procurementRecipients.position))
        if (!recipients.length)
          throw new AppError('invalid', PROCUREMENT_MESSAGES.recipients, {
            recipients: PROCUREMENT_MESSAGES.recipients,
          })
        if (row.deadline <= moscowToday(now())) {
          throw new AppError('invalid', PROCUREMENT_MESSAGES.deadline, { deadline: PROCUREMENT_MESSAGES.deadline })
        }
        const sentAt = now()
        await moveProcurement(tx, row.id, step, { set: { sentAt } })
        // Each seller gets its own conversation with the buyer about the request, and the news in it.
        const rooms = await deps.chat.openRequestRooms(
          tx,
          recipients.map((r) => ({
            requestId: r.id,
            title: `Запрос КП № ${row.number}: ${row.title}`,
            customerOrganizationId: row.buyerOrganizationId,
            vendorOrganizationId: r.sellerOrganizationId,
          })),
        )
        const opened = recipients.map((recipient, i) => ({ ...recipient, chatRoomId: rooms[i]!.guid }))
        for (const recipient of opened) {
          await db
            .update(procurementRecipients)
            .set({ chatRoomId: recipient.chatRoomId })
            .where(eq(procurementRecipients.id, recipient.id))
        }
        await tell(tx, { ...row, status: step.to }, opened, 'requested')
        await deps.jobs.enqueue(
          db,
          PROCUREMENT_EXPIRE_JOB,
          { date: row.deadline },
          { key: row.deadline, runAt: endOfMoscowDay(row.deadline) },
        )
        return { ...row, status: step.to, sentAt }
      })
      deps.events.afterCommit()
      return details(ctx, request)
    },

    /** Stops taking answers before the deadline. */
    async close(ctx: Ctx, number: string): Promise<ProcurementDetails> {
      buyerOf(ctx)
      const request = await ctx.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        const row = await own(tx, number, true)
        if (row.status === 'closed') return row
        const step = procurementTransition(row.status, 'close', 'buyer', row.number)
        await moveProcurement(tx, row.id, step, { set: { closedAt: now() } })
        return { ...row, status: step.to }
      })
      return details(ctx, request)
    },

    async cancel(ctx: Ctx, number: string, input: unknown): Promise<ProcurementDetails> {
      buyerOf(ctx)
      const { reason } = parse(ProcurementCancelInput, input)
      const request = await ctx.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        const row = await own(tx, number, true)
        if (row.status === 'cancelled') throw new AppError('conflict', PROCUREMENT_MESSAGES.alreadyCancelled)
        const step = procurementTransition(row.status, 'cancel', 'buyer', row.number)
        await moveProcurement(tx, row.id, step, { comment: reason, set: { cancelReason: reason } })
        // The sellers still preparing an answer hear that they need not.
        if (row.status === 'sent') {
          const waiting = await db
            .select()
            .from(procurementRecipients)
            .where(and(eq(procurementRecipients.requestId, row.id), eq(procurementRecipients.status, 'awaiting')))
          await tell(tx, row, waiting, 'cancelled', { reason })
        }
        return { ...row, status: step.to, cancelReason: reason }
      })
      deps.events.afterCommit()
      return details(ctx, request)
    },

    /**
     * The justification as a file for the buyer: the PDF in the usual table form or the XLSX
     * with live formulas. A request without answers has none yet (409).
     */
    async justificationFile(
      ctx: Ctx,
      number: string,
      format: 'pdf' | 'xlsx',
    ): Promise<{ name: string; data: Buffer; mimeType: string }> {
      const request = await own(ctx, number)
      const page = await details(ctx, request)
      if (!page.justification) throw new AppError('conflict', PROCUREMENT_MESSAGES.noAnswers)
      const parties = await deps.parties.describeParties(ctx.db, [request.buyerOrganizationId])
      const buyer = parties.get(request.buyerOrganizationId)
      const document: NmckDocument = {
        requestNumber: request.number,
        requestDate: moscowToday(request.sentAt ?? request.createdAt),
        title: request.title,
        purpose: PROCUREMENT_PURPOSE_LABELS[request.purpose],
        customer: { name: buyer?.fullName ?? buyer?.name ?? '', inn: buyer?.inn ?? '' },
        justification: page.justification,
      }
      const name = `obosnovanie-nmck-${request.number}`
      return format === 'pdf'
        ? { name: `${name}.pdf`, data: await renderNmck(document), mimeType: 'application/pdf' }
        : {
            name: `${name}.xlsx`,
            data: await renderNmckXlsx(document),
            mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          }
    },

    /**
     * A seller's commercial offer as a PDF on its requisites: the seller's own (`offer` null) or,
     * for the buyer, the offer numbered `offer` among the answers («…/2»).
     */
    async offerFile(
      ctx: Ctx,
      number: string,
      offer: string | null,
    ): Promise<{ name: string; data: Buffer; mimeType: string }> {
      let request: RequestRow
      let recipientId: string
      if (offer === null) {
        const found = await asked(ctx, number)
        if (found.recipient.status !== 'answered') throw notFound()
        ;({ request } = found)
        recipientId = found.recipient.id
      } else {
        request = await own(ctx, number)
        if (!/^[1-9]\d{0,2}$/.test(offer)) throw notFound()
        const [answer] = await ctx.db
          .select({ id: procurementRecipients.id })
          .from(procurementRecipients)
          .where(
            and(
              eq(procurementRecipients.requestId, request.id),
              eq(procurementRecipients.offerNumber, `${request.number}/${offer}`),
            ),
          )
        if (!answer) throw notFound()
        recipientId = answer.id
      }
      const parts = await partsOf(ctx, request)
      const document = commercialOfferOf(
        parts,
        parts.recipients.find((r) => r.id === recipientId)!,
      )
      return {
        name: `kp-${document.number.replace('/', '-')}.pdf`,
        data: await renderCommercialOffer(document),
        mimeType: 'application/pdf',
      }
    },

    /**
     * A file attached to a request, for the parties only: its technical specification (the buyer
     * and every invited seller) or a seller's signed scan of its offer (that seller and the buyer).
     * `offer` is the answer's place («2») for the buyer, `mine` the seller's own.
     */
    async attachment(
      ctx: Ctx,
      number: string,
      file: { kind: 'specification'; side: 'buyer' | 'seller' } | { kind: 'scan'; offer: string | 'mine' },
    ): Promise<{ name: string; data: Buffer; mimeType: string }> {
      let fileId: string | null
      let name: string
      if (file.kind === 'specification') {
        const request = file.side === 'buyer' ? await own(ctx, number) : (await asked(ctx, number)).request
        fileId = request.specificationFileId
        name = `tz-${request.number}.pdf`
      } else {
        let recipient: RecipientRow | undefined
        if (file.offer === 'mine') recipient = (await asked(ctx, number)).recipient
        else {
          const request = await own(ctx, number)
          if (!/^[1-9]\d{0,2}$/.test(file.offer)) throw notFound()
          ;[recipient] = await ctx.db
            .select()
            .from(procurementRecipients)
            .where(
              and(
                eq(procurementRecipients.requestId, request.id),
                eq(procurementRecipients.offerNumber, `${request.number}/${file.offer}`),
              ),
            )
        }
        fileId = recipient?.status === 'answered' ? recipient.scanFileId : null
        name = `kp-${(recipient?.offerNumber ?? number).replace('/', '-')}-scan.pdf`
      }
      if (!fileId) throw notFound()
      const { meta, data } = await deps.files.readAttached(ctx, fileId)
      return { name, data, mimeType: meta.mimeType }
    },

    /**
     * A commercial purchase's answered offer (its place among the answers, «2») as the buyer's
     * cart of that seller: each catalogue item the seller sells (the offer asked, or its own of
     * the same model) at the quoted price and VAT, valid through the offer's last day.
     */
    async toCart(ctx: Ctx, number: string, place: string): Promise<{ lines: number; skipped: number }> {
      buyerOf(ctx)
      const request = await own(ctx, number)
      if (!/^[1-9]\d{0,2}$/.test(place)) throw notFound()
      if (request.purpose !== 'commercial') throw new AppError('conflict', PROCUREMENT_MESSAGES.toCartPurpose)
      const [recipient] = await ctx.db
        .select()
        .from(procurementRecipients)
        .where(
          and(
            eq(procurementRecipients.requestId, request.id),
            eq(procurementRecipients.offerNumber, `${request.number}/${place}`),
          ),
        )
      if (!recipient || recipient.status !== 'answered') throw notFound()
      if (!recipient.validUntil || recipient.validUntil < moscowToday(now())) {
        throw new AppError('conflict', PROCUREMENT_MESSAGES.offerExpired)
      }
      const [items, lines] = await Promise.all([
        ctx.db.select().from(procurementItems).where(eq(procurementItems.requestId, request.id)),
        ctx.db.select().from(procurementAnswerLines).where(eq(procurementAnswerLines.recipientId, recipient.id)),
      ])
      const offers = await deps.catalog.sellerOffersFor(
        ctx,
        recipient.sellerOrganizationId,
        items.flatMap((i) => (i.productId ? [i.productId] : [])),
      )
      const priced = new Map(lines.map((l) => [l.itemId, l]))
      const quoted = items.flatMap((item) => {
        const productId = item.productId ? offers.get(item.productId) : undefined
        const line = priced.get(item.id)
        return productId && line
          ? [
              {
                productId,
                quantity: item.quantity,
                priceKopecks: line.unitPriceKopecks,
                vatRate: line.vatRate,
                validUntil: recipient.validUntil!,
                ref: recipient.offerNumber!,
              },
            ]
          : []
      })
      if (!quoted.length) throw new AppError('conflict', PROCUREMENT_MESSAGES.nothingToCart)
      await deps.cart.putQuoted(ctx, quoted)
      return { lines: quoted.length, skipped: items.length - quoted.length }
    },

    async get(ctx: Ctx, number: string): Promise<ProcurementDetails> {
      return details(ctx, await own(ctx, number))
    },

    /** The organization's requests, newest first, with their answers counted, a status and a search. */
    async list(ctx: Ctx, query: unknown): Promise<ProcurementPage<ProcurementSummary, ProcurementStatus>> {
      const buyer = organizationOf(ctx)
      const { page, filter, q } = parse(ProcurementListQuery, query ?? {})
      const own = eq(procurementRequests.buyerOrganizationId, buyer)
      const status = PROCUREMENT_STATUSES.find((s) => s === filter)
      const chosen = status ? eq(procurementRequests.status, status) : undefined
      const search = searchOf(q)
      const { rows, counts, ...paged } = await countedPage(
        { page, pageSize: PROCUREMENT_LIMITS.pageSize },
        ctx.db
          .select({
            request: procurementRequests,
            items: sql<number>`(select count(*)::int from ${procurementItems} i where i.request_id = ${procurementRequests.id})`,
            asked: sql<number>`(select count(*)::int from ${procurementRecipients} r where r.request_id = ${procurementRequests.id})`,
            answered: sql<number>`(select count(*)::int from ${procurementRecipients} r where r.request_id = ${procurementRequests.id} and r.status = 'answered')`,
            declined: sql<number>`(select count(*)::int from ${procurementRecipients} r where r.request_id = ${procurementRequests.id} and r.status = 'declined')`,
          })
          .from(procurementRequests)
          .where(and(own, chosen, search))
          .orderBy(desc(procurementRequests.createdAt), desc(procurementRequests.id))
          .$dynamic(),
        (fields) => ctx.db.select(fields).from(procurementRequests).where(own),
        {
          matching: and(chosen, search),
          ...Object.fromEntries(PROCUREMENT_STATUSES.map((s) => [s, eq(procurementRequests.status, s)])),
        } as Record<ProcurementStatus | 'matching', SQL | undefined>,
      )
      return {
        ...paged,
        filterCounts: counts,
        items: rows.map(({ request, items, asked, answered, declined }) => ({
          number: request.number,
          title: request.title,
          purpose: request.purpose,
          status: request.status,
          deadline: request.deadline,
          itemCount: Number(items),
          recipients: { total: Number(asked), answered: Number(answered), declined: Number(declined) },
          createdAt: request.createdAt.toISOString(),
        })),
      }
    },

    /** The requests the seller's organization was asked, newest first, by its answer and a search. */
    async incoming(ctx: Ctx, query: unknown): Promise<ProcurementPage<IncomingSummary, RecipientStatus>> {
      const seller = organizationOf(ctx)
      const { page, filter, q } = parse(ProcurementListQuery, query ?? {})
      const own = and(eq(procurementRecipients.sellerOrganizationId, seller), ne(procurementRequests.status, 'draft'))
      const status = RECIPIENT_STATUSES.find((s) => s === filter)
      const chosen = status ? eq(procurementRecipients.status, status) : undefined
      const search = searchOf(q)
      const { rows, counts, ...paged } = await countedPage(
        { page, pageSize: PROCUREMENT_LIMITS.pageSize },
        ctx.db
          .select({
            request: procurementRequests,
            recipient: procurementRecipients,
            items: sql<number>`(select count(*)::int from ${procurementItems} i where i.request_id = ${procurementRequests.id})`,
          })
          .from(procurementRecipients)
          .innerJoin(procurementRequests, eq(procurementRequests.id, procurementRecipients.requestId))
          .where(and(own, chosen, search))
          .orderBy(desc(procurementRequests.sentAt), desc(procurementRecipients.id))
          .$dynamic(),
        (fields) =>
          ctx.db
            .select(fields)
            .from(procurementRecipients)
            .innerJoin(procurementRequests, eq(procurementRequests.id, procurementRecipients.requestId))
            .where(own),
        {
          matching: and(chosen, search),
          ...Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, eq(procurementRecipients.status, s)])),
        } as Record<RecipientStatus | 'matching', SQL | undefined>,
      )
      const buyers = await deps.parties.describeParties(
        ctx.db,
        rows.map((r) => r.request.buyerOrganizationId),
      )
      return {
        ...paged,
        filterCounts: counts,
        items: rows.map(({ request, recipient, items }) => ({
          number: request.number,
          title: request.title,
          buyer: { name: buyers.get(request.buyerOrganizationId)?.name ?? '' },
          status: request.status,
          myStatus: recipient.status,
          deadline: request.deadline,
          itemCount: Number(items),
          createdAt: (request.sentAt ?? request.createdAt).toISOString(),
        })),
      }
    },

    /** A request the seller was asked, as it sees it: the terms and its own answer. */
    async getIncoming(ctx: Ctx, number: string): Promise<IncomingProcurement> {
      const { request, recipient } = await asked(ctx, number)
      return incomingDetails(await partsOf(ctx, request), recipient, moscowToday(now()))
    },

    /**
     * The seller's offer: a price and VAT rate for every item, its delivery term, validity and
     * signatory. Taken while the request is sent and its deadline has not passed, once.
     */
    async answer(ctx: Ctx, number: string, input: unknown): Promise<IncomingProcurement> {
      organizationOf(ctx)
      if (!hasRole(ctx, 'vendor')) throw new AppError('forbidden', PROCUREMENT_MESSAGES.notVendor)
      const data = parse(ProcurementAnswerInput, input)
      if (data.validUntil < moscowToday(now())) {
        throw new AppError('invalid', PROCUREMENT_MESSAGES.validUntil, { validUntil: PROCUREMENT_MESSAGES.validUntil })
      }
      await ownFile(deps.files, ctx, data.scanFileId, 'scanFileId')
      const { request } = await ctx.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        const { request, recipient } = await asked(tx, number, true)
        if (recipient.status !== 'awaiting') throw new AppError('conflict', PROCUREMENT_MESSAGES.answered)
        if (request.status !== 'sent' || request.deadline < moscowToday(now())) {
          throw new AppError('conflict', PROCUREMENT_MESSAGES.notSent)
        }
        const items = await db
          .select({ id: procurementItems.id, quantity: procurementItems.quantity })
          .from(procurementItems)
          .where(eq(procurementItems.requestId, request.id))
        const priced = new Map(data.lines.map((l) => [l.itemId.toLowerCase(), l]))
        if (priced.size !== data.lines.length || items.length !== priced.size || items.some((i) => !priced.has(i.id))) {
          throw new AppError('invalid', PROCUREMENT_MESSAGES.answerItems, { lines: PROCUREMENT_MESSAGES.answerItems })
        }
        const [{ answered } = { answered: 0 }] = await db
          .select({ answered: count() })
          .from(procurementRecipients)
          .where(and(eq(procurementRecipients.requestId, request.id), eq(procurementRecipients.status, 'answered')))
        const offerNumber = `${request.number}/${answered + 1}`
        await db
          .update(procurementRecipients)
          .set({
            status: 'answered',
            answeredAt: now(),
            offerNumber,
            deliveryTerm: data.deliveryTerm,
            validUntil: data.validUntil,
            signatoryName: data.signatoryName,
            signatoryPosition: data.signatoryPosition,
            comment: data.comment,
            scanFileId: data.scanFileId ?? null,
          })
          .where(eq(procurementRecipients.id, recipient.id))
        await db.insert(procurementAnswerLines).values(
          items.map((item) => ({
            recipientId: recipient.id,
            itemId: item.id,
            unitPriceKopecks: priced.get(item.id)!.unitPriceKopecks,
            vatRate: priced.get(item.id)!.vatRate,
          })),
        )
        const totalKopecks = items.reduce((sum, item) => sum + priced.get(item.id)!.unitPriceKopecks * item.quantity, 0)
        await tell(tx, request, [recipient], 'answered', { offer: { number: offerNumber, totalKopecks } })
        return { request }
      })
      deps.events.afterCommit()
      return this.getIncoming(ctx, request.number)
    },

    /** The seller declines, saying why; the buyer sees the reason. */
    async decline(ctx: Ctx, number: string, input: unknown): Promise<IncomingProcurement> {
      organizationOf(ctx)
      const { reason } = parse(ProcurementDeclineInput, input)
      await ctx.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        const { request, recipient } = await asked(tx, number, true)
        if (recipient.status !== 'awaiting') throw new AppError('conflict', PROCUREMENT_MESSAGES.answered)
        if (request.status !== 'sent') throw new AppError('conflict', PROCUREMENT_MESSAGES.notSent)
        await db
          .update(procurementRecipients)
          .set({ status: 'declined', declineReason: reason, answeredAt: now() })
          .where(eq(procurementRecipients.id, recipient.id))
        await tell(tx, request, [recipient], 'declined', { reason })
      })
      deps.events.afterCommit()
      return this.getIncoming(ctx, number)
    },

    expire,
  }
}

export type ProcurementService = ReturnType<typeof createProcurementService>
