import { asc, inArray } from 'drizzle-orm'
import type { RoleType, VerificationStatus } from '#common/organizations.ts'
import { type Ctx, requireUser } from '../../../context.ts'
import type { FileInfo, OrganizationsDeps } from '../organizations.access.ts'
import { organizationRoleDocuments, organizationRoleEvents, organizationRoles } from '../organizations.table.ts'
import { actorOf } from './verification.machine.ts'

export interface RoleRow {
  id: string
  organizationId: string
  type: RoleType
  status: VerificationStatus
  staffComment: string | null
  createdAt: Date
  updatedAt: Date
}

export const ROLE_COLUMNS = {
  id: organizationRoles.id,
  organizationId: organizationRoles.organizationId,
  type: organizationRoles.type,
  status: organizationRoles.status,
  staffComment: organizationRoles.staffComment,
  createdAt: organizationRoles.createdAt,
  updatedAt: organizationRoles.updatedAt,
}

/** Members see staff decisions signed by the platform, not by a staff member's personal name. */
const STAFF_SIGNATURE = 'Модератор платформы'

/**
 * Roles with their documents (metadata from the files module) and their history, in a fixed
 * number of queries whatever the number of roles and documents.
 */
export async function describeRoles(ctx: Ctx, deps: OrganizationsDeps, roles: RoleRow[]) {
  const ids = roles.map((r) => r.id)
  if (!ids.length) return []
  const [documents, events] = await Promise.all([
    ctx.db
      .select()
      .from(organizationRoleDocuments)
      .where(inArray(organizationRoleDocuments.roleId, ids))
      .orderBy(asc(organizationRoleDocuments.createdAt)),
    ctx.db
      .select()
      .from(organizationRoleEvents)
      .where(inArray(organizationRoleEvents.roleId, ids))
      .orderBy(asc(organizationRoleEvents.createdAt)),
  ])
  const viewerIsStaff = requireUser(ctx).isStaff
  const people = new Map(
    (await deps.identity.describeUsers(ctx, [...new Set(events.map((e) => e.byUserId))])).map((p) => [p.id, p]),
  )
  const visible = new Map(
    (
      await deps.files.describeMany(
        ctx,
        documents.map((d) => d.fileId),
      )
    ).map((f) => [f.id, f]),
  )
  const files = documents.map((d) => fileView(d.fileId, visible.get(d.fileId)))
  return roles.map((role) => ({
    ...role,
    confirmed: role.status === 'confirmed',
    documents: documents.flatMap((d, i) => (d.roleId === role.id ? [{ ...files[i]!, attachedAt: d.createdAt }] : [])),
    history: events
      .filter((e) => e.roleId === role.id)
      .map((e) => {
        const kind = actorOf(e.fromStatus, e.toStatus)
        const person = people.get(e.byUserId)
        return {
          fromStatus: e.fromStatus,
          toStatus: e.toStatus,
          comment: e.comment,
          createdAt: e.createdAt,
          by: { kind, name: kind === 'staff' && !viewerIsStaff ? STAFF_SIGNATURE : (person?.name ?? '') },
        }
      }),
  }))
}

/** A document whose file went away (or that the viewer may not open) is still listed, marked. */
function fileView(fileId: string, file: FileInfo | undefined) {
  if (!file) return { id: fileId, originalName: 'Файл недоступен', mimeType: '', size: 0, available: false }
  return { id: file.id, originalName: file.originalName, mimeType: file.mimeType, size: file.size, available: true }
}

export type RoleView = Awaited<ReturnType<typeof describeRoles>>[number]
