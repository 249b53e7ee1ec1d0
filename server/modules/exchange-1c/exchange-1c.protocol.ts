import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  EXCHANGE_LIMITS,
  EXCHANGE_MESSAGES as M,
  EXCHANGE_SESSION_TYPES,
  type ExchangeSessionType,
} from '#common/exchange-1c.ts'
import type { Ctx } from '../../context.ts'
import { isAppError } from '../../errors.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import type { OrdersModuleService } from '../orders/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { orderChangeOf, type OrderChange, ordersXml } from './commerceml/orders.ts'
import { readCmlStream } from './commerceml/read-stream.ts'
import { CmlRefusal } from './commerceml/reader.ts'
import {
  actingCtx,
  type AccountRow,
  basicCredentials,
  EXCHANGE_COOKIE,
  ExchangeFailure,
  openSession,
  type SessionRow,
  sessionOf,
  signIn,
} from './exchange-1c.access.ts'
import { type Blobs, cleanExchangeName, findFile, isZip, receivePart, removeOldFiles } from './exchange-1c.files.ts'
import { EXCHANGE_IMPORT_JOB } from './exchange-1c.import-job.ts'
import { exchange1cAccounts, exchange1cGoods, exchange1cSessions } from './exchange-1c.table.ts'

/**
 * The 1С side of «Обмен с сайтом», as 1С-Битрикс sites speak it: GET and POST requests to one
 * address with `type` (catalog, sale) and `mode` (checkauth, init, file, import, query,
 * success, complete), answered in plain text whose first line 1С reads: «success», «progress»
 * or «failure» followed by the reason 1С shows its user. Every error is such an answer; the
 * route never answers 1С with anything it cannot read.
 */

export interface ProtocolRequest {
  query: Record<string, unknown>
  /** The Authorization header (checkauth only). */
  authorization?: string
  /** The session's cookie as 1С sends it back. */
  token?: string
  body?: Uint8Array
  ip: string
}

export interface ProtocolAnswer {
  body: string
  contentType: 'text/plain; charset=utf-8' | 'application/xml; charset=utf-8'
}

/** The sale side's file moves orders through the flows (server/flows/orders-from-1c.ts). */
export type ApplyOrderChanges = (
  ctx: Ctx,
  changes: OrderChange[],
) => Promise<{ moved: number; refused: { line: number; message: string }[] }>

/** Sign-ins per address: 1С signs in once per exchange; a guesser is stopped. */
export const CHECKAUTH_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 }
/** Orders one `query` answers with; the rest come with the next exchange. */
export const ORDERS_PER_QUERY = 500

const text = (...lines: string[]): ProtocolAnswer => ({
  body: `${lines.join('\n')}\n`,
  contentType: 'text/plain; charset=utf-8',
})
const failure = (reason: string) => text('failure', reason)

export interface ProtocolDeps {
  jobs: JobsService
  limiter: RateLimiter
  blobs: Blobs
  orders: Pick<OrdersModuleService, 'changedOrders'>
  now: () => Date
}

export function createProtocol(deps: ProtocolDeps) {
  async function checkauth(ctx: Ctx, type: ExchangeSessionType, req: ProtocolRequest): Promise<ProtocolAnswer> {
    await deps.limiter.hit(`exchange1c:checkauth:${req.ip}`, CHECKAUTH_RATE_LIMIT)
    const credentials = basicCredentials(req.authorization)
    const account = credentials && (await signIn(ctx.db, credentials.login, credentials.password))
    if (!account) return failure(M.badCredentials)
    // The organization must still be a confirmed vendor with the member who turned it on.
    await actingCtx(ctx.db, account, ctx.requestId)
    const { token } = await openSession(ctx.db, account, type)
    // The files of sessions 1С finished with go now, at the start of the next one.
    await removeOldFiles(ctx.db, deps.blobs, account.organizationId, deps.now())
    return text('success', EXCHANGE_COOKIE, token)
  }

  async function importFile(ctx: Ctx, session: SessionRow, name: string): Promise<ProtocolAnswer> {
    const state = session.imports[name]
    if (state?.status === 'done') return text('success')
    if (state?.status === 'failed') return failure(state.reason ?? M.importFailed)
    if (state) {
      const job = await deps.jobs.find(ctx.db, state.jobId)
      if (!job || job.status === 'failed') return failure(M.importFailed)
      const percent = job.progressTotal ? Math.floor((job.progressDone / job.progressTotal) * 100) : 0
      return text('progress', `Загрузка «${name}»: ${percent} %`)
    }
    if (!findFile(session.files, name) && !session.files.some((f) => isZip(f.name)))
      return failure(M.fileNotReceived(name))
    const job = await deps.jobs.enqueue(
      ctx.db,
      EXCHANGE_IMPORT_JOB,
      { sessionId: session.id, fileName: name },
      { key: `${session.id}:${name}`, maxAttempts: 3 },
    )
    await ctx.db
      .update(exchange1cSessions)
      .set({
        status: 'open',
        imports: sql`${exchange1cSessions.imports} || ${JSON.stringify({ [name]: { jobId: job.id, status: 'running' } })}::jsonb`,
      })
      .where(eq(exchange1cSessions.id, session.id))
    deps.jobs.wake()
    return text('progress', `Файл «${name}» принят, загрузка начата`)
  }

  /** The orders not yet sent (or changed since), as CommerceML; `success` marks them sent. */
  async function query(ctx: Ctx, session: SessionRow, account: AccountRow): Promise<ProtocolAnswer> {
    const changed = await deps.orders.changedOrders(
      ctx,
      account.organizationId,
      account.ordersSentUntil ?? null,
      ORDERS_PER_QUERY,
    )
    const productIds = [...new Set(changed.flatMap((c) => c.lines.map((l) => l.productId)))]
    const links = productIds.length
      ? await ctx.db
          .select({ productId: exchange1cGoods.productId, externalId: exchange1cGoods.externalId })
          .from(exchange1cGoods)
          .where(
            and(
              eq(exchange1cGoods.organizationId, account.organizationId),
              inArray(exchange1cGoods.productId, productIds),
            ),
          )
      : []
    await ctx.db
      .update(exchange1cSessions)
      .set({ pendingOrdersUntil: changed.at(-1)?.mark ?? null, pendingOrders: changed.length })
      .where(eq(exchange1cSessions.id, session.id))
    return {
      body: ordersXml(changed, new Map(links.map((l) => [l.productId, l.externalId])), deps.now()),
      contentType: 'application/xml; charset=utf-8',
    }
  }

  async function confirmSent(ctx: Ctx, session: SessionRow): Promise<ProtocolAnswer> {
    await ctx.db.transaction(async (tx) => {
      if (session.pendingOrdersUntil)
        await tx
          .update(exchange1cAccounts)
          .set({ ordersSentUntil: session.pendingOrdersUntil })
          .where(eq(exchange1cAccounts.organizationId, session.organizationId))
      await tx
        .update(exchange1cSessions)
        .set({
          pendingOrdersUntil: null,
          pendingOrders: 0,
          counts: sql`jsonb_set(${exchange1cSessions.counts}, '{ordersSent}', to_jsonb(coalesce((${exchange1cSessions.counts} ->> 'ordersSent')::int, 0) + ${session.pendingOrders}))`,
          status: 'success',
          finishedAt: deps.now(),
        })
        .where(eq(exchange1cSessions.id, session.id))
    })
    return text('success')
  }

  /** 1С's orders file: what it says of each order, moved here through the order's own moves. */
  async function takeOrders(
    ctx: Ctx,
    session: SessionRow,
    account: AccountRow,
    bytes: Uint8Array,
    apply: ApplyOrderChanges,
  ): Promise<ProtocolAnswer> {
    const changes: OrderChange[] = []
    async function* once() {
      yield bytes
    }
    await readCmlStream(once(), {
      item(kind, node) {
        if (kind !== 'document') return
        const change = orderChangeOf(node)
        if (change) changes.push(change)
      },
    })
    const acting = await actingCtx(ctx.db, account, ctx.requestId)
    const outcome = await apply(acting, changes)
    const errors = [
      ...session.errors,
      ...outcome.refused.map((r) => ({ file: 'orders', line: r.line, message: r.message })),
    ].slice(0, EXCHANGE_LIMITS.errorsKept)
    await ctx.db
      .update(exchange1cSessions)
      .set({
        errors,
        counts: {
          ...session.counts,
          ordersChanged: session.counts.ordersChanged + outcome.moved,
          errors: session.counts.errors + outcome.refused.length,
        },
        status: 'success',
        finishedAt: deps.now(),
      })
      .where(eq(exchange1cSessions.id, session.id))
    return text('success')
  }

  async function handle(ctx: Ctx, req: ProtocolRequest, apply: ApplyOrderChanges): Promise<ProtocolAnswer> {
    const type = String(req.query.type ?? '')
    const mode = String(req.query.mode ?? '')
    if (!(EXCHANGE_SESSION_TYPES as readonly string[]).includes(type)) return failure(M.unknownType(type.slice(0, 40)))
    const kind = type as ExchangeSessionType
    if (mode === 'checkauth') return checkauth(ctx, kind, req)
    const { session, account } = await sessionOf(ctx.db, req.token, kind, deps.now())
    switch (mode) {
      case 'init':
        // Archives for the catalogue (pictures travel in them); orders are small plain files.
        return text(`zip=${kind === 'catalog' ? 'yes' : 'no'}`, `file_limit=${EXCHANGE_LIMITS.partBytes}`)
      case 'file': {
        const name = cleanExchangeName(String(req.query.filename ?? ''))
        if (!name) return failure(M.badFileName)
        const bytes = req.body ?? new Uint8Array(0)
        if (kind === 'sale') {
          if (bytes.length > EXCHANGE_LIMITS.partBytes)
            return failure(M.partTooLarge(EXCHANGE_LIMITS.partBytes / 1024 / 1024))
          return takeOrders(ctx, session, account, bytes, apply)
        }
        // A part after its file's import began (or an archive's, once any import began) came out of order.
        if (session.imports[name] || (isZip(name) && Object.keys(session.imports).length))
          return failure(M.partAfterImport(name))
        await receivePart(ctx.db, deps.blobs, session.id, name, bytes)
        return text('success')
      }
      case 'import': {
        if (kind !== 'catalog') break
        const name = cleanExchangeName(String(req.query.filename ?? ''))
        if (!name) return failure(M.badFileName)
        return importFile(ctx, session, name)
      }
      case 'query':
        if (kind !== 'sale') break
        return query(ctx, session, account)
      case 'success':
        if (kind !== 'sale') break
        return confirmSent(ctx, session)
      case 'complete':
      case 'deactivate':
        return text('success')
    }
    return failure(M.unknownMode(mode.slice(0, 40)))
  }

  return {
    /** Answers one request of 1С; every refusal is 1С's «failure» with the reason. */
    async answer(ctx: Ctx, req: ProtocolRequest, apply: ApplyOrderChanges): Promise<ProtocolAnswer> {
      try {
        return await handle(ctx, req, apply)
      } catch (error) {
        if (error instanceof ExchangeFailure || error instanceof CmlRefusal) return failure(error.message)
        if (isAppError(error)) return failure(error.message)
        throw error
      }
    },
  }
}

export type Protocol = ReturnType<typeof createProtocol>
