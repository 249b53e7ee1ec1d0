import type { Browser, Page } from '@playwright/test'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { type ConsoleErrors, expect as baseExpect, test, waitForHydration } from './fixtures.ts'
import { inDays, pick, rateFromKeyboard } from './inputs.ts'
import { newPerson, signIn } from './people.ts'
import { quote } from '#common/format.ts'

// The whole exchange as its people use it: the demo buyer's request, two vendors' proposals, a
// question in the room, the choice, the work, the reviews. Only signing in goes through the API.

// Each move is a form post and a reload of the page's data: give them time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 })

// The steps build on one request (made here, so no other spec's demo data is touched).
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const BUYER = 'buyer@example.com'
/** The contractor to be chosen, and the other vendor (both serve aerial survey in region 42). */
const CHOSEN = { email: 'sales@sibaerogeo.example', slug: 'sibaerogeo', name: 'ООО «СибАэроГео»' }
const OTHER = { email: 'sales@gornyy-aeromonitoring.example', name: 'ООО «Горный аэромониторинг»' }

const PHONE = { width: 375, height: 800 }
const DESKTOP = { width: 1280, height: 900 }

const tag = Date.now().toString(36).toUpperCase()
const title = `Аэрофотосъёмка карьера в Кузбассе ${tag}`
const question = `Сможете ли вы сдать ЦМР в МСК-42? ${tag}`
const reviewText = `Сняли карьер за два дня, ортофотоплан без замечаний. ${tag}`
let requestPath = ''
let orderNumber = ''

/** axe at a desktop's and a phone's width, and nothing wider than the phone. */
async function checkBothWidths(page: Page) {
  await page.setViewportSize(DESKTOP)
  await expectNoSeriousViolations(page)
  await page.setViewportSize(PHONE)
  await expectNoSeriousViolations(page)
  await expectNoHorizontalOverflow(page)
  await page.setViewportSize(DESKTOP)
}

/** Another person of the step, whose console errors fail the test as the first one's do. */
async function person(browser: Browser, consoleErrors: ConsoleErrors, email?: string): Promise<Page> {
  const page = await newPerson(browser, email)
  consoleErrors.watch(page.context())
  return page
}

const statusBadge = (page: Page, label: string) =>
  page.getByRole('heading', { level: 1 }).locator('xpath=..').getByText(label, { exact: true })

test('the buyer posts a request with an area and flight details', async ({ page: buyer }) => {
  await signIn(buyer, BUYER)
  await buyer.goto('/services/request')
  await waitForHydration(buyer)
  await expect(buyer.getByRole('heading', { level: 1, name: 'Новая заявка на работы' })).toBeVisible()
  await checkBothWidths(buyer)

  await pick(buyer, 'Вид работ', null, 'Аэрофотосъёмка и картография')
  await pick(buyer, 'Сфера', null, 'Строительство')
  await buyer.getByLabel('Название').fill(title)
  await buyer
    .getByLabel('Описание')
    .fill('Съёмка борта карьера и отвалов для подсчёта объёмов, подъезд по грунтовой дороге.')
  await pick(buyer, 'Регион', 'Кемер', 'Кемеровская область — Кузбасс')
  // The area typed as coordinates: map tiles are off in tests, and the keyboard needs no map.
  await buyer.getByText('Ввести координаты вручную').click()
  await buyer.getByLabel('Координаты вершин участка').fill('54.0100, 86.7000\n54.0100, 86.7400\n54.0300, 86.7400')
  await buyer.getByRole('button', { name: 'Применить координаты' }).click()
  await expect(buyer.getByText(/^Площадь: /)).toBeVisible()
  await buyer.getByLabel('Начало работ').fill(inDays(20))
  await buyer.getByLabel('Окончание работ').fill(inDays(25))
  await buyer.getByLabel('Приём предложений до').fill(inDays(10))
  await buyer.getByLabel('Объём работ').fill('85')
  await buyer.getByLabel('Максимальная высота полёта, м').fill('120')
  await buyer.getByLabel('Участок в контролируемом воздушном пространстве').check()
  await buyer.getByRole('radio', { name: 'Исполнитель' }).check()

  await buyer.getByRole('button', { name: 'Опубликовать заявку' }).click()
  await buyer.waitForURL(/\/services\/requests\/Z-\d{4}-\d+$/)
  requestPath = new URL(buyer.url()).pathname
  await waitForHydration(buyer)
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(buyer.getByText('Кемеровская область — Кузбасс')).toBeVisible()
  await expect(buyer.getByRole('group', { name: 'Участок на карте' })).toBeVisible()
  const flight = buyer.getByRole('region', { name: 'Полёты' })
  await expect(flight.getByText('120 м', { exact: true })).toBeVisible()
  await expect(flight.getByText('Исполнитель', { exact: true })).toBeVisible()
  await expect(buyer.getByText('Предложений пока нет')).toBeVisible()
})

test('two vendors with matching offers send proposals through the request page', async ({
  page,
  browser,
  consoleErrors,
}) => {
  expect(requestPath).not.toBe('')
  const proposals = [
    { vendor: CHOSEN, price: '180000', terms: 'Ортофотоплан 3 см/пиксель, ЦМР, разрешение на полёты получаем сами.' },
    { vendor: OTHER, price: '210000', terms: 'Маркшейдерский отчёт об объёмах, два облёта.' },
  ]
  for (const [i, { vendor, price, terms }] of proposals.entries()) {
    const seller = i === 0 ? page : await person(browser, consoleErrors)
    await signIn(seller, vendor.email)
    await seller.goto(requestPath)
    await waitForHydration(seller)
    await expect(seller.getByRole('heading', { level: 1, name: title })).toBeVisible()
    const form = seller.getByRole('form', { name: 'Отправить предложение' })
    await expect(form).toBeVisible()
    // The vendor's view of the request, with the form, at both widths (once is enough).
    if (i === 0) await checkBothWidths(seller)

    await form.getByLabel('Цена, ₽').fill(price)
    await form.getByLabel('Начало работ').fill(inDays(21))
    await form.getByLabel('Окончание работ').fill(inDays(23))
    await form.getByLabel('Условия').fill(terms)
    await form.getByLabel('Сообщение заказчику').fill(`Готовы выехать в Кузбасс. ${vendor.name}`)
    await form.getByRole('button', { name: 'Отправить предложение' }).click()

    const own = seller.getByRole('region', { name: 'Ваше предложение' })
    await expect(own.getByText('На рассмотрении', { exact: true })).toBeVisible()
    await expect(own).toContainText(terms)
    await expect(seller.getByRole('form', { name: 'Отправить предложение' })).toHaveCount(0)
    if (i === 0) await checkBothWidths(seller)
  }
})

test('the buyer compares both proposals and asks one vendor a question in its room', async ({
  page: buyer,
  browser,
  consoleErrors,
}) => {
  expect(requestPath).not.toBe('')
  await signIn(buyer, BUYER)
  await buyer.goto(requestPath)
  await waitForHydration(buyer)
  const comparison = buyer.getByRole('region', { name: 'Сравнение предложений' })
  // Side by side: a column per vendor.
  await expect(comparison.getByRole('columnheader', { name: CHOSEN.name })).toBeVisible()
  await expect(comparison.getByRole('columnheader', { name: OTHER.name })).toBeVisible()
  await expect(comparison.getByRole('row', { name: /^Цена/ })).toContainText(/180\s?000\s?₽/)
  await expect(comparison.getByRole('row', { name: /^Цена/ })).toContainText(/210\s?000\s?₽/)
  await checkBothWidths(buyer)

  await comparison.getByRole('link', { name: `Задать вопрос ${quote(CHOSEN.name)}` }).click()
  await expect(buyer).toHaveURL(/\/chat\?roomId=[0-9a-f-]{36}$/)
  await waitForHydration(buyer)
  const composer = buyer.getByRole('textbox', { name: 'Сообщение' })
  await composer.fill(question)
  await composer.press('Enter')
  await expect(composer).toHaveValue('')
  const history = (page: Page) => page.getByRole('region', { name: 'История сообщений' })
  await expect(
    history(buyer).getByRole('article', { name: 'Ваше сообщение' }).filter({ hasText: question }),
  ).toBeVisible()

  // The vendor finds it in the room from its proposal.
  const vendor = await person(browser, consoleErrors, CHOSEN.email)
  await vendor.goto(requestPath)
  await waitForHydration(vendor)
  await vendor.getByRole('region', { name: 'Ваше предложение' }).getByRole('link', { name: 'Перейти в чат' }).click()
  await expect(vendor).toHaveURL(buyer.url())
  await expect(history(vendor).getByText(question)).toBeVisible()
})

test('the buyer accepts one proposal; the other vendor sees its proposal rejected', async ({
  page: buyer,
  browser,
  consoleErrors,
}) => {
  expect(requestPath).not.toBe('')
  await signIn(buyer, BUYER)
  await buyer.goto(requestPath)
  await waitForHydration(buyer)
  const comparison = buyer.getByRole('region', { name: 'Сравнение предложений' })
  await comparison.getByRole('button', { name: `Принять предложение ${quote(CHOSEN.name)}` }).click()
  const dialog = buyer.getByRole('dialog', { name: `Принять предложение ${quote(CHOSEN.name)}` })
  await expect(dialog).toContainText('Остальные предложения будут отклонены')
  await dialog.getByRole('button', { name: 'Принять и создать заказ' }).click()
  const toOrder = comparison.getByRole('link', { name: /^Перейти к заказу № S-\d{4}-\d+$/ })
  await expect(toOrder).toBeVisible()
  orderNumber = /S-\d{4}-\d+/.exec(await toOrder.innerText())![0]
  const statuses = comparison.getByRole('row', { name: /^Статус/ })
  await expect(statuses.getByText('Принято', { exact: true })).toBeVisible()
  await expect(statuses.getByText('Отклонено', { exact: true })).toBeVisible()
  await expect(comparison.getByRole('button', { name: /^Принять предложение/ })).toHaveCount(0)

  const other = await person(browser, consoleErrors, OTHER.email)
  await other.goto(requestPath)
  await waitForHydration(other)
  const own = other.getByRole('region', { name: 'Ваше предложение' })
  await expect(own.getByText('Отклонено', { exact: true })).toBeVisible()
  await expect(own.getByRole('button', { name: 'Изменить предложение' })).toHaveCount(0)
})

test('the contractor delivers a report, the buyer accepts it, both review, the review is on the vendor’s page', async ({
  page: vendor,
  browser,
  consoleErrors,
}) => {
  expect(orderNumber).not.toBe('')
  await signIn(vendor, CHOSEN.email)
  await vendor.goto(requestPath)
  await waitForHydration(vendor)
  const own = vendor.getByRole('region', { name: 'Ваше предложение' })
  await expect(own.getByText('Принято', { exact: true })).toBeVisible()
  await own.getByRole('link', { name: `Заказ услуги № ${orderNumber}` }).click()
  await expect(vendor).toHaveURL(`/personal-account/service-order/sale/${orderNumber}`)
  await waitForHydration(vendor)
  await expect(statusBadge(vendor, 'Новый')).toBeVisible()
  await expect(vendor.getByRole('region', { name: 'Условия заказа' })).toContainText(title)
  await vendor.getByRole('button', { name: 'Начать работу' }).click()
  await expect(statusBadge(vendor, 'В работе')).toBeVisible()
  await vendor.getByLabel('Отчёт о работе').fill('Карьер снят, ортофотоплан 3 см/пиксель и ЦМР в МСК-42 приложены.')
  await vendor.getByRole('button', { name: 'Сдать результат' }).click()
  await expect(statusBadge(vendor, 'Результат сдан')).toBeVisible()

  const buyer = await person(browser, consoleErrors, BUYER)
  await buyer.goto(`/personal-account/service-order/purchase/${orderNumber}`)
  await waitForHydration(buyer)
  await expect(buyer.getByRole('region', { name: 'Результат работы' })).toContainText('ЦМР в МСК-42')
  await buyer.getByRole('button', { name: 'Принять работу' }).click()
  await expect(statusBadge(buyer, 'Завершён')).toBeVisible()

  const reviews = buyer.getByRole('region', { name: 'Отзывы' })
  await rateFromKeyboard(reviews, 5)
  await reviews.getByLabel('Отзыв', { exact: true }).fill(reviewText)
  await reviews.getByRole('button', { name: 'Опубликовать отзыв' }).click()
  await expect(reviews.getByText('Заказчик об исполнителе: 5 из 5')).toBeVisible()

  await vendor.reload()
  await waitForHydration(vendor)
  const theirs = vendor.getByRole('region', { name: 'Отзывы' })
  await expect(statusBadge(vendor, 'Завершён')).toBeVisible()
  await rateFromKeyboard(theirs, 5)
  await theirs.getByLabel('Отзыв', { exact: true }).fill('Заказчик быстро дал доступ на карьер и принял работу.')
  await theirs.getByRole('button', { name: 'Опубликовать отзыв' }).click()
  await expect(theirs.getByText('Исполнитель о заказчике: 5 из 5')).toBeVisible()

  // The customer's review of the contractor, on the contractor's services page.
  await buyer.goto(`/services/seller/${CHOSEN.slug}`)
  const onPage = buyer.getByRole('region', { name: 'Отзывы заказчиков' })
  await expect(onPage.getByRole('listitem').filter({ hasText: reviewText })).toBeVisible()
})
