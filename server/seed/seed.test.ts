import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import {
  ACCESSORY_ROOT,
  childCategories,
  getCategory,
  isAccessoryCategory,
  isLeafCategory,
} from '#common/catalog/categories.ts'
import { organizationBrandName, slugify } from '#common/slug.ts'
import { SPHERE_SLUGS } from '#common/spheres.ts'
import { isValidGtin, isValidKpp, isValidLegalInn, isValidOgrn } from '#common/validators.ts'
import { BankRequisitesInput } from '#common/bank-requisites.schemas.ts'
import { auditLog } from '../modules/audit/audit.table.ts'
import { catalogProducts, catalogSearchWords } from '../modules/catalog/catalog.table.ts'
import { queryRows } from '../modules/catalog/catalog.listing.ts'
import { createDiskStorage } from '../modules/files/files.storage.ts'
import { files } from '../modules/files/files.table.ts'
import { users } from '../modules/identity/identity.table.ts'
import { leads } from '../modules/leads/leads.table.ts'
import {
  organizationMembers,
  organizationRoleDocuments,
  organizationRoleEvents,
  organizationRoles,
  organizations,
} from '../modules/organizations/organizations.table.ts'
import { productDraftEvents, productDrafts } from '../modules/products/products.table.ts'
import { sessionCookieFrom } from '../testing/auth.ts'
import { useTestApp } from '../testing/app.ts'
import { BACKENDS } from '../testing/database.ts'
import type { Database } from '../db/client.ts'
import { systemMeta } from '../modules/system/system.table.ts'
import { jobs } from '../jobs/jobs.table.ts'
import { EXPIRE_JOB } from '../modules/exchange/requests/requests.jobs.ts'
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, DEMO_USERS } from './accounts.ts'
import { procurementRecipients, procurementRequests } from '../modules/procurement/procurement.table.ts'
import { demoBankRequisites } from './bank-requisites.ts'
import { demoDocumentSettings } from './document-settings.ts'
import { DocumentSettingsInput, documentSettingsFields } from '#common/document-settings.schemas.ts'
import { CATALOG_VENDORS, SELLER_TERMS, vendorOwnerEmail } from './catalog/vendors/index.ts'
import { findInconsistencies } from './consistency.testing.ts'
import { DEMO_SEED_VERSION, seedDemo } from './seed.ts'
import { DEMO_EXCHANGE_LOGIN, DEMO_EXCHANGE_PASSWORD } from './exchange-1c.ts'
import { signIn } from '../modules/exchange-1c/exchange-1c.access.ts'
import { exchange1cGoods, exchange1cSessions } from '../modules/exchange-1c/exchange-1c.table.ts'
import { extractFile } from './verification.ts'
import { chatMessages, chatRooms } from '../modules/chat/chat.table.ts'
import { productReviews, sellerReviews } from '../modules/reviews/reviews.table.ts'
import { cartItems, orderCorrections, orders } from '../modules/orders/orders.table.ts'
import { closingDocuments } from '../modules/documents/documents.table.ts'
import { serviceOrders } from '../modules/exchange/service-orders/service-orders.table.ts'
import type { UpdDocument } from '../documents/index.ts'
import { GeoPolygon, polygonAreaHectares } from '#common/geo.ts'
import {
  serviceProposalEvents,
  serviceProposalRevisions,
  serviceProposals,
} from '../modules/exchange/proposals/proposals.table.ts'
import { serviceRequestEvents, serviceRequests } from '../modules/exchange/requests/requests.table.ts'
import { DEMO_REQUESTS } from './service-requests.data.ts'
import { articleProducts, articles } from '../modules/media/articles.table.ts'
import { DEMO_ARTICLES } from './articles.data.ts'
import { embeddedSlugs } from './articles.ts'

/** Everything the seed writes, in a stable order, to compare one run with the next. */
async function snapshot(db: Database['db']) {
  return {
    users: await db.select().from(users).orderBy(asc(users.email)),
    organizations: await db.select().from(organizations).orderBy(asc(organizations.inn)),
    members: await db.select().from(organizationMembers).orderBy(asc(organizationMembers.userId)),
    roles: await db.select().from(organizationRoles).orderBy(asc(organizationRoles.id)),
    events: await db.select().from(organizationRoleEvents).orderBy(asc(organizationRoleEvents.id)),
    documents: await db.select().from(organizationRoleDocuments).orderBy(asc(organizationRoleDocuments.fileId)),
    files: await db.select().from(files).orderBy(asc(files.id)),
    leads: await db.select().from(leads).orderBy(asc(leads.submissionId)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    products: await db.select().from(catalogProducts).orderBy(asc(catalogProducts.slug)),
    searchWords: await db.select().from(catalogSearchWords).orderBy(asc(catalogSearchWords.word)),
    drafts: await db.select().from(productDrafts).orderBy(asc(productDrafts.id)),
    draftEvents: await db.select().from(productDraftEvents).orderBy(asc(productDraftEvents.id)),
    chatRooms: await db.select().from(chatRooms).orderBy(asc(chatRooms.id)),
    procurement: await db.select().from(procurementRequests).orderBy(asc(procurementRequests.number)),
    procurementRecipients: await db.select().from(procurementRecipients).orderBy(asc(procurementRecipients.id)),
    exchange1cGoods: await db.select().from(exchange1cGoods).orderBy(asc(exchange1cGoods.externalId)),
    exchange1cSessions: await db.select().from(exchange1cSessions).orderBy(asc(exchange1cSessions.tokenHash)),
    chatMessages: await db.select().from(chatMessages).orderBy(asc(chatMessages.id)),
    productReviews: await db.select().from(productReviews).orderBy(asc(productReviews.productId)),
    sellerReviews: await db.select().from(sellerReviews).orderBy(asc(sellerReviews.orderId)),
    serviceRequests: await db.select().from(serviceRequests).orderBy(asc(serviceRequests.number)),
    articles: await db.select().from(articles).orderBy(asc(articles.slug)),
    articleProducts: await db
      .select()
      .from(articleProducts)
      .orderBy(asc(articleProducts.articleId), asc(articleProducts.productId)),
    serviceRequestEvents: await db.select().from(serviceRequestEvents).orderBy(asc(serviceRequestEvents.id)),
    serviceProposals: await db.select().from(serviceProposals).orderBy(asc(serviceProposals.id)),
    serviceProposalEvents: await db.select().from(serviceProposalEvents).orderBy(asc(serviceProposalEvents.id)),
    serviceProposalRevisions: await db
      .select()
      .from(serviceProposalRevisions)
      .orderBy(asc(serviceProposalRevisions.id)),
  }
}

const ASSETS = new URL('../../content/assets/', import.meta.url)
const assetExists = (src: string) => existsSync(new URL(src, ASSETS))

/** A rollback on purpose: what a test changed inside the transaction is gone after it. */
class Undo extends Error {}

describe.each(BACKENDS)('demo seed on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  // The seed stores documents where the app reads them from.
  const uploadsDir = mkdtempSync(join(tmpdir(), 'bas-seed-uploads-'))
  const storage = createDiskStorage(uploadsDir)
  afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }))

  useTestApp(
    backend,
    (started) => {
      database = started.database
      app = started.app
    },
    { UPLOADS_DIR: uploadsDir },
  )

  /** The session cookie of a demo account, signed in from its own address (sign-in limits are per address). */
  const login = async (email: string, ip: string) =>
    sessionCookieFrom(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: DEMO_PASSWORD },
          remoteAddress: ip,
        })
      ).headers,
    )!

  it('seeds once; a second run, even forced, changes nothing', async () => {
    expect(await seedDemo(database.db, storage)).toEqual({ applied: true })
    const first = await snapshot(database.db)
    expect(first.users.filter((u) => u.email.endsWith('@example.com')).map((u) => [u.email, u.isStaff])).toEqual([
      ['buyer@example.com', false],
      ['municipal@example.com', false],
      ['staff@example.com', true],
      ['vendor@example.com', false],
    ])
    expect(first.users).toHaveLength(DEMO_USERS.length + CATALOG_VENDORS.length)
    // Request, submit, approve for each role: the three of accounts.ts and one per catalogue vendor.
    expect(first.events).toHaveLength(3 * (DEMO_ORGANIZATIONS.length + CATALOG_VENDORS.length))
    // One registry extract per role, each a stored file, and the picture of the demo conversation.
    expect(first.documents).toHaveLength(DEMO_ORGANIZATIONS.length + CATALOG_VENDORS.length)
    expect(first.files).toHaveLength(DEMO_ORGANIZATIONS.length + CATALOG_VENDORS.length + 1)
    expect(first.products.length).toBeGreaterThanOrEqual(320)
    // Two direct conversations, the five service orders' rooms, a room per demo proposal, a room
    // per seller asked by a sent request for offers.
    const demoProposals = DEMO_REQUESTS.flatMap((r) => r.proposals).length
    const asked = first.procurementRecipients.filter((r) => r.chatRoomId).length
    expect(asked).toBeGreaterThanOrEqual(7)
    expect(first.chatRooms).toHaveLength(2 + 5 + demoProposals + asked)
    expect(first.serviceRequests).toHaveLength(5 + DEMO_REQUESTS.length)
    expect(first.serviceProposals).toHaveLength(5 + demoProposals)
    expect(first.chatMessages.length).toBeGreaterThanOrEqual(10)
    expect(first.searchWords.length).toBeGreaterThan(100)
    // The completed demo order's two products and its seller are reviewed.
    expect(first.productReviews).toHaveLength(2)
    expect(first.sellerReviews).toHaveLength(1)
    // The demo buyer's orders are in every state, and its cart is ready to check out.
    const states = await database.db.select({ status: orders.status }).from(orders)
    expect(states.map((o) => o.status).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'created', 'shipped'])
    expect(await database.db.select().from(cartItems)).toHaveLength(4)

    expect(await seedDemo(database.db, storage)).toEqual({ applied: false })
    expect(await snapshot(database.db)).toEqual(first)

    // A newer version re-runs every step: they are idempotent on their own.
    await database.db.update(systemMeta).set({ value: 1 }).where(eq(systemMeta.key, 'demo_seed_version'))
    expect(await seedDemo(database.db, storage)).toEqual({ applied: true })
    expect(await snapshot(database.db)).toEqual(first)
    const [version] = await database.db.select().from(systemMeta).where(eq(systemMeta.key, 'demo_seed_version'))
    expect(version!.value).toBe(DEMO_SEED_VERSION)
  })

  it('uses identifiers that pass the FNS checksums, one organization per INN', () => {
    for (const org of [...DEMO_ORGANIZATIONS, ...CATALOG_VENDORS]) {
      expect(isValidLegalInn(org.inn), org.inn).toBe(true)
      expect(isValidKpp(org.kpp), org.kpp).toBe(true)
      expect(isValidOgrn(org.ogrn), org.ogrn).toBe(true)
    }
    const inns = [...DEMO_ORGANIZATIONS, ...CATALOG_VENDORS].map((o) => o.inn)
    expect(new Set(inns).size).toBe(inns.length)
    // The seller-page address is the one sign-up would give the same name.
    for (const v of CATALOG_VENDORS) expect(v.slug).toBe(slugify(organizationBrandName(v.shortName)))
  })

  it('gives every vendor bank requisites that pass the Bank of Russia checks, and no buyer any', async () => {
    const requisites = demoBankRequisites()
    for (const [inn, r] of requisites) expect(BankRequisitesInput.parse(r), inn).toEqual(r)
    const rows = await database.db
      .select({ inn: organizations.inn, bik: organizations.bik, account: organizations.settlementAccount })
      .from(organizations)
    const vendorInns = [...DEMO_ORGANIZATIONS.filter((o) => o.role === 'vendor'), ...CATALOG_VENDORS].map((o) => o.inn)
    for (const inn of vendorInns) {
      const row = rows.find((r) => r.inn === inn)
      expect(row, inn).toMatchObject({ bik: requisites.get(inn)!.bik, account: requisites.get(inn)!.settlementAccount })
    }
    expect(rows.filter((r) => !vendorInns.includes(r.inn)).every((r) => r.bik === null)).toBe(true)
  })

  it('names every vendor’s signatories as the company form accepts them, its VAT status as its prices charge it', async () => {
    const settings = demoDocumentSettings()
    for (const [inn, s] of settings) expect(DocumentSettingsInput.parse(documentSettingsFields(s)), inn).toEqual(s)
    const rows = await database.db
      .select({ inn: organizations.inn, slug: organizations.slug, settings: organizations.documentSettings })
      .from(organizations)
    const vendorInns = [...DEMO_ORGANIZATIONS.filter((o) => o.role === 'vendor'), ...CATALOG_VENDORS].map((o) => o.inn)
    for (const inn of vendorInns) {
      const row = rows.find((r) => r.inn === inn)!
      expect(row.settings, inn).toEqual(settings.get(inn))
      const rate = SELLER_TERMS.get(row.slug)!.vatRate
      expect(row.settings!.vatStatus === 'none', inn).toBe(rate === 'none')
    }
    expect(rows.filter((r) => !vendorInns.includes(r.inn)).every((r) => r.settings === null)).toBe(true)
    // Confirmed demo orders print them on their invoices.
    const confirmed = (await database.db.select().from(orders)).filter((o) => o.confirmedAt)
    expect(confirmed.length).toBeGreaterThan(0)
    expect(confirmed.every((o) => o.sellerDocumentSettings?.head.name)).toBe(true)
  })

  it('gives the demo vendor’s shipped orders their УПД, numbered from 1, an imported line among them', async () => {
    const shipped = (await database.db.select().from(orders))
      .filter((o) => o.shippedAt)
      .sort((a, b) => a.shippedAt!.getTime() - b.shippedAt!.getTime())
    expect(shipped.length).toBeGreaterThanOrEqual(2)
    expect(shipped.map((o) => o.upd?.number)).toEqual(shipped.map((_, i) => String(i + 1)))
    const documents = (await database.db.select().from(closingDocuments)).filter((d) => d.kind === 'upd')
    expect(documents.map((d) => d.orderNumber).sort()).toEqual(shipped.map((o) => o.number).sort())
    const lines = documents.flatMap((d) => (d.kind === 'upd' ? (d.content as UpdDocument).lines : []))
    expect(lines.some((l) => l.origin?.country.name === 'Китай' && l.origin.declaration)).toBe(true)
    expect(lines.some((l) => l.serialNumbers.length > 0)).toBe(true)
    // Every confirmed order's invoice is in the registry, paid where the order was.
    const invoices = (await database.db.select().from(closingDocuments)).filter((d) => d.kind === 'invoice')
    const confirmed = (await database.db.select().from(orders)).filter((o) => o.confirmedAt)
    expect(invoices.map((d) => d.orderNumber).sort()).toEqual(confirmed.map((o) => o.number).sort())
    expect(invoices.some((d) => d.state === 'paid') && invoices.some((d) => d.state === 'issued')).toBe(true)
    // Every accepted service order has its act.
    const completed = (await database.db.select().from(serviceOrders)).filter((o) => o.status === 'completed')
    expect(completed.length).toBeGreaterThan(0)
    expect(completed.every((o) => o.act?.number)).toBe(true)
    const acts = (await database.db.select().from(closingDocuments)).filter((d) => d.kind === 'act')
    expect(acts.map((d) => d.orderNumber).sort()).toEqual(completed.map((o) => o.number).sort())
    // The completed order has an accepted return with its УКД, and a price change awaiting the vendor.
    const corrections = await database.db.select().from(orderCorrections)
    expect(corrections.map((c) => [c.number, c.kind, c.status])).toEqual([
      [1, 'return', 'accepted'],
      [2, 'price', 'requested'],
    ])
    const ukd = (await database.db.select().from(closingDocuments)).filter((d) => d.kind === 'ukd')
    expect(ukd).toHaveLength(1)
    expect(ukd[0]!.totalKopecks).toBeLessThan(0)
    expect(corrections[0]!.ukd).toEqual({ number: ukd[0]!.number, date: ukd[0]!.date })
  })

  it('fills the catalogue: 300+ published products of 25+ confirmed vendors over every sphere and category', async () => {
    const db = database.db
    const products = await db.select().from(catalogProducts)
    const published = products.filter((p) => p.status === 'published')
    expect(published.length).toBeGreaterThanOrEqual(300)
    expect(products.filter((p) => p.status === 'moderation').length).toBeGreaterThanOrEqual(5)
    expect(products.filter((p) => p.status === 'non-published').length).toBeGreaterThanOrEqual(5)
    for (const sphere of SPHERE_SLUGS) {
      expect(published.filter((p) => p.areas.includes(sphere)).length, sphere).toBeGreaterThanOrEqual(10)
    }
    for (const leaf of ['multirotornye', 'samoletnogo-tipa', 'vtol', 'vertoletnogo-tipa']) {
      expect(published.filter((p) => p.categorySlug === leaf).length, leaf).toBeGreaterThanOrEqual(24)
    }
    // Multirotors are most of the drones (payloads and parts are counted apart).
    const drones = published.filter((p) => !isAccessoryCategory(p.categorySlug))
    expect(drones.filter((p) => p.categorySlug === 'multirotornye').length).toBeGreaterThan(drones.length / 2)

    const vendors = await db
      .select({ id: organizations.id, slug: organizations.slug, logo: organizations.logo })
      .from(organizations)
      .innerJoin(organizationRoles, eq(organizationRoles.organizationId, organizations.id))
      .where(eq(organizationRoles.type, 'vendor'))
    expect(vendors.length).toBeGreaterThanOrEqual(25)
    const confirmed = await db.select().from(organizationRoles).where(eq(organizationRoles.status, 'confirmed'))
    expect(confirmed.filter((r) => r.type === 'vendor')).toHaveLength(vendors.length)
    for (const vendor of vendors) {
      expect(
        published.some((p) => p.vendorOrganizationId === vendor.id),
        vendor.slug,
      ).toBe(true)
      expect(vendor.logo && assetExists(vendor.logo), vendor.slug).toBe(true)
    }
    const vendorIds = new Set(vendors.map((v) => v.id))
    expect(products.every((p) => vendorIds.has(p.vendorOrganizationId))).toBe(true)
  })

  it('describes every product consistently: type of its category, pictures on disk, spheres, prices, dates', async () => {
    const products = await database.db.select().from(catalogProducts)
    for (const p of products) {
      expect(isLeafCategory(p.categorySlug), p.slug).toBe(true)
      if (isAccessoryCategory(p.categorySlug)) {
        // A payload, accessory or spare part: its category's characteristics, no drone's.
        const own = getCategory(p.categorySlug)!.attributes as readonly string[]
        expect(
          Object.keys(p.specs).every((code) => own.includes(code)),
          p.slug,
        ).toBe(true)
        expect(p.droneType, p.slug).toBeNull()
        expect(p.images.length, p.slug).toBe(2)
        expect(p.description.split(/(?<=[.!?])\s+/).length, p.slug).toBeGreaterThanOrEqual(3)
        continue
      }
      expect(p.specs.type, p.slug).toBe(getCategory(p.categorySlug)!.droneType)
      expect(p.droneType, p.slug).toBe(p.specs.type)
      expect(p.images.length, p.slug).toBeGreaterThanOrEqual(2)
      expect(p.images.length, p.slug).toBeLessThanOrEqual(4)
      for (const image of p.images) {
        expect(assetExists(image.src), image.src).toBe(true)
        // The pictures show the drone: its brand and model, whichever kit the offer is of.
        expect(image.alt.startsWith(`${p.brand} `), image.alt).toBe(true)
        expect(p.model.startsWith(image.alt.slice(p.brand.length + 1).split(' ')[0]!), image.alt).toBe(true)
      }
      expect(p.areas.length, p.slug).toBeGreaterThanOrEqual(1)
      expect(p.areas.length, p.slug).toBeLessThanOrEqual(5)
      expect(
        p.areas.every((a) => (SPHERE_SLUGS as readonly string[]).includes(a)),
        p.slug,
      ).toBe(true)
      expect(p.priceKopecks === null || p.priceKopecks > 0, p.slug).toBe(true)
      expect(p.availability === 'to_order', p.slug).toBe(p.leadTimeDays !== null)
      expect(p.status === 'published', p.slug).toBe(p.publishedAt !== null)
      expect(Number(p.specs.operating_temp_min), p.slug).toBeLessThan(Number(p.specs.operating_temp_max))
      expect(p.maxTakeoffWeight! > (p.payload ?? 0), p.slug).toBe(true)
      expect(p.description.split(/(?<=[.!?])\s+/).length, p.slug).toBeGreaterThanOrEqual(3)
    }
    const madeInRussia = products.filter((p) => p.madeInRussia).length / products.length
    expect(madeInRussia).toBeGreaterThan(0.2)
    expect(madeInRussia).toBeLessThan(0.4)
    expect(products.filter((p) => p.priceKopecks === null).length / products.length).toBeLessThan(0.15)
    expect(new Set(products.map((p) => p.description)).size).toBe(products.length)
  })

  it('makes every product an offer of a model, popular models sold by two to six sellers at spread prices', async () => {
    const models = await queryRows<{ title: string; offers: number; sellers: number; low: number; high: number }>(
      database.db,
      sql`select m.title, count(*)::int as offers, count(distinct p.vendor_organization_id)::int as sellers,
            min(p.price_kopecks)::float8 as low, max(p.price_kopecks)::float8 as high
          from catalog_models m join catalog_products p on p.model_id = m.id and p.status = 'published'
          group by m.id, m.title`,
    )
    const [{ unassigned }] = (await queryRows<{ unassigned: number }>(
      database.db,
      sql`select count(*)::int as unassigned from catalog_products where model_id is null`,
    )) as [{ unassigned: number }]
    expect(unassigned).toBe(0)
    const shared = models.filter((m) => m.sellers >= 2)
    expect(shared.length).toBeGreaterThanOrEqual(60)
    expect(Math.max(...models.map((m) => m.offers))).toBeLessThanOrEqual(6)
    for (const name of ['Agras T40', 'Agras T50', 'Mavic 3 Enterprise', 'Mavic 3 Thermal', 'Matrice 350 RTK']) {
      const model = models.find((m) => m.title.endsWith(`DJI ${name}`))
      expect(model?.sellers, name).toBeGreaterThanOrEqual(2)
      // Sellers' prices differ by their markups: a real choice, within what one model costs.
      expect(model!.high / model!.low, name).toBeGreaterThan(1.005)
      expect(model!.high / model!.low, name).toBeLessThan(1.3)
    }
    // Kits are models of their own, not offers of the bare drone.
    const kits = models.filter((m) => m.title.includes('DJI Matrice 350 RTK с'))
    expect(kits.length).toBeGreaterThanOrEqual(3)
    const terms = await database.db
      .select({ warranty: catalogProducts.warrantyMonths, regions: catalogProducts.deliveryRegions })
      .from(catalogProducts)
    expect(terms.every((t) => t.warranty !== null)).toBe(true)
    expect(terms.some((t) => t.regions.length > 0)).toBe(true)
    // Some models carry their maker's codes, to be found by them.
    const coded = await queryRows<{ key: string; gtin: string; part_number: string }>(
      database.db,
      sql`select key, gtin, part_number from catalog_models where gtin <> '' or part_number <> ''`,
    )
    expect(coded.map((m) => m.key)).toEqual(expect.arrayContaining(['dji|agrast40', 'уралдрон|гриф6']))
    for (const model of coded) if (model.gtin) expect(isValidGtin(model.gtin), model.key).toBe(true)
  })

  it('sells 80+ models of payloads, accessories and spare parts in every kind, each fitting the drones it names', async () => {
    const accessories = await queryRows<{ category: string; offers: number; fits: number; kits: number }>(
      database.db,
      sql`select m.category_slug as category, count(distinct p.id)::int as offers,
            count(distinct f.drone_model_id)::int as fits,
            count(distinct f.drone_model_id) filter (where d.name like '% с %')::int as kits
          from catalog_models m
          join catalog_products p on p.model_id = m.id and p.status = 'published'
          left join catalog_model_fits f on f.accessory_model_id = m.id
          left join catalog_models d on d.id = f.drone_model_id
          where m.category_slug in (select unnest(${sql.param(childCategories(ACCESSORY_ROOT).map((c) => c.slug))}::text[]))
          group by m.id, m.category_slug`,
    )
    // 80 and more models (cards of the catalogue), each with its sellers' offers.
    expect(accessories.length).toBeGreaterThanOrEqual(80)
    expect(accessories.reduce((n, a) => n + a.offers, 0)).toBeGreaterThanOrEqual(2 * accessories.length)
    expect(new Set(accessories.map((a) => a.category))).toEqual(
      new Set(childCategories(ACCESSORY_ROOT).map((c) => c.slug)),
    )
    expect(accessories.every((a) => a.fits > 0)).toBe(true)
    // A drone's kits fit what the bare drone does.
    expect(accessories.some((a) => a.kits > 0)).toBe(true)
    // Only drones are fitted: no accessory named after its drone («Agras T50 40 л») counts as one.
    const [{ wrong }] = (await queryRows<{ wrong: number }>(
      database.db,
      sql`select count(*)::int as wrong from catalog_model_fits f join catalog_models d on d.id = f.drone_model_id
          where d.category_slug in (select unnest(${sql.param(childCategories(ACCESSORY_ROOT).map((c) => c.slug))}::text[]))`,
    )) as [{ wrong: number }]
    expect(wrong).toBe(0)
  })

  it('signs in the owner of a catalogue vendor as a confirmed vendor', async () => {
    const vendor = CATALOG_VENDORS[0]!
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: vendorOwnerEmail(vendor.slug), password: DEMO_PASSWORD },
      remoteAddress: '10.77.1.1',
    })
    expect(login.statusCode).toBe(200)
    const whoami = await app.inject({
      url: '/api/v1/users/whoami',
      headers: { cookie: sessionCookieFrom(login.headers)! },
    })
    expect(whoami.json().data.organizations).toEqual([
      expect.objectContaining({
        name: vendor.shortName,
        isSelected: true,
        memberRole: 'owner',
        roles: [{ type: 'vendor', confirmed: true, status: 'confirmed' }],
      }),
    ])
  })

  it('signs in the three demo accounts; vendor@ works as a confirmed vendor', async () => {
    const cookies: Record<string, string> = {}
    for (const [i, user] of DEMO_USERS.entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: DEMO_PASSWORD },
        remoteAddress: `10.77.0.${i + 1}`,
      })
      expect(res.statusCode).toBe(200)
      cookies[user.key] = sessionCookieFrom(res.headers)!
    }
    const whoami = async (key: string) =>
      (await app.inject({ url: '/api/v1/users/whoami', headers: { cookie: cookies[key]! } })).json().data

    const vendor = await whoami('vendor')
    expect(vendor.organizations).toEqual([
      expect.objectContaining({
        name: 'ООО «АэроТех Системы»',
        isSelected: true,
        memberRole: 'owner',
        roles: [{ type: 'vendor', confirmed: true, status: 'confirmed' }],
      }),
    ])
    const buyer = await whoami('buyer')
    expect(buyer.organizations[0]).toMatchObject({
      name: 'ООО «Агрохолдинг Заря»',
      isSelected: true,
      roles: [{ type: 'buyer', confirmed: true }],
    })
    expect((await whoami('staff')).isStaff).toBe(true)
  })

  it('leaves a trail: requested and submitted by the owner, confirmed by staff', async () => {
    const [staff] = await database.db.select().from(users).where(eq(users.email, 'staff@example.com'))
    const [vendor] = await database.db.select().from(users).where(eq(users.email, 'vendor@example.com'))
    const [org] = await database.db.select().from(organizations).where(eq(organizations.inn, '7715482034'))
    const [role] = await database.db
      .select()
      .from(organizationRoles)
      .where(eq(organizationRoles.organizationId, org!.id))
    const events = await database.db
      .select()
      .from(organizationRoleEvents)
      .where(eq(organizationRoleEvents.roleId, role!.id))
      .orderBy(asc(organizationRoleEvents.createdAt))
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.byUserId])).toEqual([
      [null, 'new', vendor!.id],
      ['new', 'moderation', vendor!.id],
      ['moderation', 'confirmed', staff!.id],
    ])
  })

  it('is consistent: confirmed roles carry their documents, dates come in order and lie in the past', async () => {
    expect(await findInconsistencies(database.db, storage)).toEqual([])
  })

  it('dates all its history before the day it runs, counted back from that day', async () => {
    // Every moment the demo wrote: each timestamp column of every table. Dates ahead of the run
    // are calendar days (deadlines, the work's dates, delivery dates) or the queue's own plans.
    const columns = await database.db.execute<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type = 'timestamp with time zone'`)
    const rows = (columns as unknown as { rows: { table_name: string; column_name: string }[] }).rows
    const PLANS = new Set(['jobs.run_at', 'jobs.locked_until', 'sessions.expires_at', 'email_links.expires_at'])
    const latest: string[] = []
    const newest = Date.now()
    for (const { table_name: table, column_name: column } of rows) {
      if (PLANS.has(`${table}.${column}`) || column.endsWith('expires_at')) continue
      const result = await database.db.execute<{ max: number | null }>(
        sql`select (extract(epoch from max(${sql.identifier(column)})) * 1000)::float8 as max from ${sql.identifier(table)}`,
      )
      const max = (result as unknown as { rows: { max: number | null }[] }).rows[0]?.max
      if (max !== null && max !== undefined && Number(max) > newest)
        latest.push(`${table}.${column}: ${new Date(Number(max)).toISOString()}`)
    }
    expect(latest).toEqual([])
    // The history is recent: the newest conversation is from the last two weeks before the run.
    const [lastMessage] = await database.db
      .select({ at: sql<string>`max(${chatMessages.createdAt})::text` })
      .from(chatMessages)
    expect(newest - new Date(lastMessage!.at).getTime()).toBeLessThan(14 * 86_400_000)
  })

  it('would notice a confirmed role without documents, a member since after a decision, history out of order', async () => {
    const db = database.db
    const [org] = await db.select().from(organizations).where(eq(organizations.inn, '7715482034'))
    const [role] = await db.select().from(organizationRoles).where(eq(organizationRoles.organizationId, org!.id))
    const problems = await db
      .transaction(async (tx) => {
        await tx.delete(organizationRoleDocuments).where(eq(organizationRoleDocuments.roleId, role!.id))
        await tx
          .update(organizationMembers)
          .set({ createdAt: new Date() })
          .where(eq(organizationMembers.organizationId, org!.id))
        await tx
          .update(organizationRoleEvents)
          .set({ createdAt: new Date(Date.now() - 1000) })
          .where(eq(organizationRoleEvents.roleId, role!.id))
        throw new Undo(JSON.stringify(await findInconsistencies(tx, storage)))
      })
      .catch((err: unknown) => (err instanceof Undo ? (JSON.parse(err.message) as string[]) : Promise.reject(err)))
    expect(problems).toEqual(
      expect.arrayContaining([
        'ООО «АэроТех Системы», vendor: confirmed without documents',
        'ООО «АэроТех Системы», vendor: new by vendor@example.com, not yet a member',
        expect.stringMatching(/^ООО «АэроТех Системы», vendor: two steps at /),
      ]),
    )
    expect(await findInconsistencies(db, storage)).toEqual([])
  })

  it('shows the demo vendor its confirmed role with the extract it was confirmed on, which opens', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'vendor@example.com', password: DEMO_PASSWORD },
      remoteAddress: '10.77.2.1',
    })
    const cookie = sessionCookieFrom(login.headers)!
    const get = (url: string) => app.inject({ url: `/api/v1${url}`, headers: { cookie } })
    const orgId = (await get('/users/whoami')).json().data.organizations[0].id
    const [role] = (await get(`/organizations/${orgId}/roles`)).json().data
    expect(role).toMatchObject({ status: 'confirmed', staffComment: 'Документы проверены' })
    expect(role.documents).toEqual([
      expect.objectContaining({ originalName: 'Выписка из ЕГРЮЛ — ООО «АэроТех Системы».pdf', available: true }),
    ])
    const history: string[] = role.history.map((h: { createdAt: string }) => h.createdAt)
    expect(history).toEqual([...history].sort())
    const { members } = (await get(`/organizations/${orgId}/members`)).json().data
    expect(members[0].joinedAt < history[0]!).toBe(true)

    const file = await get(`/files/${role.documents[0].id}`)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.rawPayload).toEqual(readFileSync(extractFile('aerotekh-sistemy')))
  })

  it('gives the demo vendor products in every tab and staff a queue to work through', async () => {
    const vendor = await login('vendor@example.com', '10.77.3.1')
    const get = async (url: string, cookie: string) =>
      (await app.inject({ url: `/api/v1${url}`, headers: { cookie } })).json().data
    const { counts } = await get('/cabinet/products', vendor)
    expect(counts.published).toBeGreaterThan(0)
    expect(counts.moderation).toBeGreaterThanOrEqual(2)
    expect(counts['non-published']).toBeGreaterThanOrEqual(2)
    const drafts = (await get('/cabinet/products?tab=non-published', vendor)).items
    expect(drafts.some((d: { staffComment: string | null }) => d.staffComment?.includes('сертификат'))).toBe(true)
    const published = (await get('/cabinet/products?tab=published', vendor)).items
    expect(published.every((p: { sku: string; slug: string }) => p.sku && p.slug)).toBe(true)

    const staff = await login('staff@example.com', '10.77.3.2')
    const queue = await get('/staff/products', staff)
    expect(queue.total).toBeGreaterThanOrEqual(2)
    expect(queue.items.some((i: { isUpdate: boolean }) => i.isUpdate)).toBe(true)
    // Moderation needs a photo: every product with staff has one, as has the one sent back.
    expect(queue.items.every((i: { image: { src: string } | null }) => i.image?.src.startsWith('catalog/'))).toBe(true)
    const sentBack = drafts.find((d: { status: string }) => d.status === 'needFixes')
    expect(sentBack?.image).toMatchObject({ src: expect.stringMatching(/^catalog\/.+\.svg$/) })
  })

  it('gives the demo buyer and vendor conversations with unread messages on both sides', async () => {
    const get = async (url: string, cookie: string) =>
      (await app.inject({ url: `/api/v1${url}`, headers: { cookie } })).json()
    const buyer = await login('buyer@example.com', '10.77.4.1')
    const vendor = await login('vendor@example.com', '10.77.4.2')
    // The direct conversation's one, and a contractor's answer in a request room.
    expect((await get('/header/summary', buyer)).chatUnreadMessagesCount).toBe(2)
    expect((await get('/header/summary', vendor)).chatUnreadMessagesCount).toBe(2)
    const rooms = (await get('/chat/rooms', buyer)).data.items
    expect(rooms.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['ООО «АэроТех Системы»', expect.stringContaining('Агродрон')]),
    )
    const withVendor = rooms.find((r: { name: string }) => r.name === 'ООО «АэроТех Системы»')
    expect(withVendor.context).toMatchObject({ type: 'product', href: expect.stringMatching(/^\/product\//) })
    const messages = (await get(`/chat/rooms/${withVendor.guid}/messages`, vendor)).data.items
    const picture = messages.flatMap((m: { files: { id: string; isImage: boolean }[] }) => m.files)[0]
    expect(picture).toMatchObject({ isImage: true })
    const file = await app.inject({
      url: `/api/v1/chat/rooms/${withVendor.guid}/files/${picture.id}`,
      headers: { cookie: buyer },
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
  })

  it('gives the demo order reviews: its products and its seller, answered, written after delivery', async () => {
    const get = async (url: string, cookie?: string) =>
      (await app.inject({ url: `/api/v1${url}`, headers: cookie ? { cookie } : {} })).json()
    const [review] = await database.db.select().from(productReviews).limit(1)
    const page = (await get(`/products/${review!.productId}/reviews`)).data
    expect(page.summary.count).toBe(1)
    expect(page.items[0].author).toBe('Ирина, ООО «Агрохолдинг Заря»')
    const seller = (await get('/sellers/aerotekh-sistemy/reviews')).data
    expect(seller).toMatchObject({ summary: { count: 1, average: 5 } })
    expect(seller.items[0].answer.text).toMatch(/спасибо/i)
    const buyer = await login('buyer@example.com', '10.77.4.3')
    const reviewable = (await get(`/orders/purchase/${review!.orderNumber}/reviews`, buyer)).data
    expect(reviewable.seller.canReview).toBe(false)
    expect(reviewable.products.every((p: { canReview: boolean }) => !p.canReview)).toBe(true)
    const [order] = await database.db.select().from(orders).where(eq(orders.id, review!.orderId))
    for (const r of [
      ...(await database.db.select().from(productReviews)),
      ...(await database.db.select().from(sellerReviews)),
    ]) {
      expect(r.createdAt > order!.deliveredAt!).toBe(true)
      expect(r.createdAt.getTime()).toBeLessThan(Date.now())
      if (r.answeredAt) expect(r.answeredAt > r.createdAt).toBe(true)
    }
  })
  it('keeps an exchange taking proposals: open requests, proposals under review, a request in every state', async () => {
    const db = database.db
    const requests = await db.select().from(serviceRequests)
    const proposals = await db.select().from(serviceProposals)
    const [aerotekh] = await db.select().from(organizations).where(eq(organizations.slug, 'aerotekh-sistemy'))
    const tally = (statuses: string[]) =>
      statuses.reduce<Record<string, number>>((t, v) => ({ ...t, [v]: (t[v] ?? 0) + 1 }), {})
    // The service orders' five awarded requests, and the buyer's requests of demo-service-request-*.
    expect(tally(requests.map((r) => r.status))).toEqual({ awarded: 5, open: 9, draft: 1, cancelled: 1, closed: 1 })
    const open = requests.filter((r) => r.status === 'open')
    expect(open.filter((r) => r.visibility === 'public').length).toBeGreaterThanOrEqual(6)
    const invited = requests.filter((r) => r.visibility === 'invited')
    expect(invited).toHaveLength(1)
    expect(invited[0]).toMatchObject({ status: 'open', invitedOrganizationIds: [aerotekh!.id] })
    expect(new Set(open.map((r) => r.type)).size).toBeGreaterThanOrEqual(5)
    expect(open.some((r) => r.budgetKopecks === null)).toBe(true)
    expect(open.some((r) => r.flight.controlledAirspace)).toBe(true)
    expect(open.some((r) => r.flight.restrictedZone)).toBe(true)
    expect(new Set(open.map((r) => r.flight.permissionBy))).toEqual(new Set(['customer', 'contractor']))

    // Open requests stay open for weeks after the seed: the deadline job must not close them on start.
    const inTwoWeeks = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10)
    for (const r of open) {
      expect(r.publishedAt, r.number).not.toBeNull()
      expect(r.proposalsDeadline! > inTwoWeeks, r.number).toBe(true)
      expect(r.startsOn! > r.proposalsDeadline!, r.number).toBe(true)
      expect(r.endsOn! >= r.startsOn!, r.number).toBe(true)
    }
    expect(requests.find((r) => r.status === 'draft')!.publishedAt).toBeNull()
    // …and are closed by the daily run once their deadline passes: the first one's run is queued.
    const earliest = open.map((r) => r.proposalsDeadline!).sort()[0]!
    const expiry = await db.select().from(jobs).where(eq(jobs.kind, EXPIRE_JOB))
    expect(expiry.map((j) => j.key)).toEqual([earliest])

    // Every area is a polygon the request form would accept, with its hectares computed from it.
    const withArea = requests.filter((r) => r.area !== null)
    expect(withArea.length).toBeGreaterThanOrEqual(3)
    for (const r of withArea) {
      const parsed = GeoPolygon.safeParse(r.area)
      expect(parsed.success, r.number).toBe(true)
      expect(parsed.data, r.number).toEqual(r.area)
      expect(r.areaHectares, r.number).toBeCloseTo(polygonAreaHectares(r.area!), 6)
      expect(r.volume, r.number).toBe(Math.round(r.areaHectares!))
    }

    // Counts on the rows are the rows; one request has three proposals to compare.
    for (const r of requests) {
      expect(r.proposalCount, r.number).toBe(proposals.filter((p) => p.requestId === r.id).length)
    }
    const reviewingOn = (r: (typeof requests)[number]) =>
      proposals.filter((p) => p.requestId === r.id && p.status === 'reviewing').length
    expect(Math.max(...open.map(reviewingOn))).toBeGreaterThanOrEqual(3)
    expect(tally(proposals.map((p) => p.status))).toEqual({ accepted: 5, reviewing: 8, rejected: 1 })
    const rejected = proposals.find((p) => p.status === 'rejected')!
    expect(rejected.rejectReason).toMatch(/\S/)
    for (const p of proposals.filter((p) => p.status === 'reviewing')) {
      const request = requests.find((r) => r.id === p.requestId)!
      expect(request.status, request.number).toBe('open')
      expect(p.createdAt > request.publishedAt!, request.number).toBe(true)
      expect(p.endsOn >= p.startsOn && p.priceKopecks > 0, request.number).toBe(true)
    }
    const revisions = await db.select().from(serviceProposalRevisions)
    const revised = proposals.filter((p) => p.revision > 1)
    expect(revised).toHaveLength(1)
    expect(revisions).toEqual([expect.objectContaining({ proposalId: revised[0]!.id, revision: 1 })])
    expect(revisions[0]!.priceKopecks).not.toBe(revised[0]!.priceKopecks)

    // A history row per move, in order, ending where the row stands.
    const requestEvents = await db.select().from(serviceRequestEvents).orderBy(asc(serviceRequestEvents.createdAt))
    const proposalEvents = await db.select().from(serviceProposalEvents).orderBy(asc(serviceProposalEvents.createdAt))
    const trails = [
      ...requests.map((r) => [r.number, r.status, requestEvents.filter((e) => e.requestId === r.id)] as const),
      ...proposals.map((p) => [p.id, p.status, proposalEvents.filter((e) => e.proposalId === p.id)] as const),
    ]
    for (const [name, status, trail] of trails) {
      expect(trail.length, name).toBeGreaterThan(0)
      expect([null, 'draft'], name).toContain(trail[0]!.fromStatus)
      trail.slice(1).forEach((e, i) => expect(e.fromStatus, name).toBe(trail[i]!.toStatus))
      expect(trail.at(-1)!.toStatus, name).toBe(status)
    }
    expect(proposalEvents.find((e) => e.proposalId === rejected.id && e.toStatus === 'rejected')!.comment).toBe(
      rejected.rejectReason,
    )

    // Each proposal has its request room between the two organizations, named after the request.
    const rooms = await db.select().from(chatRooms).where(eq(chatRooms.type, 'request'))
    for (const p of proposals) {
      const request = requests.find((r) => r.id === p.requestId)!
      const room = rooms.find((r) => r.id === p.chatRoomId)
      expect(room, request.number).toMatchObject({
        requestId: request.id,
        sideA: request.organizationId,
        sideB: p.organizationId,
        requestTitle: `Заявка № ${request.number}: ${request.title}`,
      })
      const messages = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.roomId, room!.id))
        .orderBy(asc(chatMessages.seq))
      expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1))
      expect(room!.lastSeq, request.number).toBe(messages.length)
    }
    // In a couple of rooms the buyer asked a question and the vendor answered it.
    const talks = await Promise.all(
      proposals
        .filter((p) => p.status === 'reviewing')
        .map(async (p) => {
          const authors = (
            await db
              .select()
              .from(chatMessages)
              .where(eq(chatMessages.roomId, p.chatRoomId!))
              .orderBy(asc(chatMessages.seq))
          ).map((m) => m.authorOrganizationId)
          const asked = authors.indexOf(requests.find((r) => r.id === p.requestId)!.organizationId)
          return asked >= 0 && authors.slice(asked).includes(p.organizationId)
        }),
    )
    expect(talks.filter(Boolean).length).toBeGreaterThanOrEqual(2)
  })

  it('shows the exchange to guests, the buyer its requests in every state, the vendor what it proposed and may answer', async () => {
    const get = async (url: string, cookie?: string) =>
      (await app.inject({ url: `/api/v1${url}`, headers: cookie ? { cookie } : {} })).json()
    const publicOpen = (await database.db.select().from(serviceRequests)).filter(
      (r) => r.status === 'open' && r.visibility === 'public',
    )
    expect((await get('/exchange/requests')).data.total).toBe(publicOpen.length)

    const buyer = await login('buyer@example.com', '10.77.5.1')
    const mine = await get('/exchange/cabinet/requests', buyer)
    expect(mine.meta.filterCounts).toEqual({ drafts: 1, open: 9, awarded: 5, closed: 2 })

    const vendor = await login('vendor@example.com', '10.77.5.2')
    const proposed = await get('/exchange/cabinet/proposals?filter=reviewing', vendor)
    expect(proposed.data.length).toBeGreaterThanOrEqual(1)
    expect(proposed.data.every((p: { request: { status: string } }) => p.request.status === 'open')).toBe(true)
    const suggestions = (await get('/exchange/cabinet/suggestions', vendor)).data
    expect(suggestions.length).toBeGreaterThanOrEqual(2)
    expect(suggestions.some((s: { invited: boolean }) => s.invited)).toBe(true)
    expect(suggestions.some((s: { invited: boolean }) => !s.invited)).toBe(true)
  })

  it('gives both demo buyers requests for offers in every state and the demo vendor one answered, one awaiting', async () => {
    const get = async (url: string, cookie: string) =>
      (await app.inject({ url: `/api/v1${url}`, headers: { cookie } })).json()
    const municipal = await login('municipal@example.com', '10.77.6.1')
    const own = await get('/procurement/requests', municipal)
    expect(own.meta.filterCounts).toMatchObject({ sent: 1, closed: 1 })
    const pages = await Promise.all(
      own.data.map(async (r: { number: string }) => (await get(`/procurement/requests/${r.number}`, municipal)).data),
    )
    // Three answers each; one sample homogeneous, the other not (V above 33 %) with the page saying so.
    const closed = pages.find((p) => p.status === 'closed')
    expect(closed.justification.suppliers).toHaveLength(3)
    expect(closed.justification.heterogeneous).toBe(0)
    expect(closed.justification.tooFewOffers).toBe(false)
    const sent = pages.find((p) => p.status === 'sent')
    expect(sent.justification.heterogeneous).toBeGreaterThan(0)
    expect(sent.recipients.map((r: { status: string }) => r.status)).toContain('awaiting')

    const buyer = await login('buyer@example.com', '10.77.6.2')
    expect((await get('/procurement/requests', buyer)).meta.filterCounts).toMatchObject({
      draft: 1,
      sent: 1,
      cancelled: 1,
    })
    const vendor = await login('vendor@example.com', '10.77.6.3')
    const inbox = await get('/procurement/incoming', vendor)
    expect(inbox.meta.filterCounts.answered).toBeGreaterThanOrEqual(1)
    expect(inbox.meta.filterCounts.awaiting).toBeGreaterThanOrEqual(1)
    // The sent request still waits for its answer; the vendor may give it now.
    const waiting = inbox.data.find(
      (r: { myStatus: string; status: string }) => r.myStatus === 'awaiting' && r.status === 'sent',
    )
    expect((await get(`/procurement/incoming/${waiting.number}`, vendor)).data.canAnswer).toBe(true)
  })

  it('turns the demo vendor’s exchange with 1С on, with the README’s login, mapped groups and a log', async () => {
    const get = async (url: string, cookie: string) =>
      (await app.inject({ url: `/api/v1${url}`, headers: { cookie } })).json()
    const account = await signIn(database.db, DEMO_EXCHANGE_LOGIN, DEMO_EXCHANGE_PASSWORD)
    expect(account).not.toBeNull()
    expect(await signIn(database.db, DEMO_EXCHANGE_LOGIN, 'demo-password')).toBeNull()
    const vendor = await login('vendor@example.com', '10.77.7.1')
    const settings = (await get('/cabinet/exchange-1c', vendor)).data
    expect(settings).toMatchObject({ enabled: true, login: DEMO_EXCHANGE_LOGIN, priceType: 'Розничная' })
    const groups = (await get('/cabinet/exchange-1c/groups', vendor)).data
    expect(groups.filter((g: { categorySlug: string | null }) => !g.categorySlug).length).toBe(2)
    expect(groups.find((g: { name: string }) => g.name === 'Квадрокоптеры').goods).toBeGreaterThan(0)
    const log = await get('/cabinet/exchange-1c/log', vendor)
    expect(log.data.map((s: { status: string }) => s.status).sort()).toEqual([
      'failure',
      'success',
      'success',
      'success',
    ])
  })

  it('publishes the demo articles with their products embedded, newest first on /media', async () => {
    const get = async (url: string) => (await app.inject({ url: `/api/v1${url}` })).json()
    const list = await get('/media/articles')
    expect(list.data.total).toBe(DEMO_ARTICLES.length)
    const newest = [...DEMO_ARTICLES].sort((a, b) => a.publishedDaysAgo - b.publishedDaysAgo)[0]!
    expect(list.data.featured.slug).toBe(newest.slug)
    for (const demo of DEMO_ARTICLES) {
      const page = (await get(`/media/articles/${demo.slug}`)).data
      const cards = page.blocks.filter((b: { kind: string }) => b.kind === 'product')
      // Every embed resolved to a product on sale, shown live.
      expect(cards.map((b: { product: { slug: string } }) => b.product.slug)).toEqual(embeddedSlugs(demo))
      expect(page.headings.length, demo.slug).toBeGreaterThan(0)
      expect(assetExists(demo.coverAsset), demo.coverAsset).toBe(true)
    }
  })
})
