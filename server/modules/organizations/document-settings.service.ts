import { eq } from 'drizzle-orm'
import { type DocumentSettings, SIGNATURE_IMAGE_MAX_BYTES, SIGNATURE_IMAGE_TYPES } from '#common/document-settings.ts'
import { DOCUMENT_SETTINGS_MESSAGES, DocumentSettingsInput } from '#common/document-settings.schemas.ts'
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
export function createDocumentSettingsService(deps: Pick<OrganizationsDeps, 'limiter' | 'files'>) {
  /**
   * The pictures must be files of this organization the caller may see, small PNGs or JPEGs: a
   * form prints them, and anything else (a PDF, another company's stamp) is refused by field.
   */
  async function checkImages(ctx: Ctx, organizationId: string, settings: DocumentSettings): Promise<void> {
    const fields = { signatureFileId: settings.signatureFileId, stampFileId: settings.stampFileId }
    const ids = Object.values(fields).filter((id): id is string => Boolean(id))
    if (!ids.length) return
    const visible = new Map((await deps.files.describeMany(ctx, ids)).map((file) => [file.id, file]))
    const wrong: Record<string, string> = {}
    for (const [field, id] of Object.entries(fields)) {
      const file = id ? visible.get(id) : undefined
      const fits =
        file?.organizationId === organizationId &&
        (SIGNATURE_IMAGE_TYPES as readonly string[]).includes(file.mimeType) &&
        file.size <= SIGNATURE_IMAGE_MAX_BYTES
      if (id && !fits) wrong[field] = DOCUMENT_SETTINGS_MESSAGES.image
    }
    if (Object.keys(wrong).length) throw new AppError('invalid', DOCUMENT_SETTINGS_MESSAGES.image, wrong)
  }

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
      await checkImages(ctx, organizationId, settings)
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
