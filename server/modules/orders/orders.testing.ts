import { randomUUID } from 'node:crypto'
import type { VatRate } from '#common/catalog/vat.ts'
import type { Db } from '../../db/client.ts'
import { catalogProducts } from '../catalog/catalog.table.ts'
import { productDrafts } from '../products/products.table.ts'

/**
 * A product on sale, made directly in the tables (its vendor's draft beside it), for tests of the
 * cart and orders: `stock` null means the vendor does not count units.
 */
export async function createOffer(
  db: Db,
  vendorId: string,
  opts: { title: string; priceKopecks: number | null; stock?: number | null; vatRate?: VatRate; weightKg?: number },
): Promise<{ id: string; slug: string; title: string }> {
  const id = randomUUID()
  const slug = `offer-${id.slice(0, 8)}`
  const stock = opts.stock === undefined ? 10 : opts.stock
  await db.insert(productDrafts).values({
    id,
    organizationId: vendorId,
    status: 'approved',
    published: true,
    title: opts.title,
    brand: 'Тест',
    model: slug,
    categorySlug: 'multirotornye',
    priceKopecks: opts.priceKopecks,
    priceOnRequest: opts.priceKopecks === null,
    vatRate: opts.vatRate ?? '22',
    stockQuantity: stock,
  })
  await db.insert(catalogProducts).values({
    id,
    slug,
    title: opts.title,
    brand: 'Тест',
    model: slug,
    vendorOrganizationId: vendorId,
    categorySlug: 'multirotornye',
    priceKopecks: opts.priceKopecks,
    vatRate: opts.vatRate ?? '22',
    availability: 'in_stock',
    stockQuantity: stock,
    description: `${opts.title}: описание для теста.`,
    specs: opts.weightKg === undefined ? {} : { max_takeoff_weight: opts.weightKg },
    status: 'published',
    publishedAt: new Date(),
  })
  return { id, slug, title: opts.title }
}
