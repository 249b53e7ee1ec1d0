import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { getCategory, isLeafCategory } from '#common/catalog/categories.ts'
import {
  EXCHANGE_LIMITS,
  EXCHANGE_MESSAGES as M,
  EXCHANGE_PATH,
  ExchangeEnableInput,
  ExchangeGroupsInput,
  ExchangeLogQuery,
  ExchangeSettingsInput,
} from '#common/exchange-1c.ts'
import { RU } from '#common/messages.ts'
import { type Ctx, requireStaff } from '../../context.ts'
import { AppError } from '../../errors.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import { parse, parseId } from '../../parse.ts'
import { hashPassword } from '../identity/index.ts'
import type { ImportsService } from '../products/index.ts'
import type { OrdersModuleService } from '../orders/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import type { PartyDirectory } from '../organizations/index.ts'
import { exchangeScope } from './exchange-1c.access.ts'
import type { Blobs } from './exchange-1c.files.ts'
import { createImportJob, EXCHANGE_IMPORT_JOB } from './exchange-1c.import-job.ts'
import { createProtocol } from './exchange-1c.protocol.ts'
import { exchange1cAccounts, exchange1cGoods, exchange1cGroups, exchange1cSessions } from './exchange-1c.table.ts'

/** Password changes per organization: a vendor setting up 1С, not a script. */
export const CREDENTIALS_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 }

/** A password 1С keeps in its settings: 24 characters nobody has to remember or type twice. */
function newPassword(): string {
  return randomBytes(18).toString('base64url')
}

/**
 * A vendor's exchange with 1С: the cabinet's settings (the login, a password shown once, the
 * price type, what a full exchange may do), the mapping of 1С's groups to our categories, the
 * exchange log, and the protocol 1С speaks (exchange-1c.protocol.ts).
 */
export function createExchange1cService(deps: {
  jobs: JobsService
  limiter: RateLimiter
  blobs: Blobs
  orders: Pick<OrdersModuleService, 'changedOrders'>
  writer: Pick<ImportsService, 'writeExchangeGoods' | 'writeExchangeOffers' | 'takeOffSale' | 'fileWaitingDrafts'>
  publicUrl: string
  /** Organizations' names for staff's log. */
  parties: PartyDirectory
  now?: () => Date
}) {
  deps.jobs.register(EXCHANGE_IMPORT_JOB, createImportJob({ blobs: deps.blobs, writer: deps.writer }))
  const protocol = createProtocol({ ...deps, now: deps.now ?? (() => new Date()) })

  async function accountOf(ctx: Ctx, organizationId: string) {
    const [account] = await ctx.db
      .select()
      .from(exchange1cAccounts)
      .where(eq(exchange1cAccounts.organizationId, organizationId))
    return account ?? null
  }

  async function settingsOf(ctx: Ctx, organizationId: string) {
    const account = await accountOf(ctx, organizationId)
    return {
      address: `${deps.publicUrl}${EXCHANGE_PATH}`,
      enabled: Boolean(account?.passwordHash),
      login: account?.login ?? null,
      passwordSetAt: account?.passwordHash ? account.passwordSetAt : null,
      priceType: account?.priceType ?? null,
      takeOffMissing: account?.takeOffMissing ?? false,
    }
  }

  return {
    answer: protocol.answer,

    async settings(ctx: Ctx) {
      return settingsOf(ctx, exchangeScope(ctx).organizationId)
    },

    /**
     * Turns the exchange on, or gives it a new password: the password is in this answer only
     * (kept as a hash). The login is the one given, or the one it had, or one made from the
     * organization's slug.
     */
    async enable(ctx: Ctx, input: unknown) {
      const { organizationId } = exchangeScope(ctx)
      const { login: wanted } = parse(ExchangeEnableInput, input ?? {})
      await deps.limiter.hit(`exchange1c:credentials:${organizationId}`, CREDENTIALS_RATE_LIMIT)
      const current = await accountOf(ctx, organizationId)
      const login = wanted ?? current?.login ?? `org-${organizationId.slice(0, 8)}-1c`
      const [taken] = await ctx.db
        .select({ organizationId: exchange1cAccounts.organizationId })
        .from(exchange1cAccounts)
        .where(eq(sql`lower(${exchange1cAccounts.login})`, login.toLowerCase()))
      if (taken && taken.organizationId !== organizationId)
        throw new AppError('conflict', M.loginTaken, { login: M.loginTaken })
      const password = newPassword()
      const passwordHash = await hashPassword(password)
      const now = new Date()
      await ctx.db
        .insert(exchange1cAccounts)
        .values({ organizationId, login, passwordHash, actingUserId: ctx.user!.id, passwordSetAt: now })
        .onConflictDoUpdate({
          target: exchange1cAccounts.organizationId,
          set: { login, passwordHash, actingUserId: ctx.user!.id, passwordSetAt: now },
        })
      return { ...(await settingsOf(ctx, organizationId)), password }
    },

    /** Turns the exchange off: the password no longer signs in, open sessions end. Settings stay. */
    async revoke(ctx: Ctx) {
      const { organizationId } = exchangeScope(ctx)
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(exchange1cAccounts)
          .set({ passwordHash: null })
          .where(eq(exchange1cAccounts.organizationId, organizationId))
        await tx
          .update(exchange1cSessions)
          .set({ status: 'failure', finishedAt: new Date() })
          .where(and(eq(exchange1cSessions.organizationId, organizationId), eq(exchange1cSessions.status, 'open')))
      })
      return settingsOf(ctx, organizationId)
    },

    async saveSettings(ctx: Ctx, input: unknown) {
      const { organizationId } = exchangeScope(ctx)
      const data = parse(ExchangeSettingsInput, input ?? {})
      if (!(await accountOf(ctx, organizationId))) throw new AppError('not_found', M.notFound)
      const set = {
        ...(data.priceType !== undefined && { priceType: data.priceType || null }),
        ...(data.takeOffMissing !== undefined && { takeOffMissing: data.takeOffMissing }),
      }
      if (Object.keys(set).length)
        await ctx.db.update(exchange1cAccounts).set(set).where(eq(exchange1cAccounts.organizationId, organizationId))
      return settingsOf(ctx, organizationId)
    },

    /** 1С's groups with their categories, those with goods first. */
    groups: (ctx: Ctx) => groupsOf(ctx, exchangeScope(ctx).organizationId),

    /** Remembers categories of groups; the next exchange files their goods there. */
    async mapGroups(ctx: Ctx, input: unknown) {
      const { organizationId } = exchangeScope(ctx)
      const { groups } = parse(ExchangeGroupsInput, input ?? {})
      const fields: Record<string, string> = {}
      for (const [id, slug] of Object.entries(groups))
        if (slug !== null && !isLeafCategory(slug)) fields[`groups.${id}`] = M.categoryNotLeaf
      if (Object.keys(fields).length) throw new AppError('invalid', RU.invalidRequest, fields)
      await ctx.db.transaction(async (tx) => {
        for (const [id, slug] of Object.entries(groups))
          await tx
            .update(exchange1cGroups)
            .set({ categorySlug: slug })
            .where(and(eq(exchange1cGroups.organizationId, organizationId), eq(exchange1cGroups.groupId, id)))
      })
      // The goods already here that waited for their group's category get it now: one read for all groups.
      const mapped = Object.entries(groups).filter((entry): entry is [string, string] => entry[1] !== null)
      const goods = mapped.length
        ? await ctx.db
            .select({ productId: exchange1cGoods.productId, groupId: exchange1cGoods.groupId })
            .from(exchange1cGoods)
            .where(
              and(
                eq(exchange1cGoods.organizationId, organizationId),
                inArray(
                  exchange1cGoods.groupId,
                  mapped.map(([id]) => id),
                ),
              ),
            )
        : []
      let submitted = 0
      for (const [id, slug] of mapped) {
        const ids = goods.filter((g) => g.groupId === id).map((g) => g.productId)
        submitted += await deps.writer.fileWaitingDrafts(ctx, organizationId, ids, slug)
      }
      return { groups: await groupsOf(ctx, organizationId), submitted }
    },

    /** The organization's exchange sessions, newest first, a page at a time. */
    async log(ctx: Ctx, query: unknown) {
      const { organizationId } = exchangeScope(ctx)
      return logPage(ctx, query, organizationId)
    },

    /** Staff: every organization's sessions. */
    async staffLog(ctx: Ctx, query: unknown) {
      requireStaff(ctx)
      return logPage(ctx, query, null)
    },

    /** One session with its errors: the organization's own, or any for staff. */
    async logEntry(ctx: Ctx, id: string) {
      const sessionId = parseId(id, M.sessionNotFound)
      const organizationId = ctx.user?.isStaff ? null : exchangeScope(ctx).organizationId
      const [row] = await ctx.db
        .select()
        .from(exchange1cSessions)
        .where(
          and(
            eq(exchange1cSessions.id, sessionId),
            organizationId ? eq(exchange1cSessions.organizationId, organizationId) : undefined,
          ),
        )
      if (!row) throw new AppError('not_found', M.sessionNotFound)
      return { ...summaryOf(row), errors: row.errors }
    },
  }

  async function groupsOf(ctx: Ctx, organizationId: string) {
    const rows = await ctx.db
      .select()
      .from(exchange1cGroups)
      .where(eq(exchange1cGroups.organizationId, organizationId))
      .orderBy(desc(exchange1cGroups.goods), asc(exchange1cGroups.name))
    return rows.map((g) => ({
      id: g.groupId,
      parentId: g.parentId,
      name: g.name,
      goods: g.goods,
      categorySlug: g.categorySlug,
      categoryTitle: g.categorySlug ? (getCategory(g.categorySlug)?.title ?? null) : null,
    }))
  }

  async function logPage(ctx: Ctx, query: unknown, organizationId: string | null) {
    const { page } = parse(ExchangeLogQuery, query ?? {})
    const where = organizationId ? eq(exchange1cSessions.organizationId, organizationId) : undefined
    const pageSize = EXCHANGE_LIMITS.logPageSize
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(exchange1cSessions)
        .where(where)
        .orderBy(desc(exchange1cSessions.startedAt), desc(exchange1cSessions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(exchange1cSessions).where(where),
    ])
    const names = organizationId
      ? null
      : await deps.parties.describeParties(
          ctx.db,
          rows.map((r) => r.organizationId),
        )
    const items = rows.map((row) => ({
      ...summaryOf(row),
      organizationName: names?.get(row.organizationId)?.name ?? null,
    }))
    return { items, total: total?.n ?? 0, page, pageSize }
  }
}

function summaryOf(row: typeof exchange1cSessions.$inferSelect) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    type: row.type,
    status: row.status,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    files: row.files.map((f) => ({ name: f.name.replace(/#unpacked$/, ''), bytes: f.bytes })),
    counts: row.counts,
  }
}

export type Exchange1cService = ReturnType<typeof createExchange1cService>
