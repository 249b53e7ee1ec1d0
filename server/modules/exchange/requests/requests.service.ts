import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm'
import { polygonAreaHectares } from '#common/geo.ts'
import { REQUEST_LIMITS, REQUEST_MESSAGES, type RequestDetails } from '#common/exchange/requests.ts'
import {
  CancelRequestInput,
  deadlineProblem,
  ExtendDeadlineInput,
  type PublishableRequest,
  publishProblems,
  RequestInput,
} from '#common/exchange/requests.schemas.ts'
import { type AttachedFile, formatRequestNumber } from '#common/exchange/services.ts'
import { RU } from '#common/messages.ts'
import { moscowToday } from '#common/moscow-days.ts'
import type { z } from '#common/zod.ts'
import { type Ctx, requireUser, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { createOnce, idempotencyKeyOf } from '../../../idempotency.ts'
import type {
  ConfirmedVendorRef,
  ConfirmedVendors,
  PartyDirectory,
  VendorDirectory,
} from '../../organizations/index.ts'
import type { FilesService } from '../../files/index.ts'
import type { RateLimiter, RateLimitRule } from '../../rate-limit/index.ts'
import { findVisibleRequest, type RequestRow } from './request-access.ts'
import type { RequestJobs } from './requests.jobs.ts'
import { moveRequest, recordRequestCreation, requestTransition } from './requests.machine.ts'
import { serviceRequests } from './requests.table.ts'
import { viewRequest } from './requests.view.ts'
import { rowsOf } from '../../../db/rows.ts'

/** Creating is a click; dozens an hour is a script. */
export const REQUEST_CREATE_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60 * 60_000 }
/** Saves and moves: as often as a customer works the form. */
export const REQUEST_SAVE_RATE_LIMIT: RateLimitRule = { limit: 1200, windowMs: 60 * 60_000 }
/** The vendors the invitation list offers at most. */
const INVITE_OPTIONS = 500

export interface RequestsDeps {
  parties: PartyDirectory
  vendors: ConfirmedVendors
  /** Whether the customer has a seller page (it is a confirmed vendor too). */
  sellerSlugs: Pick<VendorDirectory, 'resolveVendorSlugs'>
  files: Pick<FilesService, 'describeMany' | 'readAttached'>
  /** The new-request e-mails and the expiry run as jobs (requests.jobs.ts). */
  jobs: RequestJobs
  limiter: RateLimiter
}

export interface RequestsService {
  /** Whether the caller may post requests (a confirmed buyer), and the vendors it may invite. */
  formOptions(ctx: Ctx): Promise<{ vendors: ConfirmedVendorRef[] }>
  /** A new draft; with an Idempotency-Key a repeat returns the draft the first call made. */
  create(ctx: Ctx, input: unknown, idempotencyKey?: string): Promise<RequestDetails>
  /** The draft a new-request form's key made, or null: the form's later saves update it. */
  findCreated(ctx: Ctx, creationKey: string): Promise<RequestDetails | null>
  /** A draft as the form has it; an open request takes only a later proposals deadline. */
  update(ctx: Ctx, number: string, input: unknown): Promise<RequestDetails>
  /** Draft → open, after the full checks; the matching vendors hear of it. */
  publish(ctx: Ctx, number: string): Promise<RequestDetails>
  /**
   * Refuses, as `publish` would, a request that could not go out as typed: a form published before
   * it was ever saved is checked first, so a refused publish leaves no draft behind.
   */
  assertPublishable(input: unknown): void
  close(ctx: Ctx, number: string): Promise<RequestDetails>
  cancel(ctx: Ctx, number: string, input: unknown): Promise<RequestDetails>
  /** The request as the caller may see it; otherwise the same 404 as a missing one. */
  get(ctx: Ctx, number: string): Promise<RequestDetails>
  /** An attached file, for whoever may see the request. */
  attachment(ctx: Ctx, number: string, fileId: string): Promise<{ data: Buffer; mimeType: string; name: string }>
  /** The platform closes open requests whose proposals deadline has passed; answers how many. */
  expireOverdue(ctx: Ctx): Promise<number>
}

type Input = z.output<typeof RequestInput>

const notFound = () => new AppError('not_found', REQUEST_MESSAGES.notFound)

/** Validates with field errors keyed by the form's names (`flight.maxAltitudeM` for the flight's). */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const [first, second] = issue.path
    const key = first === 'flight' && second !== undefined ? `flight.${String(second)}` : String(first ?? '_')
    fields[key] ??= issue.message
  }
  throw new AppError('invalid', RU.invalidRequest, fields)
}

/** The organization the caller posts as: a confirmed buyer, or a 403 saying what is missing. */
/** The draft an Idempotency-Key (or a new-request form's key) made, if it made one. */
async function requestOfKey(ctx: Ctx, organizationId: string, key: string | null): Promise<RequestRow | undefined> {
  if (!key) return undefined
  const [row] = await ctx.db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.organizationId, organizationId), eq(serviceRequests.creationKey, key)))
  return row
}

function buyerOf(ctx: Ctx): string {
  requireUser(ctx)
  const org = ctx.organization
  if (!org?.roles.some((r) => r.type === 'buyer' && r.status === 'confirmed'))
    throw new AppError('forbidden', REQUEST_MESSAGES.notBuyer)
  return org.id
}

const round2 = (v: number) => Math.round(v * 100) / 100

/**
 * Buyers' service requests (point 3 of the exchange): drafts, publishing with the full checks,
 * closing and cancelling on requests.machine.ts, the page's view through findVisibleRequest, and
 * the platform's expiry of overdue requests (requests.jobs.ts runs it and the new-request e-mails).
 */
/** Throws what publishing still refuses, field by field; nothing when the request may go out. */
function refuseUnpublishable(request: PublishableRequest) {
  const problems = publishProblems(request, moscowToday())
  if (Object.keys(problems).length) throw new AppError('invalid', REQUEST_MESSAGES.fillRequired, problems)
}

export function createRequestsService(deps: RequestsDeps): RequestsService {
  /** The request as the customer's organization; anyone else's (or invisible) is a 404. */
  async function findOwn(ctx: Ctx, number: string, forUpdate = false): Promise<RequestRow> {
    requireUser(ctx)
    const { request, viewer } = await findVisibleRequest(ctx, number, { forUpdate })
    if (viewer !== 'customer') throw notFound()
    return request
  }

  /** The uploaded files as the request names them; one the caller may not see is refused. */
  async function attachedFiles(ctx: Ctx, ids: string[], kept: AttachedFile[]): Promise<AttachedFile[]> {
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))]
    const known = new Map(kept.map((f) => [f.fileId, f]))
    const fresh = wanted.filter((id) => !known.has(id))
    const found = new Map(fresh.length ? (await deps.files.describeMany(ctx, fresh)).map((f) => [f.id, f]) : [])
    return wanted.map((id) => {
      const old = known.get(id)
      if (old) return old
      const file = found.get(id)
      if (!file)
        throw new AppError('invalid', 'Файл не найден: загрузите его ещё раз', {
          attachmentIds: 'Файл не найден: загрузите его ещё раз',
        })
      return { fileId: file.id, name: file.originalName, size: file.size, mimeType: file.mimeType }
    })
  }

  /** Only confirmed vendors other than the customer itself may be invited. */
  async function invitedVendors(ctx: Ctx, organizationId: string, input: Input): Promise<string[]> {
    if (input.visibility !== 'invited') return []
    const ids = [...new Set(input.invitedOrganizationIds.map((id) => id.toLowerCase()))]
    const found = await deps.vendors.byIds(ctx.db, ids)
    if (ids.some((id) => !found.has(id) || id === organizationId)) {
      const message = 'Пригласить можно только исполнителей с подтверждённой ролью «Поставщик»'
      throw new AppError('invalid', message, { invitedOrganizationIds: message })
    }
    return ids
  }

  /** The columns a draft's content writes. */
  async function contentColumns(ctx: Ctx, organizationId: string, input: Input, kept: AttachedFile[] = []) {
    const { attachmentIds, ...content } = input
    return {
      ...content,
      areaHectares: content.area ? round2(polygonAreaHectares(content.area)) : null,
      attachments: await attachedFiles(ctx, attachmentIds, kept),
      invitedOrganizationIds: await invitedVendors(ctx, organizationId, input),
      updatedAt: new Date(),
    }
  }

  const ownView = async (ctx: Ctx, number: string) => viewRequest(ctx, deps, await findOwn(ctx, number), 'customer')

  /** Requests the organization published since Moscow's midnight. */
  async function publishedToday(ctx: Ctx, organizationId: string): Promise<number> {
    const midnight = sql`(date_trunc('day', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow')`
    const [row] = await ctx.db
      .select({ n: count() })
      .from(serviceRequests)
      .where(and(eq(serviceRequests.organizationId, organizationId), gte(serviceRequests.publishedAt, midnight)))
    return Number(row?.n ?? 0)
  }

  /** A customer's move of the request; a repeated click (already there) answers it as it is. */
  async function customerMove(
    ctx: Ctx,
    number: string,
    event: 'close' | 'cancel',
    target: RequestRow['status'],
    comment: string | null = null,
  ): Promise<RequestDetails> {
    const row = await findOwn(ctx, number)
    if (row.status !== target) {
      await deps.limiter.hit(`exchange:requests:save:${ctx.user!.id}`, REQUEST_SAVE_RATE_LIMIT)
      await moveRequest(ctx, row.id, requestTransition(row.status, event, 'customer', row.number), { comment })
    }
    return ownView(ctx, number)
  }

  return {
    async formOptions(ctx) {
      const organizationId = buyerOf(ctx)
      const vendors = await deps.vendors.list(ctx.db, INVITE_OPTIONS)
      return { vendors: vendors.filter((v) => v.id !== organizationId) }
    },

    async findCreated(ctx, creationKey) {
      const organizationId = buyerOf(ctx)
      const row = await requestOfKey(ctx, organizationId, idempotencyKeyOf(creationKey))
      return row ? viewRequest(ctx, deps, row, 'customer') : null
    },

    async create(ctx, input, idempotencyKey) {
      const organizationId = buyerOf(ctx)
      const key = idempotencyKeyOf(idempotencyKey)
      const data = parseInput(RequestInput, input)
      const row = await createOnce(
        ctx.db,
        { scope: `requests.create:${organizationId}`, key, input: data },
        () => requestOfKey(ctx, organizationId, key),
        async () => {
          await deps.limiter.hit(`exchange:requests:create:${organizationId}`, REQUEST_CREATE_RATE_LIMIT)
          const columns = await contentColumns(ctx, organizationId, data)
          const customer = (await deps.parties.describeParties(ctx.db, [organizationId])).get(organizationId)
          if (!customer) throw new AppError('forbidden', REQUEST_MESSAGES.notBuyer)
          const step = requestTransition(null, 'create', 'customer')
          return ctx.db.transaction(async (tx) => {
            const numbered = await tx.execute<{ next: number }>(
              sql`select nextval('service_request_numbers')::int as next`,
            )
            const next = Number(rowsOf<{ next: number }>(numbered)[0]!.next)
            const [row] = await tx
              .insert(serviceRequests)
              .values({
                ...columns,
                number: formatRequestNumber(new Date(), next),
                status: step.to,
                organizationId,
                customer,
                createdByUserId: ctx.user!.id,
                creationKey: key,
              })
              .returning()
            await recordRequestCreation(withDb(ctx, tx), row!.id)
            return row!
          })
        },
      )
      return viewRequest(ctx, deps, row, 'customer')
    },

    async update(ctx, number, input) {
      const row = await findOwn(ctx, number)
      if (row.status === 'open') {
        // Vendors may be writing proposals to these terms: only more time for them is safe.
        const { proposalsDeadline } = parseInput(ExtendDeadlineInput, input)
        if (proposalsDeadline !== row.proposalsDeadline) {
          if (row.proposalsDeadline && proposalsDeadline < row.proposalsDeadline) {
            const message = 'Срок приёма предложений у опубликованной заявки можно только продлить'
            throw new AppError('invalid', message, { proposalsDeadline: message })
          }
          const problem = deadlineProblem(proposalsDeadline, row.startsOn, moscowToday())
          if (problem) throw new AppError('invalid', problem, { proposalsDeadline: problem })
          await deps.limiter.hit(`exchange:requests:save:${ctx.user!.id}`, REQUEST_SAVE_RATE_LIMIT)
          const [saved] = await ctx.db
            .update(serviceRequests)
            .set({ proposalsDeadline, updatedAt: new Date() })
            .where(and(eq(serviceRequests.id, row.id), eq(serviceRequests.status, 'open')))
            .returning({ id: serviceRequests.id })
          if (!saved) throw new AppError('conflict', REQUEST_MESSAGES.stale)
          await deps.jobs.scheduleExpiry(ctx, proposalsDeadline)
        }
        return ownView(ctx, number)
      }
      if (row.status !== 'draft')
        throw new AppError(
          'conflict',
          `Заявка № ${row.number}: изменить можно только черновик или срок приёма предложений открытой заявки.`,
        )
      const data = parseInput(RequestInput, input)
      const columns = await contentColumns(ctx, row.organizationId, data, row.attachments)
      await deps.limiter.hit(`exchange:requests:save:${ctx.user!.id}`, REQUEST_SAVE_RATE_LIMIT)
      const [saved] = await ctx.db
        .update(serviceRequests)
        .set(columns)
        .where(and(eq(serviceRequests.id, row.id), eq(serviceRequests.status, 'draft')))
        .returning({ id: serviceRequests.id })
      if (!saved) throw new AppError('conflict', REQUEST_MESSAGES.stale)
      return ownView(ctx, number)
    },

    async publish(ctx, number) {
      const row = await findOwn(ctx, number)
      // A second click finds it published already.
      if (row.status === 'open') return ownView(ctx, number)
      const step = requestTransition(row.status, 'publish', 'customer', row.number)
      // The customer must still be a confirmed buyer when it goes out.
      buyerOf(ctx)
      refuseUnpublishable(row)
      if (row.visibility === 'invited') {
        const still = await deps.vendors.byIds(ctx.db, row.invitedOrganizationIds)
        if (row.invitedOrganizationIds.some((id) => !still.has(id))) {
          const message = 'Кто-то из приглашённых больше не подтверждённый поставщик: обновите список приглашённых'
          throw new AppError('invalid', message, { invitedOrganizationIds: message })
        }
      }
      await deps.limiter.hit(`exchange:requests:save:${ctx.user!.id}`, REQUEST_SAVE_RATE_LIMIT)
      if ((await publishedToday(ctx, row.organizationId)) >= REQUEST_LIMITS.perDay)
        throw new AppError('conflict', REQUEST_MESSAGES.tooMany)
      await ctx.db.transaction(async (tx) => {
        const txCtx = withDb(ctx, tx)
        await moveRequest(txCtx, row.id, step, { set: { publishedAt: new Date() } })
        // The e-mails to vendors go from a job: publishing does not wait for them.
        await deps.jobs.announce(txCtx, row.id)
        await deps.jobs.scheduleExpiry(txCtx, row.proposalsDeadline!)
      })
      deps.jobs.wake()
      return ownView(ctx, number)
    },

    assertPublishable(input) {
      refuseUnpublishable(parseInput(RequestInput, input))
    },

    close(ctx, number) {
      return customerMove(ctx, number, 'close', 'closed')
    },

    async cancel(ctx, number, input) {
      const { reason } = parseInput(CancelRequestInput, input)
      return customerMove(ctx, number, 'cancel', 'cancelled', reason)
    },

    async get(ctx, number) {
      const { request, viewer } = await findVisibleRequest(ctx, number)
      return viewRequest(ctx, deps, request, viewer)
    },

    async attachment(ctx, number, fileId) {
      const { request } = await findVisibleRequest(ctx, number)
      const attached = request.attachments.find((f) => f.fileId === fileId.toLowerCase())
      if (!attached) throw new AppError('not_found', 'Файл не найден')
      const { meta, data } = await deps.files.readAttached(ctx, attached.fileId)
      return { data, mimeType: meta.mimeType, name: meta.originalName }
    },

    async expireOverdue(ctx) {
      const today = moscowToday()
      const overdue = await ctx.db
        .select({ id: serviceRequests.id })
        .from(serviceRequests)
        .where(and(eq(serviceRequests.status, 'open'), lt(serviceRequests.proposalsDeadline, today)))
        .orderBy(asc(serviceRequests.proposalsDeadline))
      let closed = 0
      for (const { id } of overdue) {
        const moved = await ctx.db.transaction(async (tx) => {
          const [row] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).for('update')
          // The customer closed or extended it meanwhile: nothing to do.
          if (!row || row.status !== 'open' || !row.proposalsDeadline || row.proposalsDeadline >= today) return false
          await moveRequest(withDb(ctx, tx), row.id, requestTransition(row.status, 'expire', 'system', row.number), {
            comment: 'Срок приёма предложений истёк',
          })
          return true
        })
        if (moved) closed++
      }
      return closed
    },
  }
}
