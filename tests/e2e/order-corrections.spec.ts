import type { Browser, Page } from '@playwright/test'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { signIn } from './people.ts'

async function newPage(browser: Browser): Promise<Page> {
  const { baseURL, userAgent, viewport } = test.info().project.use
  return (await browser.newContext({ baseURL, userAgent, viewport })).newPage()
}

const corrections = (page: Page) => page.getByRole('region', { name: 'Возвраты и корректировки' })
const card = (page: Page, number: number) =>
  corrections(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^Корректировка № ${number}:`) }) })

test('after delivery the buyer returns part of the goods, the vendor refuses one proposal and accepts the return with a УКД', async ({
  page: vendor,
  browser,
  consoleErrors,
}) => {
  test.slow() // two people, four decisions
  // A refusal without its reason and a return without lines are answered 400 with the form kept.
  consoleErrors.expect(/status of 400 \(Bad Request\)/)
  // The demo's completed order: a return accepted with its УКД, a discount waiting for the vendor.
  await signIn(vendor, 'vendor@example.com')
  await vendor.goto('/personal-account/orders/sales?filter=completed')
  await waitForHydration(vendor)
  await vendor
    .getByRole('link', { name: /^№ \d{4}-\d{5}$/ })
    .first()
    .click()
  await expect(vendor).toHaveURL(/\/personal-account\/order\/sale\/\d{4}-\d{5}$/)
  const number = vendor.url().split('/').at(-1)!
  await expect(card(vendor, 1)).toContainText('Принята')
  const ukd = card(vendor, 1).getByRole('link', { name: /^УКД № \d+ от \d\d\.\d\d\.\d{4}/ })
  const pdf = await vendor.request.get((await ukd.getAttribute('href'))!)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  await expect(corrections(vendor)).toContainText('Сумма заказа с учётом корректировок')
  await expect(card(vendor, 2)).toContainText('Ожидает решения')
  await expectNoSeriousViolations(vendor)

  // A refusal needs its reason; with it, the proposal is refused and the buyer may propose again.
  const waiting = card(vendor, 2)
  await waiting.getByRole('button', { name: 'Отклонить' }).click()
  await expect(waiting.getByText('Укажите причину отказа')).toBeVisible()
  await waiting.getByLabel('Причина отказа').fill('Скидка на объём действует от десяти дронов')
  await waiting.getByRole('button', { name: 'Отклонить' }).click()
  await expect(card(vendor, 2)).toContainText('Отклонена')
  await expect(card(vendor, 2)).toContainText('Причина отказа: Скидка на объём действует от десяти дронов')

  // The buyer returns one more unit of the accessory, with the reason.
  const buyer = await newPage(browser)
  consoleErrors.watch(buyer.context())
  await signIn(buyer, 'buyer@example.com')
  await buyer.goto(`/personal-account/order/purchase/${number}`)
  await waitForHydration(buyer)
  await expect(card(buyer, 2)).toContainText('Отклонена')
  await corrections(buyer).getByText('Вернуть часть товара').click()
  const form = buyer.getByRole('form', { name: 'Запросить возврат' })
  await form.getByRole('button', { name: 'Запросить возврат' }).click()
  await expect(form.getByText('Выберите хотя бы одну позицию')).toBeVisible()
  await form
    .getByLabel(/: вернуть, шт\.$/)
    .first()
    .fill('1')
  await form.getByLabel('Причина возврата').fill('Второй комплект тоже с трещиной корпуса')
  await form.getByRole('button', { name: 'Запросить возврат' }).click()
  await expect(buyer.getByText('Запрос на возврат отправлен продавцу')).toBeVisible()
  await expect(card(buyer, 3)).toContainText('Ожидает решения')
  await expect(card(buyer, 3).getByRole('button', { name: 'Отозвать' })).toBeVisible()

  // The vendor accepts: the correction document appears on both sides, and the history says so.
  await vendor.reload()
  await waitForHydration(vendor)
  await card(vendor, 3).getByLabel('Комментарий').fill('Заберём курьером в четверг')
  await card(vendor, 3).getByRole('button', { name: 'Принять' }).click()
  await expect(card(vendor, 3)).toContainText('Принята')
  await expect(card(vendor, 3).getByRole('link', { name: /^УКД № \d+/ })).toBeVisible()
  await expect(vendor.getByRole('region', { name: 'История заказа' })).toContainText(
    'Корректировка принята, выставлен УКД',
  )
  await buyer.reload()
  await expect(card(buyer, 3).getByRole('link', { name: /^УКД № \d+/ })).toHaveAttribute(
    'href',
    `/api/v1/orders/purchase/${number}/corrections/3/ukd.pdf`,
  )

  await buyer.setViewportSize({ width: 390, height: 800 })
  await expectNoHorizontalOverflow(buyer)
})
