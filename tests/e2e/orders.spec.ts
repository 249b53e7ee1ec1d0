import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { rate, rateFromKeyboard } from './inputs.ts'
import { quote } from '#common/format.ts'

// The demo buyer's cart and orders are shared by these tests: they run one after another, and no
// other spec works with that cart.
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

/** The first product of the demo catalogue whose price is given on request. */
async function pricedOnRequest(page: Page): Promise<Product> {
  for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
    const res = await page.request.get(`/api/v1/catalog/products?limit=60&page=${pageNumber}`)
    const items = ((await res.json()) as { data: { items: Product[] } }).data.items
    const found = items.find((p) => p.priceKopecks === null)
    if (found) return found
  }
  throw new Error('the demo catalogue has no product priced on request')
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
  // It says why it opened.
  await expect(dialog).toContainText('Войдите, чтобы добавить товар в корзину')
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
  test.slow() // two sellers' carts, quantities stepped, a refused form, then two orders
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

  await expectNoSeriousViolations(page)

  // Missing fields are named in Russian; what was typed stays.
  await page.getByRole('textbox', { name: 'Комментарий к заказу' }).fill('Позвонить за час до доставки')
  await page.getByRole('button', { name: /^Оформить/ }).click()
  await expect(page.getByText('Укажите адрес доставки')).toBeVisible()
  // The error belongs to its field: a screen reader reads it with the field.
  const address = page.getByRole('textbox', { name: 'Адрес доставки' })
  await expect(address).toHaveAttribute('aria-invalid', 'true')
  await expect(address).toHaveAccessibleDescription('Укажите адрес доставки')
  await expect(page.getByRole('textbox', { name: 'Комментарий к заказу' })).toHaveValue('Позвонить за час до доставки')
  // The phone takes its mask once the page is ready: digits typed come out as a number.
  const phone = page.getByRole('textbox', { name: 'Телефон контактного лица' })
  await phone.fill('')
  await phone.pressSequentially('9161234567')
  await expect(phone).toHaveValue('+7 (916) 123-45-67')
  // A number put in whole, as a paste or the browser's autofill, keeps its digits after the 8.
  await phone.fill('8 (916) 765-43-21')
  await expect(phone).toHaveValue('+7 (916) 765-43-21')
  await page.getByLabel(/Адрес доставки/).fill('394036, г. Воронеж, ул. Полевая, д. 12')
  // The fixed field is no longer red before the form is sent again.
  await expect(page.getByText('Укажите адрес доставки')).toHaveCount(0)
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

test('at 375 px a product priced on request asks its price in the chat, and the cart promises no «0 ₽»', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  const login = await page.request.post('/api/v1/auth/login', { data: BUYER })
  expect(login.status()).toBe(200)
  await emptyCart(page)
  const onRequest = await pricedOnRequest(page)
  const added = await page.request.post('/api/v1/cart/items', { data: { productId: onRequest.id, quantity: 2 } })
  expect(added.status()).toBe(200)

  await page.goto('/cart')
  await waitForHydration(page)
  await expect(page.getByTestId('cart-total')).toHaveCount(0)
  await expect(page.getByTestId('cart-nothing-to-order')).toContainText('Заказать сейчас нечего')
  await expect(page.getByRole('button', { name: /^Оформить/ })).toHaveCount(0)
  // The button's words fit: none is cut off at the edge of its narrow column.
  const ask = page.getByRole('button', { name: 'Запросить цену' })
  await expect(ask).toBeVisible()
  const label = ask.locator('span > span').last()
  expect(await label.evaluate((words) => words.scrollWidth <= words.clientWidth)).toBe(true)
  await page.screenshot({ path: test.info().outputPath('cart-on-request.png'), fullPage: false })
  await expectNoHorizontalOverflow(page)
  await expectNoSeriousViolations(page)

  await ask.click()
  await expect(page).toHaveURL(/\/chat\?roomId=/)
  await expect(page.getByRole('textbox', { name: 'Сообщение' })).toHaveValue(
    `Здравствуйте! Подскажите, пожалуйста, цену и срок поставки: ${quote(onRequest.title)}, 2 шт.`,
  )
  await emptyCart(page)
})

// ---- the order's life on both sides ----------------------------------------------------------

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

  // The buyer downloads the invoice from the order page; it is a PDF with the right text.
  await buyer.goto(`/personal-account/order/purchase/${number}`)
  await waitForHydration(buyer)
  const [download] = await Promise.all([
    buyer.waitForEvent('download'),
    buyer.getByRole('link', { name: new RegExp(`Счёт на оплату № ${number}`) }).click(),
  ])
  const bytes = await readFile((await download.path())!)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })
  const flat = text.replace(/\s+/g, ' ')
  expect(flat).toContain(`Счёт на оплату № ${number}`)
  expect(flat).toContain('Агрохолдинг Заря')
  expect(flat).toContain('Невские дроны')
  expect(flat).toContain('Всего к оплате')
  expect(flat).toMatch(/рубл(ь|я|ей) \d\d копе(йка|йки|ек)/)

  // A move that cannot be taken back asks first; «Не сейчас» changes nothing.
  await seller.getByRole('button', { name: 'Оплата получена' }).click()
  const paid = seller.getByRole('dialog', { name: /Оплата заказа № .+ получена\?/ })
  await paid.getByRole('button', { name: 'Не сейчас' }).click()
  await expect(paid).toBeHidden()
  await expect(statusBadge(seller, 'Подтверждён')).toBeVisible()
  await seller.getByRole('button', { name: 'Оплата получена' }).click()
  await paid.getByRole('button', { name: 'Оплата получена' }).click()
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
  // The seller's transfer document is issued with the shipment, numbered in its own sequence.
  await expect(seller.getByRole('link', { name: /^УПД № \d+ от \d\d\.\d\d\.\d{4}/ })).toHaveAttribute(
    'href',
    `/api/v1/orders/sale/${number}/documents/upd.pdf`,
  )
  await expect(seller.getByRole('link', { name: /^УПД № \d+: файл XML для ЭДО/ })).toHaveAttribute(
    'href',
    `/api/v1/orders/sale/${number}/documents/upd.xml`,
  )
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

  // The buyer downloads the УПД: status, parties, the serial numbers shipped.
  const [updDownload] = await Promise.all([
    buyer.waitForEvent('download'),
    buyer.getByRole('link', { name: /^УПД № \d+ от/ }).click(),
  ])
  expect(updDownload.suggestedFilename()).toMatch(/^upd-\d+-\d{4}-\d\d-\d\d\.pdf$/)
  const upd = await extractText(await getDocumentProxy(new Uint8Array(await readFile((await updDownload.path())!))), {
    mergePages: true,
  })
  const updText = upd.text.replace(/\s+/g, ' ')
  expect(updText).toContain('Универсальный передаточный документ')
  expect(updText).toMatch(/Статус: [12]/)
  expect(updText).toContain('Агрохолдинг Заря')
  expect(updText).toContain('NV-0001, NV-0002')
  expect(updText).toContain('CDEK-778899')

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

  // On a phone the lines fit the screen: name, quantity and sum, with the price under the name.
  const desktop = buyer.viewportSize()!
  await buyer.setViewportSize({ width: 375, height: 800 })
  const lines = buyer.getByRole('region', { name: 'Состав заказа' })
  await expect(lines.getByText(/₽ за шт\. · (НДС|Без НДС)/).first()).toBeVisible()
  await expect(lines.getByRole('columnheader', { name: 'Цена' })).toBeHidden()
  expect(await lines.locator('table').evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth)).toBe(
    true,
  )
  await expectNoHorizontalOverflow(buyer)
  await buyer.setViewportSize(desktop)

  await buyer.getByRole('button', { name: 'Подтвердить получение' }).click()
  await buyer
    .getByRole('dialog', { name: /Заказ № .+ получен\?/ })
    .getByRole('button', { name: 'Подтвердить получение' })
    .click()
  await expect(statusBadge(buyer, 'Доставлен')).toBeVisible()
  await expect(history.getByText('Доставлен', { exact: true })).toBeVisible()
  await expect(buyer.getByRole('button', { name: 'Завершить заказ' })).toBeVisible()

  // Delivered: the buyer reviews the product there and then, and changes the review.
  const product = buyer.getByRole('region', { name: 'Отзывы' }).getByRole('article').filter({ hasText: 'Товар:' })
  await product.getByLabel('Отзыв').fill('Пришёл в срок, комплект полный.')
  await product.getByRole('button', { name: 'Опубликовать отзыв' }).click()
  await expect(product.getByText('Поставьте оценку от 1 до 5')).toBeVisible()
  await rateFromKeyboard(product, 4)
  await product.getByRole('button', { name: 'Опубликовать отзыв' }).click()
  await expect(product.getByText('Ваша оценка: 4 из 5')).toBeVisible()
  await expect(product.getByText('Пришёл в срок, комплект полный.')).toBeVisible()
  await product.getByRole('button', { name: 'Изменить отзыв' }).click()
  await rate(product, 5)
  await product.getByRole('button', { name: 'Сохранить отзыв' }).click()
  await expect(product.getByText('Ваша оценка: 5 из 5')).toBeVisible()
  await expectNoSeriousViolations(buyer)

  await panel.getByRole('button', { name: 'Беспилотники поставлены на учёт' }).click()
  const done = buyer.getByRole('region', { name: 'Беспилотники поставлены на учёт' })
  await expect(done).toContainText('Вы отметили это')
  await expect(done.getByRole('button')).toHaveCount(0)
})

test('a cancelled order gives its units back to the seller’s stock', async ({
  page: buyer,
  browser,
  consoleErrors,
}) => {
  // The refused cancellation (no reason) answers 400; the browser reports it.
  consoleErrors.expect(/status of 400 \(Bad Request\)/)
  await signIn(buyer, 'buyer@example.com')
  const seller = await newPage(browser)
  await signIn(seller, SELLER_EMAIL)
  // A product of the seller on sale, priced, whose units the seller counts (its cabinet says how many).
  const cabinetStock = async (id: string) =>
    (await (await seller.request.get(`/api/v1/cabinet/products/${id}`)).json()).data.stockQuantity as number | null
  const offers = (await (await buyer.request.get(`/api/v1/catalog/products?vendor=${SELLER_SLUG}`)).json()).data
    .items as { id: string; priceKopecks: number | null; vendor: { slug: string } }[]
  let counted: { id: string } | undefined
  for (const offer of offers) {
    if (offer.vendor.slug !== SELLER_SLUG || offer.priceKopecks === null) continue
    if (((await cabinetStock(offer.id)) ?? 0) >= 2) {
      counted = offer
      break
    }
  }
  expect(counted, 'a counted product of the seller').toBeDefined()
  const stock = async () => (await cabinetStock(counted!.id))!
  const before = await stock()
  const number = await placeOrder(buyer, counted!.id)
  expect(await stock()).toBe(before - 2)

  await buyer.goto(`/personal-account/order/purchase/${number}`)
  await waitForHydration(buyer)
  // The dialog from the keyboard: it opens on the reason, Escape closes it and gives the focus back.
  const cancel = buyer.getByRole('button', { name: 'Отменить заказ' })
  await cancel.focus()
  await buyer.keyboard.press('Enter')
  const dialog = buyer.getByRole('dialog', { name: `Отмена заказа № ${number}` })
  await expect(dialog.getByLabel(/Причина отмены/)).toBeFocused()
  await expectNoSeriousViolations(buyer)
  await buyer.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(cancel).toBeFocused()
  // A cancellation without a reason is refused in the dialog, which stays open.
  await cancel.click()
  await dialog.getByRole('button', { name: 'Отменить заказ' }).click()
  await expect(dialog.getByText('Укажите причину отмены')).toBeVisible()
  await dialog.getByLabel(/Причина отмены/).fill('Закупка перенесена на следующий квартал')
  await dialog.getByRole('button', { name: 'Отменить заказ' }).click()
  await expect(statusBadge(buyer, 'Отменён')).toBeVisible()
  await expect(buyer.getByText('Закупка перенесена на следующий квартал').first()).toBeVisible()
  expect(await stock()).toBe(before)
  await expectNoSeriousViolations(buyer)
})
