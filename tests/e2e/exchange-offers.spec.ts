import type { Browser, Page } from '@playwright/test'
import { expectNoSeriousViolations } from './a11y.ts'
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts'
import { photoFile } from './photos.ts'

// Each editor action is a form post and a reload of the page's data, and the page then redraws
// the whole form (a submitted offer locks every field): give them time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 })

/** A signed-in page of its own browser context, so the vendor and staff act side by side. */
async function pageOf(browser: Browser, email: string, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
  return page
}

/** Picks an option of a Mantine select by typing part of it. */
async function pick(page: Page, label: string | RegExp, typed: string | null, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click()
  if (typed) await page.getByRole('combobox', { name: label }).fill(typed)
  await page.getByRole('option', { name: option }).first().click()
  await page.keyboard.press('Escape')
}

test('a vendor creates a service offer with every field, staff approve it and it is on the exchange', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const vendor = await pageOf(browser, 'vendor@example.com', baseURL!)
  const staff = await pageOf(browser, 'staff@example.com', baseURL!)
  const tag = Date.now().toString(36).toUpperCase()
  const title = `Аэрофотосъёмка полей ${tag}`

  await vendor.setViewportSize({ width: 375, height: 800 })
  await vendor.goto('/personal-account/service-exchange/offer/new')
  await waitForHydration(vendor)
  await expect(vendor).toHaveTitle(/Новая услуга/)
  await expect(vendor.getByRole('heading', { level: 1, name: 'Новая услуга' })).toBeVisible()
  await expectNoSeriousViolations(vendor)

  // Submitting an empty offer keeps the page and says what is missing, in Russian.
  await vendor.getByLabel('Название').fill(title)
  await vendor.getByRole('button', { name: 'Сохранить черновик' }).click()
  await vendor.waitForURL(/offer\/[0-9a-f-]{36}$/)
  await waitForHydration(vendor)
  // The address changes before the saved offer's editor replaces the new one's: wait for it.
  await expect(vendor.getByRole('button', { name: 'Удалить черновик' })).toBeVisible()
  const offerId = vendor.url().split('/').at(-1)!
  await vendor.getByRole('button', { name: 'Отправить на модерацию' }).click()
  await expect(vendor.getByText('Выберите хотя бы одну сферу')).toBeVisible()
  await expect(vendor.getByLabel('Название')).toHaveValue(title)

  await pick(vendor, 'Вид работ', null, 'Аэрофотосъёмка и картография')
  await pick(vendor, 'Сферы', 'Сельское', 'Сельское хозяйство')
  await pick(vendor, 'Регионы работы', 'Краснодар', 'Краснодарский край')
  // A draft saved without a price reads as «по договорённости»: a price is typed in its place.
  await vendor.getByLabel('По договорённости').uncheck()
  await vendor.getByLabel('Цена от, ₽').fill('350')
  await vendor.getByRole('textbox', { name: /Что входит в работу/ }).click()
  await vendor.keyboard.type('Мультиспектральная съёмка посевов с RTK, карты NDVI за три дня.')
  await vendor.getByRole('combobox', { name: 'Техника из вашего каталога' }).click()
  await vendor.getByRole('option').first().click()
  await vendor.keyboard.press('Escape')
  await vendor.getByRole('button', { name: 'Добавить документ' }).click()
  await vendor.getByLabel('Название документа').fill('Сертификат эксплуатанта')
  await vendor.getByLabel('Номер').fill(`СЭ-${tag}`)
  await vendor.getByLabel('Действует до').fill('2027-12-31')
  await vendor
    .getByLabel('Выбрать фотографии')
    .setInputFiles(await photoFile('field.jpg', 'jpeg', { r: 60, g: 140, b: 60 }))
  await expect(vendor.getByTestId('product-photo')).toHaveCount(1)

  await vendor.getByRole('button', { name: 'Отправить на модерацию' }).click()
  await expect(vendor.getByText('Услуга на модерации. Чтобы изменить её, отзовите её с модерации.')).toBeVisible()
  const submitted = (await (await vendor.request.get(`/api/v1/cabinet/service-offers/${offerId}`)).json()).data
  expect(submitted).toMatchObject({
    status: 'moderation',
    title,
    type: 'aerial-survey',
    spheres: ['selskoe-khozyaistvo'],
    regions: ['23'],
    priceFromKopecks: 350_00,
    priceUnit: 'hectare',
    licences: [{ title: 'Сертификат эксплуатанта', number: `СЭ-${tag}`, validUntil: '2027-12-31' }],
  })
  expect(submitted.equipmentProductIds).toHaveLength(1)
  expect(submitted.photos).toHaveLength(1)
  expect(submitted.description).toContain('карты NDVI')

  // Staff approve it from the queue.
  await staff.goto('/personal-account/staff/service-offers')
  await waitForHydration(staff)
  await expect(staff).toHaveTitle(/Услуги на модерации/)
  await expect(
    staff.getByRole('navigation', { name: 'Разделы модерации' }).getByRole('link', { name: 'Услуги на модерации' }),
  ).toHaveAttribute('aria-current', 'page')
  const item = staff.getByRole('list', { name: 'Очередь услуг' }).getByRole('listitem', { name: title })
  await expect(item).toBeVisible()
  await item.getByRole('button', { name: 'Одобрить' }).click()
  await expect(item.getByText('Услуга одобрена и уже на бирже.')).toBeVisible()

  // Published: the exchange's table has it with the seller's name and slug.
  const approved = (await (await vendor.request.get(`/api/v1/cabinet/service-offers/${offerId}`)).json()).data
  expect(approved).toMatchObject({ status: 'approved', published: true, sellerSlug: 'aerotekh-sistemy' })
  await vendor.reload()
  await waitForHydration(vendor)
  await expect(vendor.getByRole('link', { name: /Посмотреть на бирже услуг/ })).toHaveAttribute(
    'href',
    '/services/seller/aerotekh-sistemy',
  )
  await expectNoSeriousViolations(vendor)
})
