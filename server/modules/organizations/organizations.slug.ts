import { eq } from 'drizzle-orm'
import { organizationBrandName, slugify } from '#common/slug.ts'
import type { Db } from '../../db/client.ts'
import { organizations } from './organizations.table.ts'

/**
 * The seller-page address of a new organization: its name in Latin letters, or with the INN
 * appended when another organization already has that name.
 */
export async function freeSlug(db: Db, shortName: string, inn: string): Promise<string> {
  const base = slugify(organizationBrandName(shortName)) || 'org'
  const [taken] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, base))
  return taken ? `${base}-${inn}` : base
}
