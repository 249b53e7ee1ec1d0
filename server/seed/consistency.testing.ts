import { createHash } from 'node:crypto'
import { typeByContent } from '#common/files.ts'
import { catalogProducts } from '../modules/catalog/catalog.table.ts'
import type { FileStorage } from '../modules/files/files.storage.ts'
import { files } from '../modules/files/files.table.ts'
import { users } from '../modules/identity/identity.table.ts'
import {
  organizationMembers,
  organizationRoleDocuments,
  organizationRoleEvents,
  organizationRoles,
  organizations,
} from '../modules/organizations/organizations.table.ts'
import type { Db } from '../db/client.ts'

/**
 * What the company page, the staff console and the catalogue would show that does not add up,
 * one line each; none for consistent data. Reads every organization, its members, roles,
 * history, documents (their bytes too) and products.
 */
export async function findInconsistencies(db: Db, storage: FileStorage, now = Date.now()): Promise<string[]> {
  const [people, orgs, members, roles, events, documents, stored, products] = await Promise.all([
    db.select().from(users),
    db.select().from(organizations),
    db.select().from(organizationMembers),
    db.select().from(organizationRoles),
    db.select().from(organizationRoleEvents),
    db.select().from(organizationRoleDocuments),
    db.select().from(files),
    db.select().from(catalogProducts),
  ])
  const problems: string[] = []
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem)
  }
  const at = (d: Date) => d.toISOString().slice(0, 16)
  const person = new Map(people.map((p) => [p.id, p]))
  const fileById = new Map(stored.map((f) => [f.id, f]))

  for (const p of people) {
    check(p.createdAt.getTime() <= now, `${p.email}: signed up in the future (${at(p.createdAt)})`)
    check(p.consentAt >= p.createdAt, `${p.email}: consent given before the account existed`)
  }
  for (const org of orgs) {
    const owner = person.get(org.createdByUserId)
    check(!!owner && owner.createdAt <= org.createdAt, `${org.shortName}: registered before its owner signed up`)
    check(org.createdAt.getTime() <= now, `${org.shortName}: registered in the future`)
    const memberSince = new Map(
      members.filter((m) => m.organizationId === org.id).map((m) => [m.userId, m.createdAt] as const),
    )
    for (const [userId, since] of memberSince) {
      const user = person.get(userId)
      check(since >= org.createdAt, `${org.shortName}: ${user?.email} a member before the organization existed`)
      check(!!user && since >= user.createdAt, `${org.shortName}: ${user?.email} a member before signing up`)
    }
    for (const role of roles.filter((r) => r.organizationId === org.id)) {
      const label = `${org.shortName}, ${role.type}`
      const trail = events.filter((e) => e.roleId === role.id).sort((a, b) => +a.createdAt - +b.createdAt)
      if (!trail.length) {
        problems.push(`${label}: no history`)
        continue
      }
      trail.forEach((e, i) => {
        const before = trail[i - 1]
        check(e.fromStatus === (before?.toStatus ?? null), `${label}: history goes ${e.fromStatus} → ${e.toStatus}`)
        check(!before || e.createdAt > before.createdAt, `${label}: two steps at ${at(e.createdAt)}`)
        check(e.createdAt.getTime() <= now, `${label}: history in the future (${at(e.createdAt)})`)
        const by = person.get(e.byUserId)
        const decision = e.toStatus === 'confirmed' || e.toStatus === 'needFixes'
        if (decision) {
          check(!!by?.isStaff, `${label}: ${e.toStatus} by someone who is not staff`)
          check(!!by && by.createdAt <= e.createdAt, `${label}: decided by staff who joined after (${by?.email})`)
        } else {
          const since = memberSince.get(e.byUserId)
          check(!!since && since <= e.createdAt, `${label}: ${e.toStatus} by ${by?.email}, not yet a member`)
        }
      })
      const first = trail[0]!
      const last = trail.at(-1)!
      check(last.toStatus === role.status, `${label}: status ${role.status}, history ends at ${last.toStatus}`)
      check(role.createdAt <= first.createdAt, `${label}: history begins before the role was requested`)
      check(role.updatedAt >= last.createdAt, `${label}: last changed before its last step`)
      const decisions = trail.filter((e) => e.toStatus === 'confirmed' || e.toStatus === 'needFixes')
      check(role.staffComment === (decisions.at(-1)?.comment ?? null), `${label}: comment not the last decision's`)

      const attached = documents.filter((d) => d.roleId === role.id)
      const submitted = trail.find((e) => e.toStatus === 'moderation')
      check(role.status !== 'confirmed' || attached.length > 0, `${label}: confirmed without documents`)
      for (const doc of attached) {
        const file = fileById.get(doc.fileId)
        if (!file) {
          problems.push(`${label}: a document without its file`)
          continue
        }
        const name = `${label}, «${file.originalName}»`
        check(doc.createdAt >= first.createdAt, `${name}: attached before the role was requested`)
        check(!submitted || doc.createdAt <= submitted.createdAt, `${name}: attached after the submission`)
        check(file.createdAt <= doc.createdAt, `${name}: attached before it was uploaded`)
        check(file.organizationId === org.id && memberSince.has(file.ownerUserId), `${name}: not the organization's`)
        const data = await storage.get(file.storageKey).catch(() => null)
        check(!!data && createHash('sha256').update(data).digest('hex') === file.sha256, `${name}: bytes missing`)
        check(!!data && typeByContent(data.subarray(0, 16)) === file.mimeType, `${name}: not a ${file.mimeType}`)
      }
      if (role.type === 'vendor') {
        const confirmed = trail.find((e) => e.toStatus === 'confirmed')?.createdAt
        for (const p of products.filter((p) => p.vendorOrganizationId === org.id)) {
          check(!!confirmed && p.createdAt >= confirmed, `${label}: product ${p.slug} before the role was confirmed`)
        }
      }
    }
  }
  return problems
}
