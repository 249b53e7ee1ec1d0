import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCategory, isLeafCategory } from '#common/catalog/categories.ts'
import { isSlug } from '#common/slug.ts'
import { SPHERE_SLUGS } from '#common/spheres.ts'
import { catalogProducts } from '../../modules/catalog/catalog.table.ts'
import { BACKENDS, openTestDatabase } from '../../testing/database.ts'
import type { Database } from '../../db/client.ts'
import { generateBulkProducts, insertBulkProducts } from './bulk.ts'

const ASSETS = new URL('../../../../content/assets/', import.meta.url)
const VENDORS = [randomUUID(), randomUUID(), randomUUID()]

describe('generateBulkProducts', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = [...generateBulkProducts(200, VENDORS, 7)]
    expect([...generateBulkProducts(200, VENDORS, 7)]).toEqual(a)
    const b = [...generateBulkProducts(200, VENDORS, 8)]
    expect(b.map((r) => r.slug).filter((s) => a.some((r) => r.slug === s))).toEqual([])
  })

  it('is lazy: a huge count costs nothing until read', () => {
    const rows = generateBulkProducts(1_000_000, VENDORS)[Symbol.iterator]()
    expect(rows.next().value?.slug).toMatch(/-b1-0$/)
  })

  it('refuses to make products without vendors', () => {
    expect(() => [...generateBulkProducts(1, [])]).toThrow(/vendor/)
  })
})

describe.each(BACKENDS)('insertBulkProducts on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('inserts 2 000 valid products with unique slugs; offering them again adds nothing', async () => {
    const rows = [...generateBulkProducts(2000, VENDORS)]
    expect(new Set(rows.map((r) => r.slug)).size).toBe(2000)
    expect(await insertBulkProducts(database.db, rows, 500)).toBe(2000)
    // Slugs are the natural key: offering the same rows again adds nothing.
    await insertBulkProducts(database.db, rows.slice(0, 300), 700)

    const stored = await database.db.select().from(catalogProducts)
    expect(stored).toHaveLength(2000)
    const published = stored.filter((p) => p.status === 'published').length / stored.length
    expect(published).toBeGreaterThan(0.92)
    expect(published).toBeLessThan(0.98)
    for (const p of stored) {
      expect(isSlug(p.slug), p.slug).toBe(true)
      expect(isLeafCategory(p.categorySlug)).toBe(true)
      expect(p.droneType).toBe(getCategory(p.categorySlug)!.droneType)
      expect(VENDORS).toContain(p.vendorOrganizationId)
      expect(p.areas.length).toBeGreaterThanOrEqual(1)
      expect(p.areas.every((a) => (SPHERE_SLUGS as readonly string[]).includes(a))).toBe(true)
      expect(p.priceKopecks === null || p.priceKopecks > 0).toBe(true)
      expect(p.flightTime! > 0 && p.maxTakeoffWeight! > 0 && p.rangeKm! > 0).toBe(true)
      expect(Number(p.specs.operating_temp_min)).toBeLessThan(Number(p.specs.operating_temp_max))
      expect(p.images.every((i) => existsSync(new URL(i.src, ASSETS)))).toBe(true)
    }
    // Every sphere and category is represented, so the benchmark's filters find something.
    expect(new Set(stored.flatMap((p) => p.areas)).size).toBe(SPHERE_SLUGS.length)
    expect(new Set(stored.map((p) => p.categorySlug)).size).toBe(4)
  }, 180_000) // PostgreSQL computes each row's weighted tsvector: seconds per thousand on a busy machine
})
