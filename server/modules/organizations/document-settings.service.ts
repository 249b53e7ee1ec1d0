import { eq } from 'drizzle-orm'
import type { DocumentSettings } from '#common/document-settings.ts'
import { DocumentSettingsInput } from '#common/document-settings.schemas.ts'
import { ORGANIZATION_MESSAGES } from '#common/organizations.schemas.ts'
import { type Ctx, requireUser } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { recordAudit } from '../audit/index.ts'
import type { RateLimitRule } from '../rate-limit/index.ts'
import { type OrganizationsDeps, parse, requireId, requireManager } from './organizations.access.ts'
import { organizations } from './organizations.table.ts'

export type { DocumentSettings }

/** Signatories change with people and powers of attorney: a few saves in a row, not hundreds. */
export const DOCUMENT_SETTINGS_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 }

/**
 * Who signs an organization's documents and how it charges VAT: its owners and administrators
 * set them, its members see them with the organization, and the orders module reads them through
 * `documentSettingsOf` when an invoice is issued.
 */
export function createDocumentSettingsService(deps: Pick<OrganizationsDeps, 'limiter'>) {
  return {
    /**
     * Sets the whole of the settings at once. Owners and administrators only; someone outside the
     * organization gets not_found, a plain member forbidden.
     */
    async setDocumentSettings(ctx: Ctx, organizationId: string, input: unknown): Promise<DocumentSettings> {
      const me = requireUser(ctx)
      await requireManager(ctx, organizationId)
      const settings = parse(DocumentSettingsInput, input)
      await deps.limiter.hit(`organizations:document-settings:${me.id}`, DOCUMENT_SETTINGS_RATE_LIMIT)
      const id = requireId(organizationId)
      await ctx.db
        .update(organizations)
        .set({ documentSettings: settings, updatedAt: new Date() })
        .where(eq(organizations.id, id))
      await recordAudit(ctx, {
        action: 'organization.document_settings',
        targetType: 'organization',
        targetId: id,
        details: { vatStatus: settings.vatStatus, byAttorney: settings.attorney !== null },
      })
      return settings
    },

    /**
     * The settings an invoice of this organization prints, null while it has none. A read for
     * services that have already authorized their caller (an order's seller is known to the
     * order); an organization that does not exist is not_found.
     */
    async documentSettingsOf(ctx: Ctx, organizationId: string): Promise<DocumentSettings | null> {
      const [row] = await ctx.db
        .select({ settings: organizations.documentSettings })
        .from(organizations)
        .where(eq(organizations.id, requireId(organizationId)))
      if (!row) throw new AppError('not_found', ORGANIZATION_MESSAGES.notFound)
      return row.settings
    },
  }
}
