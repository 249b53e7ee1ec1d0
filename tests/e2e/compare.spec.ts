import type { Page } from '@playwright/test'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// Spec strings are written out here on purpose, not imported from common/: a typo there must fail
// these tests, not be shared by them.
const LIMIT_MESSAGE =
  'В сравнении уже 6 товаров из категории «Мультироторные». Удалите один из них, чтобы добавить новый.'

interface Product {
  id: string
  slug: string
  title: string
}

/** Multirotor products of the demo catalogue, most popular first. */
async function multirotors(page: Page, count: number): Promise<Product[]> {
  const res = await page.request.get(`/api/v1/catalog/products?type=multirotor&limit=${count}`)
  expect(res.status()).toBe(200)
  const items = ((await res.json()) as { data: { items: Product[] } }).data.items
  expect(items.length).toBe(count)
  return items
}

/** Adds through the API from the page, as the page's own scripts do (same cookies, same origin). */
async function addFromPage(page: Page, productId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const res = await fetch('/api/v1/compare/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: id }),
    })
    return res.status
  }, productId)
}

const compareCount = (page: Page) => page.getByRole('banner').locator('#header-count-compareCount')

async function addOnProductPage(page: Page, product: Product) {
  await page.goto(`/product/${product.slug}`)
  await waitForHydration(page)
  // The button names its product: a catalogue page has many of them.
  const button = page.getByRole('button', { name: `Добавить к сравнению: ${product.title}`, exact: true })
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await button.click()
  await expect(
    page.getByRole('button', { name: `Убрать из сравнения: ${product.title}`, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true')
  const notice = page.getByRole('alert').filter({ hasText: 'Товар добавлен к сравнению' })
  await expect(notice.getByRole('link', { name: 'Перейти к сравнению' })).toBeVisible()
  // Below the header: the cart and the account stay clickable while it shows.
  const header = (await page.getByRole('banner').boundingBox())!
  expect((await notice.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1)
}

test('a guest compares two products, keeps them after a reload and sign-in, and sees only differences', async ({
  page,
}) => {
  await page.goto('/compare')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Сравнение товаров' })).toBeVisible()
  await expect(page.getByText('В сравнении пока нет товаров')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'каталоге' })).toHaveAttribute(
    'href',
    '/catalog/bespilotniki',
  )

  const [first, second] = await multirotors(page, 2)
  await addOnProductPage(page, first!)
  await expect(compareCount(page)).toHaveText('1')
  await addOnProductPage(page, second!)
  await expect(compareCount(page)).toHaveText('2')

  // The list lives in the guest cookie: a fresh document still has it, and so does the header.
  await page.goto('/compare')
  await page.reload()
  await waitForHydration(page)
  const table = page.getByRole('region', { name: 'Таблица сравнения: Мультироторные' })
  for (const p of [first!, second!]) await expect(table.getByRole('link', { name: p.title })).toBeVisible()
  await expect(compareCount(page)).toHaveText('2')

  // Signing in moves the list into the account; the page and the header follow.
  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click()
  const dialog = page.getByRole('dialog', { name: 'Вход' })
  await dialog.getByLabel('Электронная почта').fill('buyer@example.com')
  await dialog.getByLabel(/^Пароль/).fill('demo-password')
  await dialog.getByLabel(/^Пароль/).press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner').getByLabel(/^Аккаунт:/)).toBeVisible()
  for (const p of [first!, second!]) await expect(table.getByRole('link', { name: p.title })).toBeVisible()
  const ids = (await (await page.request.get('/api/v1/compare/ids')).json()).data as { ids: string[]; count: number }
  expect(ids.ids).toEqual(expect.arrayContaining([first!.id, second!.id]))
  await expect(compareCount(page)).toHaveText(String(ids.count))

  // «Только различия»: rows where both show the same value go, and the URL says so.
  const rowHeader = (name: string) => table.getByRole('rowheader', { name, exact: true })
  await expect(rowHeader('Тип')).toBeVisible()
  const allRows = await table.getByRole('rowheader').count()
  await page.getByRole('switch', { name: 'Только различия' }).click()
  await expect(page).toHaveURL(/[?&]diff=1/)
  await expect(rowHeader('Тип')).toHaveCount(0)
  expect(await table.getByRole('rowheader').count()).toBeLessThan(allRows)
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Только различия' })).toBeChecked()
  await expect(rowHeader('Тип')).toHaveCount(0)

  // «Очистить» empties the category (and leaves the demo account as it was).
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Очистить сравнение категории «Мультироторные»' }).click()
  await expect(table).toHaveCount(0)
  await expect(page.getByRole('link', { name: first!.title })).toHaveCount(0)
})

test('the seventh product of one category is refused with the limit message', async ({ page, consoleErrors }) => {
  // Chromium logs every 4xx answer of fetch; this one is the point of the test.
  consoleErrors.expect(/status of 409 \(Conflict\)/)
  await page.goto('/compare')
  await waitForHydration(page)
  const products = await multirotors(page, 7)
  for (const p of products.slice(0, 6)) expect(await addFromPage(page, p.id)).toBe(200)

  await page.goto(`/product/${products[6]!.slug}`)
  await waitForHydration(page)
  const button = page.getByRole('button', { name: `Добавить к сравнению: ${products[6]!.title}` })
  await button.click()
  await expect(page.getByRole('alert').filter({ hasText: LIMIT_MESSAGE })).toBeVisible()
  await expect(button).toHaveAttribute('aria-pressed', 'false')
})

test('/compare has no serious or critical axe violations and no sideways scroll at 375 px', async ({ page }) => {
  await page.goto('/compare')
  await waitForHydration(page)
  await expectNoSeriousViolations(page)

  for (const p of await multirotors(page, 3)) expect(await addFromPage(page, p.id)).toBe(200)
  await page.goto('/compare')
  await waitForHydration(page)
  await expect(page.getByRole('region', { name: 'Таблица сравнения: Мультироторные' })).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.setViewportSize({ width: 375, height: 800 })
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('region', { name: 'Таблица сравнения: Мультироторные' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
})
