import { asc, eq } from 'drizzle-orm'
import { LEGAL_FORM_LABELS } from '#common/organizations.ts'
import { StaffDecisionInput, VerificationListQuery } from '#common/organizations.schemas.ts'
import { STAFF_PAGE_SIZE } from '#common/staff.ts'
import { type Ctx, requireStaff, withDb } from '../../../context.ts'
import { countRows, pageQuery } from '../../../db/pages.ts'
import { AppError } from '../../../errors.ts'
import { recordAudit } from '../../audit/index.ts'
import { createCompanyLookup } from '../company-registry/company-lookup.ts'
import { type OrganizationsDeps, parse, requireId } from '../organizations.access.ts'
import { organizationDetails, organizationRoles, organizations } from '../organizations.table.ts'
import { applyTransition, targetOf, transition, type VerificationEvent } from './verification.machine.ts'
import { describeRoles, ROLE_COLUMNS } from './verification.view.ts'

const VERIFICATION_NOT_FOUND = 'Заявка не найдена'

/** Platform staff check role requests: the queue, one request, approve, or send back for fixes. */
export function createStaffVerificationService(deps: OrganizationsDeps) {
  const lookup = createCompanyLookup(deps)
  async function getVerification(ctx: Ctx, roleId: string) {
    requireStaff(ctx)
    const [row] = await ctx.db
      .select({ role: ROLE_COLUMNS, organization: organizationDetails })
      .from(organizationRoles)
      .innerJoin(organizations, eq(organizations.id, organizationRoles.organizationId))
      .where(eq(organizationRoles.id, requireId(roleId, VERIFICATION_NOT_FOUND)))
    if (!row) throw new AppError('not_found', VERIFICATION_NOT_FOUND)
    const [role] = await describeRoles(ctx, deps, [row.role])
    // What the register says beside what the organization typed (DaData, when configured).
    const register = await lookup.checkAgainstRegister(row.organization)
    return { ...role!, organization: row.organization, register }
  }

  async function decide(
    ctx: Ctx,
    roleId: string,
    event: Extract<VerificationEvent, 'approve' | 'requestFixes'>,
    input: unknown,
  ) {
    requireStaff(ctx)
    const body = input && typeof input === 'object' ? input : {}
    const { comment } = parse(StaffDecisionInput, { ...body, decision: event === 'approve' ? 'approve' : 'needFixes' })
    const current = await getVerification(ctx, roleId)
    // The same decision twice (a double click) changes nothing and e-mails nobody again.
    if (current.status === targetOf(event)) return current
    const step = transition(current.status, event, 'staff', current.type)
    await ctx.db.transaction(async (tx) => {
      const t = withDb(ctx, tx)
      await applyTransition(t, current, step, comment)
      await recordAudit(t, {
        action: `organization_role.${event}`,
        targetType: 'organization_role',
        targetId: current.id,
        details: { organizationId: current.organizationId, type: current.type, from: step.from, to: step.to, comment },
      })
      // The owners hear of it in the decision's transaction: a crash after the commit loses no notice.
      const org = current.organization
      await deps.events.emit(t, {
        type: event === 'approve' ? 'verification.approved' : 'verification.fixes_requested',
        organization: { id: org.id, name: org.shortName },
        roleId: current.id,
        role: current.type,
        comment,
      })
    })
    return getVerification(ctx, roleId)
  }

  return {
    /** The queue, oldest change first, 50 a page; every status when none is given. */
    async listVerifications(ctx: Ctx, query: unknown = {}) {
      requireStaff(ctx)
      const { status, page } = parse(VerificationListQuery, query ?? {})
      const where = status ? eq(organizationRoles.status, status) : undefined
      const { rows, ...counted } = await pageQuery(
        ctx.db
          .select({
            role: ROLE_COLUMNS,
            organization: { name: organizations.shortName, inn: organizations.inn, legalForm: organizations.legalForm },
          })
          .from(organizationRoles)
          .innerJoin(organizations, eq(organizations.id, organizationRoles.organizationId))
          .where(where)
          .orderBy(asc(organizationRoles.updatedAt), asc(organizationRoles.id))
          .$dynamic(),
        { page, pageSize: STAFF_PAGE_SIZE },
        countRows(ctx.db, organizationRoles, where),
      )
      const roles = await describeRoles(
        ctx,
        deps,
        rows.map((r) => r.role),
      )
      const items = roles.map((role, i) => {
        const org = rows[i]!.organization
        return { ...role, organization: { ...org, legalFormLabel: LEGAL_FORM_LABELS[org.legalForm] } }
      })
      return { items, ...counted }
    },

    getVerification,
    approveRole: (ctx: Ctx, roleId: string, input?: unknown) => decide(ctx, roleId, 'approve', input),
    requestRoleFixes: (ctx: Ctx, roleId: string, input: unknown) => decide(ctx, roleId, 'requestFixes', input),
  }
}
