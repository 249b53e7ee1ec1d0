import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { PRODUCT_MESSAGES, PRODUCT_TAB_LABELS, PRODUCT_TABS, type ProductTab } from '#common/products.ts'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { quote } from '#common/format.ts'

// The demo data is shared by every spec of the run: counts are compared with what the API says at
// the same moment, never with fixed numbers, and the products this spec changes are its own.

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Разделы товаров' })
const tabLink = (page: Page, tab: ProductTab) => tabs(page).getByRole('link', { name: PRODUCT_TAB_LABELS[tab] })
const cards = (page: Page) => page.getByRole('list', { name: 'Список товаров' }).getByRole('listitem')

async function tabCounts(page: Page): Promise<Record<ProductTab, number>> {
  const counts = {} as Record<ProductTab, number>
  for (const tab of PRODUCT_TABS) counts[tab] = Number((await tabLink(page, tab).innerText()).replace(/\D/g, ''))
  return counts
}

test('the vendor sees the tabs with their counts, the product sent back, switches tabs and searches by SKU', async ({
  page,
}) => {
  await signIn(page, 'vendor@example.com')
  await page.goto('/personal-account/products')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Товары')
  await expect(
    page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Товары' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Добавить товар' })).toHaveAttribute(
    'href',
    '/personal-account/products/edit/new',
  )

  // Each tab's count is the API's at the same moment (other specs may add or move products).
  await expect(async () => {
    await page.reload()
    const api = await page.request.get('/api/v1/cabinet/products')
    expect(api.status()).toBe(200)
    const { counts } = (await api.json()).data
    expect(await tabCounts(page)).toEqual(counts)
    expect(counts['non-published']).toBeGreaterThan(0)
    expect(counts.published).toBeGreaterThan(0)
  }).toPass({ timeout: 20_000 })
  await waitForHydration(page)
  await expect(tabLink(page, 'published')).toHaveAttribute('aria-current', 'page')

  // A published demo product's SKU, read from the page.
  const skuText = await cards(page)
    .getByText(/^Артикул: BAS-/)
    .first()
    .innerText()
  const sku = skuText.replace('Артикул: ', '').trim()
  const firstCount = await cards(page).count()
  expect(firstCount).toBeGreaterThan(1)

  // Tabs change without a full reload; the draft sent back shows the staff's comment.
  await page.evaluate(() => (window.__marker = 1))
  await tabLink(page, 'non-published').click()
  await expect(page).toHaveURL('/personal-account/products?tab=non-published')
  await expect(tabLink(page, 'non-published')).toHaveAttribute('aria-current', 'page')
  const sentBack = cards(page).filter({ hasText: 'Беспилотник АэроТех Орлан VTOL' })
  await expect(sentBack.getByRole('note')).toContainText('Требует доработки')
  await expect(sentBack.getByRole('note')).toContainText(
    'Комментарий модератора: Добавьте сертификат соответствия и уточните дальность',
  )
  await expect(sentBack).toContainText('Цена по запросу')
  await expect(sentBack.getByRole('link', { name: 'Предпросмотр' })).toHaveAttribute(
    'href',
    /^\/personal-account\/products\/preview\/[0-9a-f-]{36}$/,
  )

  // Back returns to the published tab.
  await page.goBack()
  await expect(page).toHaveURL('/personal-account/products')
  await expect(tabLink(page, 'published')).toHaveAttribute('aria-current', 'page')
  await expect(cards(page).getByText(skuText, { exact: true })).toBeVisible()

  // Search by the SKU: the product is found, its catalogue link is there.
  await page.getByLabel('Название или артикул').fill(sku)
  await page.getByLabel('Название или артикул').press('Enter')
  await expect(page).toHaveURL(`/personal-account/products?q=${encodeURIComponent(sku)}`)
  await expect(cards(page).first()).toContainText(`Артикул: ${sku}`)
  // Retried until the found list has replaced the tab's (its first card was this product already).
  await expect(cards(page).filter({ hasNotText: sku })).toHaveCount(0)
  await expect(cards(page).first().getByRole('link', { name: 'Открыть в каталоге' })).toHaveAttribute(
    'href',
    /^\/product\//,
  )

  // A search with no match says so and offers to clear it.
  await page.getByLabel('Название или артикул').fill('нет-такого-артикула-zz')
  await page.getByRole('search', { name: 'Поиск товаров' }).getByRole('button', { name: 'Найти' }).click()
  await expect(page.getByRole('heading', { name: 'Ничего не нашлось' })).toBeVisible()

  // Back twice: the SKU search, then the whole tab again, the field following the address.
  await page.goBack()
  await expect(page.getByLabel('Название или артикул')).toHaveValue(sku)
  await page.goBack()
  await expect(page.getByLabel('Название или артикул')).toHaveValue('')
  await expect(cards(page)).toHaveCount(firstCount)
  expect(await page.evaluate(() => window.__marker)).toBe(1)
})

test('sending an incomplete draft to moderation reports why it failed; deleting asks first', async ({ page }) => {
  await signIn(page, 'vendor@example.com')
  // A half-filled draft of this test's own: no category, price or description.
  const sku = `E2E-${randomUUID().slice(0, 8)}`
  const title = `Черновик проверки ${sku}`
  const created = await page.request.post('/api/v1/cabinet/products', { data: { sku, title } })
  expect(created.status()).toBe(201)

  await page.goto(`/personal-account/products?tab=non-published&q=${sku}`)
  await waitForHydration(page)
  await expect(cards(page)).toHaveCount(1)
  await page.getByRole('checkbox', { name: `Выбрать ${quote(title)}` }).check()
  await expect(page.getByText('Выбрано: 1 товар')).toBeVisible()
  await page.getByRole('button', { name: 'Отправить на модерацию' }).click()

  const report = page.getByRole('alert').filter({ hasText: 'Отправлено на модерацию: 0' })
  await expect(report).toContainText('Не получилось: 1')
  await expect(report).toContainText(`${title}: ${PRODUCT_MESSAGES.incomplete}`)
  await expect(cards(page)).toHaveCount(1)

  // Deleting waits for the confirmation.
  // From the keyboard: the checkbox takes the focus and Space checks it.
  await page.getByRole('checkbox', { name: 'Выбрать все на странице' }).focus()
  await page.keyboard.press('Space')
  await expect(page.getByRole('checkbox', { name: `Выбрать ${quote(title)}` })).toBeChecked()
  await page.getByRole('button', { name: 'Удалить черновики' }).click()
  const dialog = page.getByRole('dialog', { name: 'Удалить черновики?' })
  await expect(dialog).toContainText('Будет удалено: 1 товар')
  await dialog.getByRole('button', { name: 'Отмена' }).click()
  await expect(dialog).toBeHidden()
  await expect(cards(page)).toHaveCount(1)
  await page.getByRole('button', { name: 'Удалить черновики' }).click()
  await dialog.getByRole('button', { name: 'Удалить' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Удалено: 1' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ничего не нашлось' })).toBeVisible()
})

test('a buyer-only organization is told how to become a vendor', async ({ page }) => {
  await signIn(page, 'buyer@example.com')
  await page.goto('/personal-account/products')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Товары')
  await expect(page.getByText(PRODUCT_MESSAGES.buyerOnly)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Запросить роль поставщика' })).toHaveAttribute(
    'href',
    '/personal-account/company',
  )
  await expect(page.getByRole('link', { name: 'Добавить товар' })).toHaveCount(0)
  await expect(
    page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Товары' }),
  ).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the list reads through plain links and the GET search form', async ({ page }) => {
    await signIn(page, 'vendor@example.com')
    await page.goto('/personal-account/products')
    await tabLink(page, 'non-published').click()
    await expect(page).toHaveURL('/personal-account/products?tab=non-published')
    await expect(cards(page).filter({ hasText: 'Беспилотник АэроТех Орлан VTOL' })).toContainText('Требует доработки')
    await page.getByLabel('Название или артикул').fill('Орлан')
    await page.getByRole('search', { name: 'Поиск товаров' }).getByRole('button', { name: 'Найти' }).click()
    await expect(page).toHaveURL(/[?&]q=%D0%9E%D1%80%D0%BB%D0%B0%D0%BD/)
    await expect(page).toHaveURL(/[?&]tab=non-published/)
    await expect(cards(page).first()).toContainText('Орлан')
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Орлан')
  })
})

for (const width of [1280, 375]) {
  test(`the product list is accessible and fits the screen at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await signIn(page, 'vendor@example.com')
    await page.goto('/personal-account/products?tab=non-published')
    await waitForHydration(page)
    await expect(cards(page).filter({ hasText: 'Требует доработки' }).first()).toBeVisible()
    await expectNoSeriousViolations(page)
    await expectNoHorizontalOverflow(page)
    await page.goto('/personal-account/products')
    await waitForHydration(page)
    await expectNoSeriousViolations(page)
    await expectNoHorizontalOverflow(page)
  })
}
