import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// An order from the demo buyer (ООО «Агрохолдинг Заря») to a catalogue vendor no other spec works
// as (ООО «Невские дроны»), so that the order's news in the chat reaches nobody else's test. The
// demo data has no orders: the buyer places one through the API, as the cart page would.

const SELLER_SLUG = 'nevskie-drony'
const SELLER_EMAIL = `sales@${SELLER_SLUG}.example`

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

async function newPage(browser: Browser): Promise<Page> {
  const { baseURL, userAgent, viewport } = test.info().project.use
  return (await browser.newContext({ baseURL, userAgent, viewport })).newPage()
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** A drone of the seller with a price, in stock, that must be registered (учёт, 0.15–30 kg). */
async function findDrone(page: Page): Promise<{ id: string; title: string }> {
  const list = await page.request.get(`/api/v1/catalog/products?vendor=${SELLER_SLUG}`)
  expect(list.status()).toBe(200)
  const items = (await list.json()).data.items as {
    slug: string
    priceKopecks: number | null
    availability: string
    vendor: { slug: string }
  }[]
  for (const item of items) {
    if (item.vendor.slug !== SELLER_SLUG || item.priceKopecks === null || item.availability !== 'in_stock') continue
    const details = (await (await page.request.get(`/api/v1/catalog/products/${item.slug}`)).json()).data
    if (details.registration === 'account') return { id: details.id, title: details.title }
  }
  throw new Error(`no registrable drone on sale by ${SELLER_SLUG}`)
}

/** The buyer's checkout through the API with the body of orders.test.ts; answers the order's number. */
async function placeOrder(buyer: Page, productId: string): Promise<string> {
  expect((await buyer.request.post('/api/v1/cart/items', { data: { productId, quantity: 2 } })).status()).toBe(200)
  const cart = (await (await buyer.request.get('/api/v1/cart')).json()).data
  const whoami = (await (await buyer.request.get('/api/v1/users/whoami')).json()).data
  const payer = whoami.organizations.find((o: { isSelected: boolean }) => o.isSelected)
  const placed = await buyer.request.post('/api/v1/checkout', {
    data: {
      checkoutKey: randomUUID(),
      payerOrganizationId: payer.id,
      deliveryMethod: 'carrier',
      address: '394036, г. Воронеж, ул. Полевая, д. 12',
      carrier: 'СДЭК',
      contactName: 'Ирина Соколова',
      contactPhone: '+7 (916) 123-45-67',
      comment: 'Позвоните за час до доставки',
      expectedTotalKopecks: cart.totalKopecks,
    },
  })
  expect(placed.status()).toBe(201)
  const orders = (await placed.json()).data.orders as { number: string; seller: { slug: string } }[]
  return orders.find((o) => o.seller.slug === SELLER_SLUG)!.number
}

const statusBadge = (page: Page, label: string) =>
  page.getByRole('heading', { level: 1 }).locator('xpath=..').getByText(label, { exact: true })

test('the seller confirms, marks paid and ships an order with serial numbers; the buyer follows it, confirms delivery and registers the drones', async ({
  page: buyer,
  browser,
}) => {
  test.slow() // two people, seven moves of one order
  await signIn(buyer, 'buyer@example.com')
  const drone = await findDrone(buyer)
  const number = await placeOrder(buyer, drone.id)

  // The seller's list opens on sales (a vendor that does not buy), and the order is there.
  const seller = await newPage(browser)
  await signIn(seller, SELLER_EMAIL)
  await seller.goto('/personal-account/orders')
  await waitForHydration(seller)
  await expect(seller.getByRole('heading', { level: 1 })).toHaveText('Заказы')
  await expect(seller.getByRole('tab', { name: 'Продажи' })).toHaveAttribute('aria-selected', 'true')
  await expect(
    seller.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Заказы' }),
  ).toBeVisible()
  const row = seller.getByRole('row').filter({ hasText: `№ ${number}` })
  await expect(row).toContainText('ООО «Агрохолдинг Заря»')
  await expect(row).toContainText('Новый')
  await expectNoSeriousViolations(seller)

  // A search that finds nothing says so, in the address too; «Все» brings the orders back.
  await seller.getByLabel('Номер заказа или покупатель').fill('Нет такого покупателя')
  await seller.getByRole('search', { name: 'Поиск заказов' }).getByRole('button', { name: 'Найти' }).click()
  await expect(seller).toHaveURL(/\/personal-account\/orders\/sales\?q=/)
  await expect(seller.getByText('Ничего не найдено')).toBeVisible()
  await seller.getByRole('link', { name: 'Показать все заказы' }).click()
  await expect(seller.getByRole('link', { name: `№ ${number}` })).toBeVisible()
  await seller.getByRole('link', { name: `№ ${number}` }).click()

  await expect(seller).toHaveURL(`/personal-account/order/sale/${number}`)
  await expect(seller.getByRole('heading', { level: 1 })).toHaveText(`Заказ № ${number}`)
  await expect(statusBadge(seller, 'Новый')).toBeVisible()
  await expect(seller.getByRole('link', { name: drone.title })).toHaveAttribute('href', /^\/product\//)

  // Confirm with a delivery date and a comment: the invoice appears.
  await seller.getByLabel('Дата доставки или передачи товара').fill('2099-12-31')
  await seller.getByLabel('Комментарий для покупателя').fill('Отгрузим со склада в Санкт-Петербурге')
  await seller.getByRole('button', { name: 'Подтвердить заказ' }).click()
  await expect(statusBadge(seller, 'Подтверждён')).toBeVisible()
  await expect(seller.getByText('Заказ подтверждён. Покупатель получит уведомление и счёт на оплату.')).toBeVisible()
  await expect(seller.getByRole('link', { name: new RegExp(`Счёт на оплату № ${number}`) })).toHaveAttribute(
    'href',
    `/api/v1/orders/sale/${number}/documents/invoice.pdf`,
  )
  await expect(seller.getByText('31 декабря 2099 г.')).toBeVisible()

  await seller.getByRole('button', { name: 'Оплата получена' }).click()
  await expect(statusBadge(seller, 'Оплачен')).toBeVisible()

  // Shipping: one serial number short is refused in Russian, the numbers typed stay.
  const serials = seller.getByLabel(`Серийные номера: ${drone.title}`)
  await seller.getByLabel('Трек-номер или номер накладной').fill('CDEK-778899')
  await serials.fill('NV-0001')
  await seller.getByRole('button', { name: 'Отгрузить' }).click()
  await expect(seller.getByRole('alert').filter({ hasText: 'Укажите серийные номера' })).toBeVisible()
  await expect(serials).toHaveValue('NV-0001')
  await serials.fill('NV-0001\nNV-0002')
  await seller.getByRole('button', { name: 'Отгрузить' }).click()
  await expect(statusBadge(seller, 'Отгружен')).toBeVisible()
  await expect(seller.getByText('Серийные номера: NV-0001, NV-0002')).toBeVisible()
  await expect(seller.getByRole('link', { name: new RegExp(`Товарная накладная № ${number}`) })).toBeVisible()
  await expect(seller.getByRole('region', { name: 'Действия с заказом' })).toHaveCount(0)
  await expectNoSeriousViolations(seller)

  // Another organization's order, or an unknown side or tab, is the 404 page.
  expect((await buyer.request.get(`/personal-account/order/sale/${number}`)).status()).toBe(404)
  expect((await buyer.request.get(`/personal-account/order/gift/${number}`)).status()).toBe(404)
  expect((await buyer.request.get('/personal-account/orders/archive')).status()).toBe(404)

  // The buyer finds it among the purchases by its number.
  await buyer.goto('/personal-account/orders?filter=active')
  await waitForHydration(buyer)
  await expect(buyer.getByRole('tab', { name: 'Покупки' })).toHaveAttribute('aria-selected', 'true')
  await buyer.getByLabel('Номер заказа или продавец').fill(number)
  await buyer.getByRole('search', { name: 'Поиск заказов' }).getByRole('button', { name: 'Найти' }).click()
  await expect(buyer).toHaveURL(/filter=active&q=/)
  await buyer.getByRole('link', { name: `№ ${number}` }).click()
  await expect(buyer).toHaveURL(`/personal-account/order/purchase/${number}`)

  // The history tells who did what.
  const history = buyer.getByRole('region', { name: 'История заказа' })
  for (const step of ['Заказ оформлен', 'Подтверждён', 'Оплачен', 'Отгружен']) {
    await expect(history.getByText(step, { exact: true })).toBeVisible()
  }
  await expect(history.getByText(/^Продавец/).first()).toBeVisible()
  await expect(history.getByText('Комментарий: Отгрузим со склада в Санкт-Петербурге')).toBeVisible()
  await expect(buyer.getByRole('link', { name: 'Переписка по заказу' })).toHaveAttribute(
    'href',
    /^\/chat\?roomId=[0-9a-f-]{36}$/,
  )

  // The registration panel: whose duty, the serial numbers, the site's guide.
  const panel = buyer.getByRole('region', { name: 'Поставьте беспилотники на учёт' })
  await expect(panel).toContainText('вашей организации (ООО «Агрохолдинг Заря»)')
  await expect(panel).toContainText('10 рабочих дней')
  await expect(panel).toContainText('Серийные номера: NV-0001, NV-0002')
  await expect(panel.getByRole('link', { name: /Как поставить беспилотник на учёт/ })).toHaveAttribute(
    'href',
    '/platforms/drone-registration',
  )
  await expectNoSeriousViolations(buyer)

  await buyer.getByRole('button', { name: 'Подтвердить получение' }).click()
  await expect(statusBadge(buyer, 'Доставлен')).toBeVisible()
  await expect(history.getByText('Доставлен', { exact: true })).toBeVisible()
  await expect(buyer.getByRole('button', { name: 'Завершить заказ' })).toBeVisible()

  await panel.getByRole('button', { name: 'Беспилотники поставлены на учёт' }).click()
  const done = buyer.getByRole('region', { name: 'Беспилотники поставлены на учёт' })
  await expect(done).toContainText('Вы отметили это')
  await expect(done.getByRole('button')).toHaveCount(0)
})
