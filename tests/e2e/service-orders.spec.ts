import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { expectNoSeriousViolations } from './a11y.ts'
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts'
import { rate, rateFromKeyboard } from './inputs.ts'
import { newPerson, signIn } from './people.ts'

// Each move is a form post and a reload of the page's data: give them time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 })

// The demo service orders of the demo buyer and vendor are shared by these steps: they run one
// after another, and no other spec moves them.
test.describe.configure({ mode: 'serial' })

const BUYER_EMAIL = 'buyer@example.com'
const VENDOR_EMAIL = 'vendor@example.com'
const STRANGER_EMAIL = 'sales@nevskie-drony.example'
/** The demo order that is still new (server/seed/service-orders.ts). */
const DEMO_TITLE = 'Аэрофотосъёмка 450 га полей для агроаудита'

/** The number of the demo order that is still new, as the contractor's cabinet lists it. */
async function findNewDemoOrder(vendor: Page): Promise<string> {
  // Numbers carry the month the demo is dated in (it is dated back from the day it is seeded).
  const res = await vendor.request.get('/api/v1/exchange/cabinet/orders?filter=active')
  expect(res.status()).toBe(200)
  const orders = (await res.json()).data as { number: string; title: string; status: string; side: string }[]
  const order = orders.find((o) => o.title === DEMO_TITLE && o.status === 'created' && o.side === 'sale')
  if (!order) throw new Error('the new demo service order is not in the demo data')
  return order.number
}

const statusBadge = (page: Page, label: string) =>
  page.getByRole('heading', { level: 1 }).locator('xpath=..').getByText(label, { exact: true })

let number = ''

test('the contractor starts the work and hands over a report; the customer sends it back, then accepts the second version', async ({
  page: vendor,
  browser,
  consoleErrors,
}) => {
  test.slow() // two people, five moves of one order
  // The forms' refusals come back as 400s with the field errors.
  consoleErrors.expect(/status of 400 \(Bad Request\)/)
  await signIn(vendor, VENDOR_EMAIL)
  number = await findNewDemoOrder(vendor)
  const salePath = `/personal-account/service-order/sale/${number}`
  const purchasePath = `/personal-account/service-order/purchase/${number}`

  await vendor.goto(salePath)
  await waitForHydration(vendor)
  await expect(vendor.getByRole('heading', { level: 1 })).toHaveText(`Заказ услуги № ${number}`)
  await expect(statusBadge(vendor, 'Новый')).toBeVisible()
  const terms = vendor.getByRole('region', { name: 'Условия заказа' })
  await expect(terms).toContainText(DEMO_TITLE)
  await expect(terms).toContainText('Разрешение на использование воздушного пространства получает')
  await expect(terms).toContainText('Исполнитель')
  await expect(vendor.getByRole('link', { name: 'Открыть переписку' })).toHaveAttribute('href', /^\/chat\?roomId=/)
  await expectNoSeriousViolations(vendor)

  await vendor.getByRole('button', { name: 'Начать работу' }).click()
  await expect(statusBadge(vendor, 'В работе')).toBeVisible()

  // Neither a report nor files: refused in Russian, nothing lost.
  await vendor.getByRole('button', { name: 'Сдать результат' }).click()
  await expect(vendor.getByText('Опишите выполненную работу или приложите файлы результата')).toBeVisible()
  await vendor.getByLabel('Отчёт о работе').fill('Сняли все пять полей, ортофотоплан 4 см/пиксель и ЦМР готовы.')
  await vendor.getByRole('button', { name: 'Сдать результат' }).click()
  await expect(statusBadge(vendor, 'Результат сдан')).toBeVisible()
  await expect(vendor.getByRole('region', { name: 'Результат работы' })).toContainText('ортофотоплан 4 см/пиксель')

  // The customer sends it back with a comment.
  const buyer = await newPerson(browser, BUYER_EMAIL)
  await buyer.goto(purchasePath)
  await waitForHydration(buyer)
  await expect(statusBadge(buyer, 'Результат сдан')).toBeVisible()
  await buyer.getByRole('button', { name: 'Вернуть на доработку' }).click()
  const dialog = buyer.getByRole('dialog')
  await dialog.getByLabel(/Что нужно доработать/).fill('Нет цифровой модели рельефа для поля 5.')
  await dialog.getByRole('button', { name: 'Вернуть на доработку' }).click()
  await expect(statusBadge(buyer, 'В работе')).toBeVisible()
  await expect(buyer.getByRole('region', { name: 'Результат работы' })).toContainText(
    'Нет цифровой модели рельефа для поля 5.',
  )

  // The contractor resubmits; the first version stays in the history.
  await vendor.reload()
  await waitForHydration(vendor)
  await expect(statusBadge(vendor, 'В работе')).toBeVisible()
  await expect(vendor.getByRole('region', { name: 'Результат работы' })).toContainText('Возвращено на доработку')
  await vendor.getByLabel('Отчёт о работе').fill('Добавили ЦМР поля 5, файлы — в переписке.')
  await vendor.getByRole('button', { name: 'Сдать результат' }).click()
  await expect(statusBadge(vendor, 'Результат сдан')).toBeVisible()
  const history = vendor.getByRole('region', { name: 'История заказа' })
  await expect(history).toContainText('Возвращено на доработку')
  await expect(history).toContainText('Комментарий: Нет цифровой модели рельефа для поля 5.')
  await expect(history.getByText('Что было сдано')).toHaveCount(1)

  // The customer accepts.
  await buyer.reload()
  await waitForHydration(buyer)
  await expect(buyer.getByRole('region', { name: 'Результат работы' })).toContainText('Добавили ЦМР поля 5')
  await buyer.getByRole('button', { name: 'Принять работу' }).click()
  await expect(statusBadge(buyer, 'Завершён')).toBeVisible()
  await expect(buyer.getByRole('button', { name: 'Принять работу' })).toHaveCount(0)

  // The acceptance issued the contractor's act: both sides download it.
  const documents = buyer.getByRole('region', { name: 'Документы' })
  const [download] = await Promise.all([
    buyer.waitForEvent('download'),
    documents.getByRole('link', { name: /^Акт выполненных работ № \d+ от \d\d\.\d\d\.\d{4}/ }).click(),
  ])
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile((await download.path())!))), {
    mergePages: true,
  })
  expect(text.replace(/\s+/g, ' ')).toContain('сдачи-приёмки выполненных работ (оказанных услуг)')
  expect(text.replace(/\s+/g, ' ')).toContain('Добавили ЦМР поля 5')
  await vendor.reload()
  await waitForHydration(vendor)
  await expect(
    vendor.getByRole('region', { name: 'Документы' }).getByRole('link', { name: /^Акт выполненных работ/ }),
  ).toHaveAttribute('href', /\/api\/v1\/service-orders\/sale\/S-\d{4}-\d{5}\/documents\/act\.pdf$/)
  await expectNoSeriousViolations(vendor)
})

test('both sides leave one review each after completion', async ({ page: buyer, browser, consoleErrors }) => {
  test.slow()
  consoleErrors.expect(/status of 400 \(Bad Request\)/)
  expect(number).not.toBe('')
  await signIn(buyer, BUYER_EMAIL)
  await buyer.goto(`/personal-account/service-order/purchase/${number}`)
  await waitForHydration(buyer)
  const reviews = buyer.getByRole('region', { name: 'Отзывы' })
  await reviews.getByRole('button', { name: 'Опубликовать отзыв' }).click()
  await expect(reviews.getByText('Поставьте оценку от 1 до 5')).toBeVisible()
  await rateFromKeyboard(reviews, 5)
  await reviews.getByLabel('Отзыв', { exact: true }).fill('Сняли быстро, доработали по замечанию за день.')
  await reviews.getByRole('button', { name: 'Опубликовать отзыв' }).click()
  await expect(reviews.getByText('Заказчик об исполнителе: 5 из 5')).toBeVisible()
  await expect(reviews.getByRole('button', { name: 'Опубликовать отзыв' })).toHaveCount(0)

  const vendor = await newPerson(browser, VENDOR_EMAIL, { width: 375, height: 800 })
  await vendor.goto(`/personal-account/service-order/sale/${number}`)
  await waitForHydration(vendor)
  const theirs = vendor.getByRole('region', { name: 'Отзывы' })
  await expect(theirs.getByText('Заказчик об исполнителе: 5 из 5')).toBeVisible()
  // On a phone's width the stars are there to tap: a click on the fourth one.
  await rate(theirs, 4)
  await theirs.getByLabel('Отзыв', { exact: true }).fill('Заказчик быстро проверил результат и дал точные замечания.')
  await theirs.getByRole('button', { name: 'Опубликовать отзыв' }).click()
  await expect(theirs.getByText('Исполнитель о заказчике: 4 из 5')).toBeVisible()
  // The page's content fits the narrow screen: nothing scrolls sideways.
  const overflow = await vendor.evaluate(() => {
    const main = document.querySelector('main')!
    return main.scrollWidth - main.clientWidth
  })
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoSeriousViolations(vendor)
})

test('another organization gets the 404 page for either side of the order', async ({ page, consoleErrors }) => {
  expect(number).not.toBe('')
  consoleErrors.expect(/status of 404 \(Not Found\)/)
  await signIn(page, STRANGER_EMAIL)
  for (const side of ['purchase', 'sale']) {
    const response = await page.goto(`/personal-account/service-order/${side}/${number}`)
    expect(response?.status()).toBe(404)
  }
  expect((await page.request.get(`/api/v1/service-orders/sale/${number}`)).status()).toBe(404)
})
