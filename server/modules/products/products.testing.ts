import type { MemberRole } from '#common/organizations.ts'
import type { Db } from '../../db/client.ts'
import { createTestUser } from '../../testing/auth.ts'
import { users } from '../identity/identity.table.ts'
import { organizationMembers } from '../organizations/organizations.table.ts'
import { eq } from 'drizzle-orm'
import { productDrafts } from './products.table.ts'

/** A user who belongs to the organization in `role` and works as it (it is selected), signed in. */
export async function createMember(db: Db, organizationId: string, role: MemberRole = 'owner', name?: string) {
  const user = await createTestUser(db, { name })
  await db.insert(organizationMembers).values({ organizationId, userId: user.id, role })
  await db.update(users).set({ selectedOrganizationId: organizationId }).where(eq(users.id, user.id))
  return user
}

/** What a vendor's form sends for a complete product of the multirotor category. */
export function completeDraft(overrides: Record<string, unknown> = {}) {
  return {
    sku: 'AS-100',
    title: 'Квадрокоптер Аэроскан Сокол',
    brand: 'Аэроскан',
    model: 'Сокол',
    categorySlug: 'multirotornye',
    priceKopecks: 125_000_00,
    vatRate: '22',
    availability: 'in_stock',
    description: '<p>Лёгкий квадрокоптер для <strong>аэрофотосъёмки</strong> и мониторинга объектов.</p>',
    areas: ['stroitelstvo'],
    specs: { max_takeoff_weight: 2.5, flight_time: 42, range: 8, country: 'RU' },
    ...overrides,
  }
}

/**
 * Gives a draft the one photo moderation requires, written directly: a demo picture by path, as
 * the seed's products have. Tests of uploads themselves go through the API (products.media.test.ts).
 */
export async function givePhoto(db: Db, productId: string, src = 'catalog/quad-enterprise-top.svg') {
  await db
    .update(productDrafts)
    .set({ images: [{ src, alt: 'Фото товара' }] })
    .where(eq(productDrafts.id, productId))
}
