import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Specs } from '#common/catalog/attributes.ts'
import type { DraftStatus } from '#common/products.ts'
import type { Db } from '../db/client.ts'
import { users } from '../modules/identity/identity.table.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import { adoptCatalogProducts } from '../modules/products/products.adopt.ts'
import { productDraftEvents, productDrafts } from '../modules/products/products.table.ts'
import { CATALOG_EPOCH } from './catalog/build.ts'
import { ACCOUNTS_VENDOR_SLUG } from './catalog/vendors/index.ts'

const DAY = 86_400_000
const at = (daysAfterEpoch: number) => new Date(CATALOG_EPOCH + daysAfterEpoch * DAY)

const SOKOL_SPECS: Specs = { max_takeoff_weight: 1.8, flight_time: 38, range: 10, country: 'RU', rtk: true }

/**
 * The demo vendor's cabinet in every state: a half-filled draft, a new product with staff, one
 * sent back with a comment, and a product on sale whose new price waits for approval. Natural
 * keys (creation keys) make a re-run add nothing.
 */
const DEMO_DRAFTS: {
  key: string
  status: DraftStatus
  values: Partial<typeof productDrafts.$inferInsert>
  comment?: string
  day: number
}[] = [
  {
    key: 'demo:draft',
    status: 'draft',
    day: 20,
    values: {
      sku: 'AT-RZV-2',
      title: 'Квадрокоптер АэроТех Разведчик-2',
      brand: 'АэроТех',
      model: 'Разведчик-2',
      categorySlug: 'multirotornye',
      description: '<p>Компактный разведывательный квадрокоптер. Описание готовится.</p>',
    },
  },
  {
    key: 'demo:moderation',
    status: 'moderation',
    day: 18,
    values: {
      sku: 'AT-SOKOL-M',
      title: 'Квадрокоптер АэроТех Сокол-М с RTK',
      brand: 'АэроТех',
      model: 'Сокол-М',
      categorySlug: 'multirotornye',
      priceKopecks: 890_000_00,
      availability: 'to_order',
      leadTimeDays: 14,
      description:
        '<p>Квадрокоптер для <strong>аэрофотосъёмки и кадастровых работ</strong> с модулем RTK.</p><ul><li>Точность позиционирования до 2 см</li><li>Сменные батареи, 38 минут полёта</li></ul>',
      areas: ['stroitelstvo', 'selskoe-khozyaistvo'],
      specs: SOKOL_SPECS,
      images: [
        { src: 'catalog/quad-enterprise-top.svg', alt: 'АэроТех Сокол-М сверху' },
        { src: 'catalog/quad-enterprise-construction.svg', alt: 'АэроТех Сокол-М на стройке' },
      ],
    },
  },
  {
    key: 'demo:needFixes',
    status: 'needFixes',
    day: 15,
    comment: 'Добавьте сертификат соответствия и уточните дальность: в описании 15 км, в характеристиках 12 км.',
    values: {
      sku: 'AT-ORLAN-VTOL',
      title: 'Беспилотник АэроТех Орлан VTOL',
      brand: 'АэроТех',
      model: 'Орлан VTOL',
      categorySlug: 'vtol',
      priceOnRequest: true,
      description: '<p>Беспилотник вертикального взлёта для мониторинга линейных объектов на дальности до 15 км.</p>',
      areas: ['elektroenergetika', 'infrastruktura-i-zhkh'],
      specs: { max_takeoff_weight: 14, flight_time: 120, range: 12, country: 'RU' },
      images: [{ src: 'catalog/vtol-quadplane-takeoff.svg', alt: 'АэроТех Орлан VTOL на взлёте' }],
    },
  },
]

/** The moves that bring a new draft to its demo status, with who made each. */
const PATHS: Record<DraftStatus, { event: string; from: DraftStatus | null; to: DraftStatus; staff?: boolean }[]> = {
  draft: [{ event: 'create', from: null, to: 'draft' }],
  moderation: [
    { event: 'create', from: null, to: 'draft' },
    { event: 'submit', from: 'draft', to: 'moderation' },
  ],
  needFixes: [
    { event: 'create', from: null, to: 'draft' },
    { event: 'submit', from: 'draft', to: 'moderation' },
    { event: 'requestFixes', from: 'moderation', to: 'needFixes', staff: true },
  ],
  approved: [],
}

export async function seedProducts(db: Db): Promise<void> {
  await adoptCatalogProducts(db)

  const [vendor] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, ACCOUNTS_VENDOR_SLUG))
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['vendor@example.com', 'staff@example.com']))
  const vendorUser = people.find((p) => p.email === 'vendor@example.com')
  const staffUser = people.find((p) => p.email === 'staff@example.com')
  if (!vendor || !vendorUser || !staffUser) return

  for (const demo of DEMO_DRAFTS) {
    const [row] = await db
      .insert(productDrafts)
      .values({
        ...demo.values,
        organizationId: vendor.id,
        status: demo.status,
        creationKey: demo.key,
        createdByUserId: vendorUser.id,
        staffComment: demo.comment ?? null,
        createdAt: at(demo.day),
        updatedAt: at(demo.day + 1),
        submittedAt: demo.status === 'draft' ? null : at(demo.day + 1),
      })
      .onConflictDoNothing()
      .returning({ id: productDrafts.id })
    if (!row) continue
    await db.insert(productDraftEvents).values(
      PATHS[demo.status].map((move, i) => ({
        productId: row.id,
        event: move.event,
        fromStatus: move.from,
        toStatus: move.to,
        byUserId: move.staff ? staffUser.id : vendorUser.id,
        comment: move.staff ? (demo.comment ?? null) : null,
        createdAt: at(demo.day + i),
      })),
    )
  }

  // A product on sale with a lower price waiting for approval: the catalogue keeps the old one.
  const [pending] = await db
    .select({ id: productDrafts.id })
    .from(productDrafts)
    .where(
      and(
        eq(productDrafts.organizationId, vendor.id),
        eq(productDrafts.published, true),
        eq(productDrafts.status, 'moderation'),
      ),
    )
  if (pending) return
  const [onSale] = await db
    .select()
    .from(productDrafts)
    .where(
      and(
        eq(productDrafts.organizationId, vendor.id),
        eq(productDrafts.published, true),
        eq(productDrafts.status, 'approved'),
      ),
    )
    .orderBy(asc(productDrafts.sku))
    .limit(1)
  if (onSale?.priceKopecks) {
    await db
      .update(productDrafts)
      .set({
        status: 'moderation',
        priceKopecks: Math.round(onSale.priceKopecks * 0.95),
        updatedAt: at(22),
        submittedAt: at(22),
      })
      .where(eq(productDrafts.id, onSale.id))
    await db.insert(productDraftEvents).values([
      {
        productId: onSale.id,
        event: 'edit',
        fromStatus: 'approved',
        toStatus: 'draft',
        byUserId: vendorUser.id,
        createdAt: at(22),
      },
      {
        productId: onSale.id,
        event: 'submit',
        fromStatus: 'draft',
        toStatus: 'moderation',
        byUserId: vendorUser.id,
        createdAt: at(22),
      },
    ])
  }
}
