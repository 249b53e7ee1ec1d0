import { Redis } from 'ioredis'
import { isLeadFormPath } from '#content/lead-forms.ts'
import type { Config } from './config.ts'
import type { Ctx } from './context.ts'
import type { Database } from './db/client.ts'
import { type AuditService, createAuditService } from './modules/audit/audit.service.ts'
import { type CatalogService, createCatalogService } from './modules/catalog/catalog.service.ts'
import { type CompareService, createCompareService } from './modules/compare/compare.service.ts'
import { createFilesService, type FilesService } from './modules/files/files.service.ts'
import { createFileStorage } from './modules/files/files.storage.ts'
import { createIdentityService, type IdentityService } from './modules/identity/identity.service.ts'
import { createLeadsService, type LeadsService } from './modules/leads/leads.service.ts'
import { createMailService, type MailService } from './modules/mail/mail.service.ts'
import { createNotifications } from './modules/notifications/notifications.service.ts'
import { isOrganizationMember } from './modules/organizations/organizations.context.ts'
import { createOrganizationsService, type OrganizationsService } from './modules/organizations/organizations.service.ts'
import { createSellersService, type SellersService } from './modules/organizations/sellers.service.ts'
import { createRateLimiter, type RateLimiter } from './modules/rate-limit/rate-limiter.ts'

export interface HeaderSummary {
  chatUnreadMessagesCount: number
  cartCount: number
  compareCount: number
}

/**
 * The services every adapter (REST, loaders and actions, realtime) calls. Modules add their
 * service here, so a loader reaches business rules only through `context.services`.
 */
export interface Services {
  health: { isDatabaseReady(): Promise<boolean> }
  identity: IdentityService
  leads: LeadsService
  mail: MailService
  files: FilesService
  audit: AuditService
  organizations: OrganizationsService
  catalog: CatalogService
  sellers: SellersService
  compare: CompareService
  /** Counters of the header; cart, compare and chat add theirs as those modules land. */
  header: { summary(ctx: Ctx): Promise<HeaderSummary> }
  /** Releases connections the services hold (Redis, SMTP). */
  close(): Promise<void>
}

export function createServices(deps: {
  config: Config
  database: Database
  log: (msg: string, err?: unknown) => void
}): Services {
  const { config } = deps
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 2000 })
    : undefined
  const limiter: RateLimiter = createRateLimiter(redis, { scale: config.RATE_LIMIT_SCALE })
  const mail = createMailService({
    smtpUrl: config.SMTP_URL,
    mailDir: config.mailDir,
    from: config.MAIL_FROM,
    log: deps.log,
  })
  // Modules tell what happened; this one decides who hears of it and how (today by e-mail).
  const events = createNotifications({ mail, publicUrl: config.publicUrl })
  const identity = createIdentityService({
    limiter,
    events,
    policy: { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000 },
  })
  const services: Services = {
    health: {
      async isDatabaseReady() {
        try {
          await deps.database.ping()
          return true
        } catch {
          return false
        }
      },
    },
    identity,
    leads: createLeadsService({ limiter, isLeadFormPath }),
    mail,
    files: createFilesService({
      storage: createFileStorage(config),
      limiter,
      isMember: async (ctx, organizationId) =>
        ctx.user ? isOrganizationMember(ctx.db, ctx.user.id, organizationId) : false,
    }),
    audit: createAuditService({ describeUsers: identity.describeUsers }),
    // `files` is read when first needed, so the two modules need no construction order.
    organizations: createOrganizationsService({
      identity,
      events,
      limiter,
      files: () => services.files,
    }),
    // Each asks the other when first needed: product counts of sellers, names of vendors.
    catalog: createCatalogService({ sellers: () => services.sellers }),
    sellers: createSellersService({ catalog: () => services.catalog }),
    compare: createCompareService({ limiter, catalog: () => services.catalog }),
    header: {
      async summary(ctx) {
        return { chatUnreadMessagesCount: 0, cartCount: 0, compareCount: await services.compare.count(ctx) }
      },
    },
    async close() {
      await limiter.close()
      await mail.close()
    },
  }
  return services
}
