import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// The demo buyer's completed order from «АэроТех Системы» (server/seed/reviews.ts) reviewed this
// product and its seller, who answered. Spec strings are written out on purpose.
const REVIEWED = { slug: 'agrodron-dji-agras-t40-aerotekh', title: 'Агродрон DJI Agras T40' }
const AUTHOR = 'Ирина, ООО «Агрохолдинг Заря»'

// The last test hides the demo review for a moment: the others must not run beside it.
test.describe.configure({ mode: 'serial' })

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

  await expectNoSeriousViolations(page, { include: '#reviews' })
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
  await expectNoSeriousViolations(page, { include: '#reviews' })
})

test('staff hide an abusive review with a reason and show it again', async ({ page }) => {
  const signIn = await page.request.post('/api/v1/auth/login', {
    data: { email: 'staff@example.com', password: 'demo-password' },
  })
  expect(signIn.status()).toBe(200)
  await page.goto('/personal-account/staff/reviews')
  await waitForHydration(page)
  await expect(page.getByRole('link', { name: 'Отзывы', exact: true })).toHaveAttribute('aria-current', 'page')
  const row = page.getByRole('row').filter({ hasText: REVIEWED.title })
  await row.getByLabel('Причина').fill('Проверка модерации')
  await row.getByRole('button', { name: 'Скрыть' }).click()
  await expect(row).toHaveCount(0)
  const product = async () => {
    const res = await page.request.get(`/api/v1/catalog/products/${REVIEWED.slug}`)
    const id = ((await res.json()) as { data: { id: string } }).data.id
    return (
      (await (await page.request.get(`/api/v1/products/${id}/reviews`)).json()) as {
        data: { summary: { count: number } }
      }
    ).data.summary.count
  }
  expect(await product()).toBe(0)

  await page.getByRole('link', { name: 'Скрытые' }).click()
  const hidden = page.getByRole('row').filter({ hasText: REVIEWED.title })
  await expect(hidden).toContainText('Проверка модерации')
  await hidden.getByRole('button', { name: 'Показать снова' }).click()
  await expect(hidden).toHaveCount(0)
  expect(await product()).toBe(1)
})
