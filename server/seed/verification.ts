import { readFile } from 'node:fs/promises'
import { inArray } from 'drizzle-orm'
import type { RoleType } from '#common/organizations.ts'
import { auditLog } from '../modules/audit/audit.table.ts'
import { saveFile } from '../modules/files/files.service.ts'
import type { FileStorage } from '../modules/files/files.storage.ts'
import {
  organizationRoleDocuments,
  organizationRoleEvents,
  organizationRoles,
} from '../modules/organizations/organizations.table.ts'
import type { Db } from '../db/client.ts'
import type { RoleTimeline } from './timeline.ts'

/** The staff comment of every demo approval. */
const APPROVAL = 'Документы проверены'

/** A confirmed role of a demo organization: whose it is, who approved it, when each step was. */
export interface DemoRole {
  organizationId: string
  type: RoleType
  ownerId: string
  staffId: string
  /** The organization's slug and short name: the extract's file and the title it is shown under. */
  slug: string
  shortName: string
  when: RoleTimeline
}

/**
 * The registry extract each demo role was confirmed on: a PDF drawn by
 * scripts/render-demo-documents.ts from the organization's details and kept in the repository.
 */
export const extractFile = (slug: string) => new URL(`../../content/demo-documents/egrul-${slug}.pdf`, import.meta.url)
export const extractName = (shortName: string) => `Выписка из ЕГРЮЛ — ${shortName}.pdf`

const keyOf = (role: { organizationId: string; type: string }) => `${role.organizationId}:${role.type}`

/** Requested and submitted by the owner, approved by staff: the history rows and the audit entry. */
function approvalTrail(roleId: string, role: DemoRole) {
  const { ownerId, staffId, when } = role
  const events: (typeof organizationRoleEvents.$inferInsert)[] = [
    { roleId, fromStatus: null, toStatus: 'new', byUserId: ownerId, createdAt: when.requested },
    { roleId, fromStatus: 'new', toStatus: 'moderation', byUserId: ownerId, createdAt: when.submitted },
    {
      roleId,
      fromStatus: 'moderation',
      toStatus: 'confirmed',
      byUserId: staffId,
      comment: APPROVAL,
      createdAt: when.confirmed,
    },
  ]
  const audit: typeof auditLog.$inferInsert = {
    actorUserId: staffId,
    action: 'organization_role.approve',
    targetType: 'organization_role',
    targetId: roleId,
    details: {
      organizationId: role.organizationId,
      type: role.type,
      from: 'moderation',
      to: 'confirmed',
      comment: APPROVAL,
    },
    createdAt: when.confirmed,
  }
  return { events, audit }
}

/**
 * The confirmed roles with their trail, written once: a role that exists keeps its history.
 * Then each of them that has no documents gets the extract it was confirmed on, so a database
 * seeded before the demo roles had documents gets them too.
 */
export async function seedConfirmedRoles(db: Db, storage: FileStorage, roles: DemoRole[]): Promise<void> {
  if (!roles.length) return
  const created = await db
    .insert(organizationRoles)
    .values(
      roles.map((r) => ({
        organizationId: r.organizationId,
        type: r.type,
        status: 'confirmed' as const,
        staffComment: APPROVAL,
        createdAt: r.when.requested,
        updatedAt: r.when.confirmed,
      })),
    )
    .onConflictDoNothing({ target: [organizationRoles.organizationId, organizationRoles.type] })
    .returning({
      id: organizationRoles.id,
      organizationId: organizationRoles.organizationId,
      type: organizationRoles.type,
    })
  const wanted = new Map(roles.map((r) => [keyOf(r), r]))
  const trails = created.map((row) => approvalTrail(row.id, wanted.get(keyOf(row))!))
  if (trails.length) {
    await db.insert(organizationRoleEvents).values(trails.flatMap((t) => t.events))
    await db.insert(auditLog).values(trails.map((t) => t.audit))
  }

  const existing = await db
    .select({
      id: organizationRoles.id,
      organizationId: organizationRoles.organizationId,
      type: organizationRoles.type,
    })
    .from(organizationRoles)
    .where(
      inArray(
        organizationRoles.organizationId,
        roles.map((r) => r.organizationId),
      ),
    )
  const ours = existing.flatMap((row) =>
    wanted.has(keyOf(row)) ? [{ roleId: row.id, ...wanted.get(keyOf(row))! }] : [],
  )
  await attachExtracts(db, storage, ours)
}

/** Stores each role's extract through the files module, as its owner uploaded it, and attaches it. */
async function attachExtracts(db: Db, storage: FileStorage, roles: (DemoRole & { roleId: string })[]) {
  const documented = await db
    .selectDistinct({ roleId: organizationRoleDocuments.roleId })
    .from(organizationRoleDocuments)
    .where(
      inArray(
        organizationRoleDocuments.roleId,
        roles.map((r) => r.roleId),
      ),
    )
  const skip = new Set(documented.map((d) => d.roleId))
  for (const role of roles) {
    if (skip.has(role.roleId)) continue
    const attachedAt = role.when.documentsAttached
    const file = await saveFile(db, storage, {
      ownerUserId: role.ownerId,
      organizationId: role.organizationId,
      name: extractName(role.shortName),
      mimeType: 'application/pdf',
      data: await readFile(extractFile(role.slug)),
      createdAt: attachedAt,
    })
    await db.insert(organizationRoleDocuments).values({ roleId: role.roleId, fileId: file.id, createdAt: attachedAt })
  }
}
