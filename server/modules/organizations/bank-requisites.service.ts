import { eq } from 'drizzle-orm'
import type { BankRequisites } from '#common/bank-requisites.ts'
import { BankRequisitesInput } from '#common/bank-requisites.schemas.ts'
import { ORGANIZATION_MESSAGES } from '#common/organizations.schemas.ts'
import { type Ctx, requireUser } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { recordAudit } from '../audit/index.ts'
import type { RateLimitRule } from '../rate-limit/index.ts'
import { type OrganizationsDeps, parse, requireId, requireManager } from './organizations.access.ts'
import { organizations } from './organizations.table.ts'

export type { BankRequisites }

/** Requisites change rarely; a few corrections in a row are normal, hundreds are a script. */
export const BANK_REQUISITES_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 }

/** The columns of the requisites, for the reads that show them to members. */
export const bankRequisitesColumns = {
  bankName: organizations.bankName,
  bik: organizations.bik,
  settlementAccount: organizations.settlementAccount,
  correspondentAccount: organizations.correspondentAccount,
}

type BankRequisitesRow = { [K in keyof BankRequisites]: string | null }

/** The four columns as one value: null until they are filled (the table keeps all four or none). */
export function toBankRequisites(row: BankRequisitesRow): BankRequisites | null {
  const { bankName, bik, settlementAccount, correspondentAccount } = row
  if (bankName === null || bik === null || settlementAccount === null || correspondentAccount === null) return null
  return { bankName, bik, settlementAccount, correspondentAccount }
}

/**
 * The bank requisites of an organization: its owners and administrators set them for invoices,
 * its members see them with the organization, and other modules (orders, for an invoice) read
 * them through `bankRequisitesOf`.
 */
export function createBankRequisitesService(deps: Pick<OrganizationsDeps, 'limiter'>) {
  return {
    /**
     * Sets all four requisites at once, each checked against the BIK. Owners and administrators
     * only; someone outside the organization gets not_found, a plain member forbidden.
     */
    async setBankRequisites(ctx: Ctx, organizationId: string, input: unknown): Promise<BankRequisites> {
      const me = requireUser(ctx)
      await requireManager(ctx, organizationId)
      const data = parse(BankRequisitesInput, input)
      await deps.limiter.hit(`organizations:bank-requisites:${me.id}`, BANK_REQUISITES_RATE_LIMIT)
      const id = requireId(organizationId)
      await ctx.db
        .update(organizations)
        .set({ ...data, updatedAt: new Date() })
        .where(eq(organizations.id, id))
      await recordAudit(ctx, {
        action: 'organization.bank_requisites',
        targetType: 'organization',
        targetId: id,
        details: { bik: data.bik },
      })
      return data
    },

    /**
     * The requisites an invoice of this organization carries, null while it has none. A read for
     * services that have already authorized their caller (an order's seller is known to the
     * order); an organization that does not exist is not_found.
     */
    async bankRequisitesOf(ctx: Ctx, organizationId: string): Promise<BankRequisites | null> {
      const [row] = await ctx.db
        .select(bankRequisitesColumns)
        .from(organizations)
        .where(eq(organizations.id, requireId(organizationId)))
      if (!row) throw new AppError('not_found', ORGANIZATION_MESSAGES.notFound)
      return toBankRequisites(row)
    },
  }
}
