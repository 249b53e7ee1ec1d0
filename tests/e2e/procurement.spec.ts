import type { Locator, Page } from '@playwright/test'
import { readPdf, readXlsx } from '../../server/documents/testing.ts'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { inDays } from './inputs.ts'
import { newPerson, signIn } from './people.ts'

const section = (page: Page, name: string) => page.getByRole('region', { name })

/** The demo accounts of a seller page's slug: the demo vendor, or a catalogue vendor's owner. */
const sellerEmail = (slug: string) => (slug === 'aerotekh-sistemy' ? 'vendor@example.com' : `sales@${slug}.example`)

/** Keeps exactly `wanted` sellers ticked: the chosen ones are listed first. */
async function chooseSellers(group: Locator, wanted: number) {
  for (;;) {
    const boxes = group.getByRole('checkbox')
    const checked = await boxes.evaluateAll((all) => all.map((b) => (b as HTMLInputElement).checked))
    const count = checked.filter(Boolean).length
    if (count === wanted) return
    if (count > wanted) await boxes.nth(checked.lastIndexOf(true)).uncheck()
    else await boxes.nth(checked.indexOf(false)).check()
  }
}

async function answer(page: Page, number: string, prices: string[]) {
  await page.goto(`/personal-account/procurement/${number}`)
  await waitForHydration(page)
  const form = page.getByRole('form', { name: 'Коммерческое предложение' })
  const inputs = form.getByRole('textbox', { name: /^Цена за единицу/ })
  await expect(inputs).toHaveCount(prices.length)
  for (const [i, price] of prices.entries()) await inputs.nth(i).fill(price)
  await form.getByLabel('Срок поставки').fill('20 рабочих дней')
  await form.getByLabel('Предложение действует до').fill(inDays(30))
  await form.getByLabel('Подписант: ФИО').fill('Иванов Иван Иванович')
  await form.getByLabel('Должность подписанта').fill('Генеральный директор')
  await form.getByRole('button', { name: 'Отправить КП' }).click()
  await expect(section(page, 'Ваш ответ')).toContainText(`КП № ${number}/`)
}

test('the buyer asks three sellers from a product page, two answer and one declines, the buyer downloads the justification', async ({
  page: buyer,
  browser,
  consoleErrors,
}) => {
  test.slow() // four people
  // An answer without its prices is refused 400 with the form kept.
  consoleErrors.expect(/status of 400 \(Bad Request\)/)
  await signIn(buyer, 'municipal@example.com')
  await buyer.goto('/product/dji-matrice-350-rtk')
  await buyer.getByRole('link', { name: 'Запросить КП' }).click()
  await expect(buyer).toHaveURL(/\/personal-account\/procurement\/new\?product=/)
  await waitForHydration(buyer)
  const form = buyer.getByRole('form', { name: 'Запрос коммерческих предложений' })
  await expect(form.getByLabel('Предмет закупки')).toHaveValue(/Matrice 350/)
  await form.getByLabel('Предмет закупки').fill('Квадрокоптер для поисково-спасательных работ')
  await form.getByRole('textbox', { name: 'Количество' }).first().fill('2')
  await form.getByRole('button', { name: 'Добавить позицию' }).click()
  const training = form.getByRole('region', { name: 'Позиция 2' })
  await training.getByLabel('Наименование').fill('Обучение операторов')
  await training.getByLabel('Единица (ОКЕИ)').selectOption('service')
  await chooseSellers(form.getByRole('group', { name: 'Поставщики' }), 3)
  await expectNoSeriousViolations(buyer)
  await form.getByRole('button', { name: 'Отправить поставщикам' }).click()
  await expect(buyer).toHaveURL(/\/personal-account\/procurement\/KP-\d{4}-\d{5}$/)
  const number = buyer.url().split('/').at(-1)!
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(`Запрос КП № ${number}`)
  await expect(buyer.getByText('Отправлен, ждёт ответов').first()).toBeVisible()
  const sellers = section(buyer, 'Поставщики (3)').getByRole('link', { name: /./ }).filter({ hasNotText: 'Написать' })
  const slugs = (await sellers.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))).map((href) =>
    href.replace('/sellers/', ''),
  )
  expect(slugs).toHaveLength(3)
  await expectNoSeriousViolations(buyer)

  // Two sellers answer from their cabinet; the first tries without prices first.
  const first = await newPerson(browser, sellerEmail(slugs[0]!))
  consoleErrors.watch(first.context())
  await first.goto('/personal-account/procurement?tab=incoming')
  await waitForHydration(first)
  await expect(first.getByRole('tab', { name: /^Запросы КП \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true')
  await first.getByRole('link', { name: 'Квадрокоптер для поисково-спасательных работ' }).first().click()
  await expect(first).toHaveURL(`/personal-account/procurement/${number}`)
  await waitForHydration(first)
  await expectNoSeriousViolations(first)
  await first.getByRole('button', { name: 'Отправить КП' }).click()
  await expect(first.getByText('Цена — сумма в рублях с копейками, больше нуля').first()).toBeVisible()
  await answer(first, number, ['1 250 000', '90000'])
  await answer(await newPerson(browser, sellerEmail(slugs[1]!)), number, ['1 180 000,50', '110000'])

  // The third declines with its reason.
  const third = await newPerson(browser, sellerEmail(slugs[2]!))
  await third.goto(`/personal-account/procurement/${number}`)
  await waitForHydration(third)
  await third.getByLabel('Причина отказа').fill('Нет на складе до лета')
  await third.getByRole('button', { name: 'Отказаться' }).click()
  await expect(section(third, 'Ваш ответ')).toContainText('Вы отказались: Нет на складе до лета')

  // The buyer sees both answers, the refusal and the justification: 1 215 000,25 mean for the drone.
  await buyer.reload()
  await waitForHydration(buyer)
  const recipients = section(buyer, 'Поставщики (3)')
  await expect(recipients.getByText('КП получено')).toHaveCount(2)
  await expect(recipients).toContainText('Причина отказа: Нет на складе до лета')
  const justification = section(buyer, 'Обоснование НМЦК')
  await expect(justification).toContainText('Мало предложений')
  await expect(justification.getByRole('table')).toContainText(/1\s215\s000,25/)
  await expect(justification).toContainText(/НМЦК: 2\s530\s000,50/)
  await expectNoSeriousViolations(buyer)

  const pdf = await buyer.request.get(`/api/v1/procurement/requests/${number}/justification.pdf`)
  expect(pdf.status()).toBe(200)
  const printed = await readPdf(Buffer.from(await pdf.body()))
  expect(printed.text).toContain('Обоснование начальной (максимальной) цены контракта')
  expect(printed.text).toContain('Поставщик 2')
  expect(printed.squashed.replace(/\u00a0/g, '')).toContain('2530000,50')
  await justification.getByRole('link', { name: 'Скачать XLSX' }).waitFor()
  const xlsx = await buyer.request.get(`/api/v1/procurement/requests/${number}/justification.xlsx`)
  const workbook = await readXlsx(Buffer.from(await xlsx.body()))
  const sheet = workbook.getWorksheet('Обоснование НМЦК')!
  const cells: unknown[] = []
  sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.value)))
  expect(cells).toContainEqual(expect.objectContaining({ formula: expect.stringContaining('AVERAGE') }))
  expect(JSON.stringify(cells)).toContain('Квадрокоптер для поисково-спасательных работ')

  // The request and the list at a phone's width.
  await buyer.setViewportSize({ width: 375, height: 800 })
  await buyer.reload()
  await expectNoHorizontalOverflow(buyer)
  await expectNoSeriousViolations(buyer)
  await buyer.goto('/personal-account/procurement')
  await expect(buyer.getByRole('link', { name: 'Квадрокоптер для поисково-спасательных работ' }).first()).toBeVisible()
  await expectNoHorizontalOverflow(buyer)
  await expectNoSeriousViolations(buyer)
})

test('the demo buyer edits its draft', async ({ page }) => {
  await signIn(page, 'buyer@example.com')
  await page.goto('/personal-account/procurement?tab=requests&filter=draft')
  await waitForHydration(page)
  await expect(page.getByRole('link', { name: /^Черновики \(\d+\)$/ })).toHaveAttribute('aria-current', 'true')
  await page.getByRole('link', { name: 'Метеостанции для полей в Белгородской области' }).first().click()
  await waitForHydration(page)
  // The form at a phone's width.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.getByRole('link', { name: 'Изменить черновик' }).click()
  await expect(page).toHaveURL(/\/personal-account\/procurement\/KP-\d{4}-\d{5}\/edit$/)
  await waitForHydration(page)
  await expectNoHorizontalOverflow(page)
  await expectNoSeriousViolations(page)
  const form = page.getByRole('form', { name: 'Запрос коммерческих предложений' })
  await form.getByLabel('Предмет закупки').fill('Метеостанции для полей, 6 штук')
  await form.getByRole('button', { name: 'Сохранить черновик' }).click()
  await expect(page).toHaveURL(/\/personal-account\/procurement\/KP-\d{4}-\d{5}$/)
  await expect(page.getByText('Метеостанции для полей, 6 штук')).toBeVisible()
})

test('a commercial offer goes to the buyer’s cart at the quoted price', async ({ page: buyer, browser }) => {
  // A drone «АэроТех Системы» sells, asked of it alone.
  const listed = await buyer.request.get(
    '/api/v1/catalog/products?category=bespilotniki&vendor=aerotekh-sistemy&limit=5',
  )
  const items = (await listed.json()).data.items as { href: string; vendor: { slug: string } }[]
  const offer = items.find((item) => item.vendor.slug === 'aerotekh-sistemy')!
  await signIn(buyer, 'municipal@example.com')
  await buyer.goto(offer.href)
  await buyer.getByRole('link', { name: 'Запросить КП' }).click()
  await waitForHydration(buyer)
  const form = buyer.getByRole('form', { name: 'Запрос коммерческих предложений' })
  await form.getByRole('radio', { name: 'Коммерческая закупка' }).check()
  const sellers = form.getByRole('group', { name: 'Поставщики' })
  await chooseSellers(sellers, 0)
  await sellers.getByRole('checkbox', { name: /АэроТех Системы/ }).check()
  await form.getByRole('button', { name: 'Отправить поставщикам' }).click()
  await expect(buyer).toHaveURL(/\/personal-account\/procurement\/KP-\d{4}-\d{5}$/)
  const number = buyer.url().split('/').at(-1)!

  await answer(await newPerson(browser, 'vendor@example.com'), number, ['99 500'])
  await buyer.reload()
  await waitForHydration(buyer)
  await buyer.getByRole('button', { name: 'В корзину по ценам КП' }).click()
  await expect(buyer.getByText('Позиции предложения в корзине по ценам из КП')).toBeVisible()
  await buyer.goto('/cart')
  await expect(buyer.getByText(`Цена из КП № ${number}/1, действует до`, { exact: false })).toBeVisible()
  await expect(buyer.getByTestId('cart-total')).toContainText(/99\s500/)
})
