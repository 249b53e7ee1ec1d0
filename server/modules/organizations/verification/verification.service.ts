import { and, asc, count, eq } from 'drizzle-orm'
import { ROLE_LABELS, ROLE_TYPES, type RoleType } from '#common/organizations.ts'
import { RoleDocumentInput, RoleRequestInput } from '#common/organizations.schemas.ts'
import { type Ctx, requireUser, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { type OrganizationsDeps, parse, requireManager, requireMember } from '../organizations.access.ts'
import { organizationRoleDocuments, organizationRoles } from '../organizations.table.ts'
import { recordMove } from '../../../lifecycle/index.ts'
import { applyTransition, DOCUMENTS_EDITABLE_IN, targetOf, transition, verification } from './verification.machine.ts'
import { describeRoles, ROLE_COLUMNS } from './verification.view.ts'
import { quote } from '#common/format.ts'

const ROLE_NOT_FOUND = 'Заявка на роль не найдена'

/** The member side of role verification: request a role, attach documents, submit for checking. */
export function createVerificationService(deps: OrganizationsDeps) {
  /** The organization's role of that type; the organization id is part of the query. */
  async function findRole(ctx: Ctx, organizationId: string, type: string) {
    if (!ROLE_TYPES.includes(type as RoleType)) throw new AppError('not_found', ROLE_NOT_FOUND)
    const [role] = await ctx.db
      .select(ROLE_COLUMNS)
      .from(organizationRoles)
      .where(and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.type, type as RoleType)))
    if (!role) throw new AppError('not_found', ROLE_NOT_FOUND)
    return role
  }

  async function describeOne(ctx: Ctx, organizationId: string, type: string) {
    const [view] = await describeRoles(ctx, deps, [await findRole(ctx, organizationId, type)])
    return view!
  }

  function requireEditableDocuments(role: { type: RoleType; status: string }) {
    if (!DOCUMENTS_EDITABLE_IN.includes(role.status as never)) {
      throw new AppError(
        'conflict',
        `Роль ${quote(ROLE_LABELS[role.type])}: документы можно менять, пока заявка не отправлена на проверку`,
      )
    }
  }

  return {
    /** Both roles as far as they exist, with status, staff comment, documents and history. */
    async listRoles(ctx: Ctx, organizationId: string) {
      await requireMember(ctx, organizationId)
      const roles = await ctx.db
        .select(ROLE_COLUMNS)
        .from(organizationRoles)
        .where(eq(organizationRoles.organizationId, organizationId))
        .orderBy(asc(organizationRoles.type))
      return describeRoles(ctx, deps, roles)
    },

    /** Asks for a role; asking again for the same role returns the request already made. */
    async requestRole(ctx: Ctx, organizationId: string, input: unknown) {
      await requireManager(ctx, organizationId)
      const { type } = parse(RoleRequestInput, input)
      const step = transition(null, 'request', 'member', type)
      await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(organizationRoles)
          .values({ organizationId, type, status: step.to })
          .onConflictDoNothing()
          .returning({ id: organizationRoles.id })
        if (created) await recordMove(withDb(ctx, tx), verification, created.id, step)
      })
      return describeOne(ctx, organizationId, type)
    },

    /** Attaches an uploaded file the caller may open and that belongs to this organization (or to nobody yet). */
    async attachRoleDocument(ctx: Ctx, organizationId: string, type: string, input: unknown) {
      const me = requireUser(ctx)
      await requireManager(ctx, organizationId)
      const { fileId } = parse(RoleDocumentInput, input)
      const role = await findRole(ctx, organizationId, type)
      requireEditableDocuments(role)
      const file = await deps.files.describe(ctx, fileId)
      const ours =
        file.organizationId === organizationId || (file.organizationId === null && file.ownerUserId === me.id)
      if (!ours) throw new AppError('not_found', 'Файл не найден')
      await ctx.db.insert(organizationRoleDocuments).values({ roleId: role.id, fileId: file.id }).onConflictDoNothing()
      return describeOne(ctx, organizationId, type)
    },

    /** Detaching a document that is not attached is fine: the result is the same. */
    async detachRoleDocument(ctx: Ctx, organizationId: string, type: string, fileId: string) {
      await requireManager(ctx, organizationId)
      const role = await findRole(ctx, organizationId, type)
      requireEditableDocuments(role)
      const { fileId: id } = parse(RoleDocumentInput, { fileId })
      await ctx.db
        .delete(organizationRoleDocuments)
        .where(and(eq(organizationRoleDocuments.roleId, role.id), eq(organizationRoleDocuments.fileId, id)))
      return describeOne(ctx, organizationId, type)
    },

    /** Sends a new or returned request to staff; it needs at least one document. */
    async submitRole(ctx: Ctx, organizationId: string, type: string) {
      await requireManager(ctx, organizationId)
      const role = await findRole(ctx, organizationId, type)
      // A second click on «Отправить на проверку» finds it already there.
      if (role.status === targetOf('submit')) return describeOne(ctx, organizationId, type)
      const step = transition(role.status, 'submit', 'member', role.type)
      const [docs] = await ctx.db
        .select({ n: count() })
        .from(organizationRoleDocuments)
        .where(eq(organizationRoleDocuments.roleId, role.id))
      if (!docs?.n) {
        throw new AppError(
          'conflict',
          `Роль ${quote(ROLE_LABELS[role.type])}: приложите хотя бы один документ, подтверждающий деятельность`,
        )
      }
      await applyTransition(ctx, role, step, null)
      return describeOne(ctx, organizationId, type)
    },
  }
}
