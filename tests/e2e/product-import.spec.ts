import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

const CATALOG = fileURLToPath(new URL('./fixtures/catalog-import.yml', import.meta.url))

/** The demo vendor, signed in through the API (the cookie lands in the page's context). */
async function signInAs(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

/**
 * An organization imports one file at a time, so the tests that only need an upload sign in as
 * demo vendors of their own, not as the demo vendor whose import the first test makes.
 */
async function openImportPage(page: Page, email = 'vendor@example.com') {
  await signInAs(page, email)
  await page.goto('/personal-account/products/import')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка товаров из файла' })).toBeVisible()
}

async function uploadCatalog(page: Page) {
  await page.locator('input[type="file"]').setInputFiles(CATALOG)
  await page.getByRole('button', { name: 'Загрузить и проверить' }).click()
  // The file is checked by a background job while the page shows how far it got: on a busy
  // machine that takes a few seconds.
  await expect(page.getByRole('heading', { name: 'Файл «catalog-import.yml»' })).toBeVisible({ timeout: 30_000 })
}

test('the vendor loads a YML catalogue: preview with the mapping, the import’s progress, the drafts', async ({
  page,
}) => {
  await signInAs(page, 'vendor@example.com')
  await page.goto('/personal-account/products')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Загрузить из файла' }).first().click()
  await page.waitForURL('**/personal-account/products/import')
  await waitForHydration(page)
  await expect(
    page.getByText('YML (XML) или CSV, до 20 МБ и 10 000 товаров в одном файле', { exact: false }),
  ).toBeVisible()

  await uploadCatalog(page)
  // The file's categories and characteristics come with the suggested mapping.
  await expect(page.getByRole('combobox', { name: 'Квадрокоптеры (3)' })).toHaveValue('Мультироторные')
  await expect(page.getByRole('combobox', { name: 'Самолётного типа (1)' })).toHaveValue('Самолётного типа')
  await expect(page.getByRole('combobox', { name: 'Максимальная взлётная масса, кг (3)' })).toHaveValue(
    'Максимальная взлётная масса',
  )
  await expect(page.getByRole('combobox', { name: 'Цвет корпуса (1)' })).toHaveValue('Не использовать')
  // The row that cannot be imported, with its line.
  const errors = page.getByRole('table')
  await expect(errors.getByRole('row', { name: /не указана обязательная характеристика/ })).toBeVisible()

  await page.getByRole('button', { name: 'Импортировать' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Обработано 4 из 4' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'Импорт завершён' })).toBeVisible()
  await expect(page.getByText(/Создано черновиков: 3\. Обновлено: 0\. Пропущено: 1/)).toBeVisible()
  await expect(page.getByRole('row', { name: /IMP-E2E-4/ })).toBeVisible()

  await page.getByRole('link', { name: 'Перейти к черновикам' }).click()
  await page.waitForURL('**/personal-account/products?tab=non-published')
  for (const title of ['Квадрокоптер АэроТех Импорт-1', 'Квадрокоптер АэроТех Импорт-2', 'Самолёт АэроТех Импорт-3'])
    await expect(page.getByText(title).first()).toBeVisible()
})

test('a broken file is refused with its reason and the page stays on the upload', async ({ page }) => {
  // The refusal comes from the background check, as the import's state: no failed request.
  await openImportPage(page, 'sales@uraldron.example')
  await page.locator('input[type="file"]').setInputFiles({
    name: 'broken.yml',
    mimeType: 'application/xml',
    buffer: Buffer.from('<?xml version="1.0"?><yml_catalog><shop><offers><offer id="1"><name>Дрон'),
  })
  await page.getByRole('button', { name: 'Загрузить и проверить' }).click()
  await expect(page.getByRole('alert').filter({ hasText: /повреждён, XML не разобран/ })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByRole('button', { name: 'Импортировать' })).toHaveCount(0)
})

for (const [width, vendor] of [
  [375, 'izhaviatekh'],
  [1280, 'vertikal-avia'],
] as const) {
  test(`the import page at ${width} px has no serious axe violations and no sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await openImportPage(page, `sales@${vendor}.example`)
    await uploadCatalog(page)
    await expectNoSeriousViolations(page)
    await expectNoHorizontalOverflow(page)
  })
}

/** A vendor's picture host on the loopback, which the e2e server may fetch from. */
async function pictureHost() {
  const pictures: Record<string, Buffer> = {
    '/photo.jpg': await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer(),
    '/small.png': await sharp({ create: { width: 100, height: 80, channels: 3, background: '#a36' } })
      .png()
      .toBuffer(),
  }
  const server = createServer((req, res) => {
    const bytes = pictures[req.url ?? '']
    res.statusCode = bytes ? 200 : 404
    res.end(bytes)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

test('the file’s pictures go into the new draft, and those not added or small are listed', async ({ page }) => {
  const host = await pictureHost()
  try {
    // A fresh SKU: a draft that has photos already is not given the file's.
    const sku = `PIC-${randomUUID().slice(0, 8)}`
    const csv = [
      'Артикул;Название;Бренд;Модель;Категория;Цена;НДС;Наличие;Максимальная взлётная масса, кг;Время полёта, мин;Фото',
      `${sku};Квадрокоптер с фото;Аэроскан;Ф-1;Квадрокоптеры;150000;22%;да;1,9;41;${host.base}/photo.jpg|${host.base}/small.png|${host.base}/missing.jpg`,
    ].join('\r\n')
    await openImportPage(page, 'sales@tomskie-aerotekhnologii.example')
    await expect(page.getByText('Фото по ссылкам из файла загружаются в товары, у которых фото ещё нет.')).toBeVisible()
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'foto.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('button', { name: 'Загрузить и проверить' }).click()
    await expect(page.getByRole('heading', { name: 'Файл «foto.csv»' })).toBeVisible({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Импортировать' }).click()

    await expect(page.getByRole('heading', { name: 'Импорт завершён' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText(/Создано черновиков: 1\..*Добавлено фото из файла: 2\./)).toBeVisible()
    const warnings = page.getByRole('table').filter({ has: page.getByText('Замечания к фото') })
    await expect(warnings.getByRole('row', { name: /small\.png.*маленькое \(100×80\)/ })).toBeVisible()
    await expect(warnings.getByRole('row', { name: /missing\.jpg.*сервер ответил ошибкой 404/ })).toBeVisible()
    await expect(warnings.getByRole('row')).toHaveCount(3) // the header and the two

    // The draft shows the two photos, the big one first.
    await page.getByRole('link', { name: 'Перейти к черновикам' }).click()
    await page.waitForURL('**/personal-account/products?tab=non-published')
    await page.getByRole('link', { name: 'Квадрокоптер с фото' }).first().click()
    await waitForHydration(page)
    await expect(page.locator('img[src*="product-photos/"]')).toHaveCount(2)
  } finally {
    host.server.close()
  }
})
