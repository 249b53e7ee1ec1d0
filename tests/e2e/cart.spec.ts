import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// The demo buyer's cart is shared by these tests: one after another.
test.describe.configure({ mode: 'serial' })

const BUYER = { email: 'buyer@example.com', password: 'demo-password' }
const cartCount = (page: Page) => page.getByRole('banner').locator('#header-count-cartCount')

interface Product {
  id: string
  slug: string
  title: string
  priceKopecks: number | null
  vendor: { id: string; name: string }
}

/** Priced products of two different sellers from the demo catalogue. */
async function twoSellers(page: Page): Promise<[Product, Product]> {
  const res = await page.request.get('/api/v1/catalog/products?type=multirotor&limit=40')
  const items = ((await res.json()) as { data: { items: Product[] } }).data.items.filter((p) => p.priceKopecks)
  const first = items[0]!
  const second = items.find((p) => p.vendor.id !== first.vendor.id)!
  return [first, second]
}

async function emptyCart(page: Page) {
  const cart = (await (await page.request.get('/api/v1/cart')).json()).data as {
    groups: { items: { productId: string }[] }[]
  }
  for (const item of cart.groups.flatMap((g) => g.items)) {
    expect((await page.request.delete(`/api/v1/cart/items/${item.productId}`)).status()).toBe(200)
  }
}

test('a guest’s «В корзину» asks to sign in, and the product is in the cart after', async ({ page }) => {
  const [product] = await twoSellers(page)
  await page.goto(`/product/${product.slug}`)
  await waitForHydration(page)
  await page.getByRole('button', { name: `В корзину: ${product.title}`, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Вход' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Электронная почта').fill(BUYER.email)
  await dialog.getByLabel(/^Пароль/).fill(BUYER.password)
  await dialog.getByLabel(/^Пароль/).press('Enter')
  await expect(dialog).toBeHidden()
  const notice = page.getByRole('alert').filter({ hasText: 'Товар в корзине' })
  await expect(notice).toContainText(product.title)
  await notice.getByRole('link', { name: 'Перейти в корзину' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible()
  await expect(page.getByRole('link', { name: product.title, exact: true })).toBeVisible()
})

test('the cart splits by seller, steps quantities, and checks out into one order per seller', async ({
  page,
  consoleErrors,
}) => {
  // The form's refusal comes back as a 400 with the field errors.
  consoleErrors.expect(/status of 400 \(Bad Request\)/)
  const login = await page.request.post('/api/v1/auth/login', { data: BUYER })
  expect(login.status()).toBe(200)
  await emptyCart(page)
  const [a, b] = await twoSellers(page)

  // «В корзину» on a catalogue card and on the compare page's column work the same way.
  await page.goto('/catalog/bespilotniki?type=multirotor')
  await waitForHydration(page)
  await page
    .getByRole('button', { name: `В корзину: ${a.title}`, exact: true })
    .first()
    .click()
  await expect(cartCount(page)).toHaveText('1')
  await page.goto(`/product/${b.slug}`)
  await waitForHydration(page)
  await page.getByRole('button', { name: `В корзину: ${b.title}`, exact: true }).click()
  await expect(cartCount(page)).toHaveText('2')

  await page.goto('/cart')
  await waitForHydration(page)
  await expect(page.getByRole('region', { name: `Продавец ${a.vendor.name}` })).toBeVisible()
  await expect(page.getByRole('region', { name: `Продавец ${b.vendor.name}` })).toBeVisible()
  const total = page.getByTestId('cart-total')
  const before = await total.textContent()
  await page.getByLabel(`Количество: ${a.title}`).fill('2')
  await expect(total).not.toHaveText(before!)

  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  // Missing fields are named in Russian; what was typed stays.
  await page.getByRole('textbox', { name: 'Комментарий к заказу' }).fill('Позвонить за час до доставки')
  await page.getByRole('button', { name: /^Оформить/ }).click()
  await expect(page.getByText('Укажите адрес доставки')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Комментарий к заказу' })).toHaveValue('Позвонить за час до доставки')
  await page.getByLabel(/Адрес доставки/).fill('394036, г. Воронеж, ул. Полевая, д. 12')
  await page.getByLabel(/Название транспортной компании/).fill('СДЭК')
  await page.getByRole('button', { name: /^Оформить 2 заказа/ }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Заказы оформлены' })).toBeVisible()
  const links = page.getByRole('link', { name: /^Заказ № \d{4}-\d{5}$/ })
  await expect(links).toHaveCount(2)
  await expect(cartCount(page)).toBeHidden()
  const purchases = (await (await page.request.get('/api/v1/orders?side=purchase')).json()).data as {
    number: string
    seller: { id: string }
    status: string
  }[]
  const numbers = await links.allTextContents()
  for (const text of numbers) {
    const order = purchases.find((o) => text.endsWith(o.number))
    expect(order?.status).toBe('created')
  }
})
