import { and, eq } from 'drizzle-orm'
import {
  legalFormIssues,
  ORGANIZATION_MESSAGES,
  OrganizationInput,
  OrganizationUpdateInput,
} from '#common/organizations.schemas.ts'
import { type Ctx, readOnce, requireUser, withDb } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { isRegionCode, regionCodeByName } from '#common/regions.ts'
import { recordAudit } from '../audit/index.ts'
import type { Audience } from '../notifications/index.ts'
import type { RateLimitRule } from '../rate-limit/index.ts'
import { bankRequisitesColumns, createBankRequisitesService, toBankRequisites } from './bank-requisites.service.ts'
import { createDocumentSettingsService } from './document-settings.service.ts'
import { createCompanyLookup } from './company-registry/company-lookup.ts'
import { createInvitationsService } from './invitations/invitations.service.ts'
import { createJoinRequestsService } from './join-requests/join-requests.service.ts'
import { createMembersService } from './members/members.service.ts'
import {
  peopleOf,
  type OrganizationsDeps,
  parse,
  requireId,
  requireManager,
  requireMember,
} from './organizations.access.ts'
import { listUserOrganizations, MEMBERSHIPS } from './organizations.context.ts'
import { organizationDetails, organizationMembers, organizations } from './organizations.table.ts'
import { freeSlug } from './organizations.slug.ts'
import { createVerificationService } from './verification/verification.service.ts'
import { createStaffVerificationService } from './verification/verification.staff.ts'

export type { FileInfo, FilesPort, OrganizationsDeps } from './organizations.access.ts'

/** Registering a handful of companies is normal; hundreds from one account is a script. */
export const CREATE_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 }

/**
 * Organizations, their members and the verification of their roles: the organization itself is
 * here, each other part in its folder (members/, invitations/, join-requests/, verification/),
 * and the service is all of them side by side. Every function takes the caller's context first
 * and checks access itself; a non-member sees another organization's things as not found.
 */
export function createOrganizationsService(deps: OrganizationsDeps) {
  /**
   * The organization as one of its members sees it, bank requisites included; the membership is
   * part of the query.
   */
  async function get(ctx: Ctx, organizationId: string) {
    const me = requireUser(ctx)
    const [found] = await ctx.db
      .select({
        ...organizationDetails,
        bank: bankRequisitesColumns,
        documentSettings: organizations.documentSettings,
        memberRole: organizationMembers.role,
      })
      .from(organizations)
      .innerJoin(
        organizationMembers,
        and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, me.id)),
      )
      .where(eq(organizations.id, requireId(organizationId)))
    if (!found) throw new AppError('not_found', ORGANIZATION_MESSAGES.notFound)
    const { bank, ...row } = found
    return { ...row, bankRequisites: toBankRequisites(bank) }
  }

  function duplicateInn(inn: string, existingOrganizationId: string): AppError {
    const message = ORGANIZATION_MESSAGES.innTaken(inn)
    // The id rides along with the field errors, so forms and API clients can offer «Попросить доступ».
    return new AppError('conflict', message, { inn: message, existingOrganizationId })
  }

  return {
    get,

    /** The organization's id and short name, for other modules' events (a product approved). */
    async nameOf(ctx: Ctx, organizationId: string): Promise<{ id: string; name: string }> {
      const [org] = await ctx.db
        .select({ id: organizations.id, name: organizations.shortName })
        .from(organizations)
        .where(eq(organizations.id, requireId(organizationId)))
      if (!org) throw new AppError('not_found', ORGANIZATION_MESSAGES.notFound)
      return org
    },

    /**
     * The region a signed-in member's organization buys for, as a code (common/regions.ts): the
     * region it names on its page, else the one its INN was issued in; null without either.
     */
    async regionCodeOf(ctx: Ctx): Promise<string | null> {
      if (!ctx.organization) return null
      const [org] = await ctx.db
        .select({ inn: organizations.inn, region: organizations.region })
        .from(organizations)
        .where(eq(organizations.id, ctx.organization.id))
      if (!org) return null
      const fromInn = org.inn.slice(0, 2)
      return (org.region && regionCodeByName(org.region)) || (isRegionCode(fromInn) ? fromInn : null)
    },

    /** Whom an event reaches: the members of its audiences with their addresses (notifications only). */
    peopleOf: (ctx: Ctx, audiences: Audience[]) => peopleOf(ctx, deps, audiences),

    /** The organizations the caller belongs to, as in whoami. */
    async listMine(ctx: Ctx) {
      const me = requireUser(ctx)
      return readOnce(ctx, MEMBERSHIPS, () => listUserOrganizations(ctx.db, me.id, me.selectedOrganizationId))
    },

    /** Registers an organization; the creator becomes its owner and works as it from now on. */
    async create(ctx: Ctx, input: unknown) {
      const me = requireUser(ctx)
      const data = parse(OrganizationInput, input)
      const [existing] = await ctx.db
        .select({ id: organizations.id, memberRole: organizationMembers.role })
        .from(organizations)
        .leftJoin(
          organizationMembers,
          and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, me.id)),
        )
        .where(eq(organizations.inn, data.inn))
      // A repeated submission by the creator (double click, retry) gets the organization it made.
      if (existing?.memberRole) return get(ctx, existing.id)
      if (existing) throw duplicateInn(data.inn, existing.id)
      await deps.limiter.hit(`organizations:create:${me.id}`, CREATE_RATE_LIMIT)

      const id = await ctx.db.transaction(async (tx) => {
        const t = withDb(ctx, tx)
        const [created] = await tx
          .insert(organizations)
          .values({ ...data, slug: await freeSlug(tx, data.shortName, data.inn), createdByUserId: me.id })
          .onConflictDoNothing({ target: organizations.inn })
          .returning({ id: organizations.id })
        if (!created) {
          const [raced] = await tx
            .select({ id: organizations.id })
            .from(organizations)
            .where(eq(organizations.inn, data.inn))
          throw duplicateInn(data.inn, raced!.id)
        }
        await tx.insert(organizationMembers).values({ organizationId: created.id, userId: me.id, role: 'owner' })
        await deps.identity.setSelectedOrganization(t, created.id)
        await recordAudit(t, { action: 'organization.create', targetType: 'organization', targetId: created.id })
        return created.id
      })
      return get(ctx, id)
    },

    /** Owners and administrators edit the details; INN, OGRN and the legal form stay. */
    async update(ctx: Ctx, organizationId: string, input: unknown) {
      await requireManager(ctx, organizationId)
      const data = parse(OrganizationUpdateInput, input)
      const current = await get(ctx, organizationId)
      const issues = legalFormIssues({ legalForm: current.legalForm, kpp: data.kpp })
      if (Object.keys(issues).length) throw new AppError('invalid', 'Проверьте правильность заполнения полей.', issues)
      if (Object.values(data).every((v) => v === undefined)) return current
      await ctx.db
        .update(organizations)
        .set({ ...data, updatedAt: new Date() })
        .where(eq(organizations.id, current.id))
      await recordAudit(ctx, {
        action: 'organization.update',
        targetType: 'organization',
        targetId: current.id,
        details: { fields: Object.keys(data).filter((k) => data[k as keyof typeof data] !== undefined) },
      })
      return get(ctx, organizationId)
    },

    /** Makes the organization the one the caller works as (members only). */
    async select(ctx: Ctx, organizationId: string): Promise<void> {
      await requireMember(ctx, organizationId)
      await deps.identity.setSelectedOrganization(ctx, requireId(organizationId))
    },

    // One level: each part's methods sit beside the organization's own; no two share a name.
    ...createMembersService(deps),
    ...createInvitationsService(deps),
    ...createJoinRequestsService(deps),
    ...createVerificationService(deps),
    ...createStaffVerificationService(deps),
    ...createBankRequisitesService(deps),
    ...createDocumentSettingsService(deps),
    ...createCompanyLookup(deps),
  }
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>
export type OrganizationDetails = Awaited<ReturnType<OrganizationsService['get']>>
