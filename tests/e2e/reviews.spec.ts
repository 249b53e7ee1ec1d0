import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// The demo buyer's completed order from «АэроТех Системы» (server/seed/reviews.ts) reviewed this
// product and its seller, who answered. Spec strings are written out on purpose.
const REVIEWED = { slug: 'agrodron-dji-agras-t40-aerotekh', title: 'Агродрон DJI Agras T40' }
const AUTHOR = 'Ирина, ООО «Агрохолдинг Заря»'

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>)
}

test('a reviewed product shows its average, the review and the rating in its structured data', async ({ page }) => {
  const response = await page.goto(`/product/${REVIEWED.slug}`)
  expect(response?.status()).toBe(200)
  // In the server's HTML, for crawlers that run no script.
  expect(await response!.text()).toContain('"aggregateRating"')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(REVIEWED.title)

  const reviews = page.getByRole('region', { name: 'Отзывы покупателей' })
  await expect(reviews.getByText('5,0 из 5')).toBeVisible()
  await expect(reviews.getByText('1 отзыв', { exact: true })).toBeVisible()
  const item = reviews.getByRole('listitem').first()
  await expect(item).toContainText(AUTHOR)
  await expect(item).toContainText('Оценка: 5 из 5.')
  await expect(item).toContainText('без единого отказа')
  // The summary by the title leads to the reviews.
  await expect(page.locator('a[href="#reviews"]').first()).toContainText('5,0 из 5')

  const product = (await jsonLd(page)).find((ld) => ld['@type'] === 'Product')!
  expect(product.aggregateRating).toEqual({
    '@type': 'AggregateRating',
    ratingValue: 5,
    reviewCount: 1,
    bestRating: 5,
    worstRating: 1,
  })
  expect(product.review).toEqual([
    expect.objectContaining({ '@type': 'Review', author: { '@type': 'Person', name: AUTHOR } }),
  ])

  const { violations } = await new AxeBuilder({ page }).include('#reviews').analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
})

test('a product nobody reviewed says who may review it and claims no rating', async ({ page, request }) => {
  const res = await request.get('/api/v1/catalog/products?category=bespilotniki&limit=5')
  const items = ((await res.json()) as { data: { items: { slug: string }[] } }).data.items
  const other = items.find((p) => p.slug !== REVIEWED.slug)!
  await page.goto(`/product/${other.slug}`)
  await waitForHydration(page)
  await expect(
    page.getByText('Отзывов пока нет. Оставить отзыв могут покупатели, получившие товар.', { exact: true }),
  ).toBeVisible()
  const product = (await jsonLd(page)).find((ld) => ld['@type'] === 'Product')!
  expect(product).not.toHaveProperty('aggregateRating')
})

test("the seller's page shows its rating by the name and the review with its answer", async ({ page }) => {
  await page.goto('/sellers/aerotekh-sistemy')
  await waitForHydration(page)
  const header = page.getByRole('banner').or(page.locator('header')).filter({ hasText: 'АэроТех Системы' }).first()
  await expect(header).toContainText('5,0 из 5')
  const reviews = page.getByRole('region', { name: 'Отзывы о продавце' })
  await expect(reviews.getByRole('listitem').first()).toContainText(AUTHOR)
  await expect(reviews).toContainText('Ответ продавца')
  // A visitor is not the seller: no answer form.
  await expect(reviews.getByText('Ответить', { exact: true })).toHaveCount(0)
  const { violations } = await new AxeBuilder({ page }).include('#reviews').analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
})
