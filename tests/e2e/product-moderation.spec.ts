import type { Browser, Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { photoFile } from './photos.ts'

/** A signed-in page of its own browser context, so the vendor, staff and a guest act side by side. */
async function pageOf(browser: Browser, email: string | null, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  if (email) {
    const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
    expect(login.status()).toBe(200)
  }
  return page
}

/** The vendor's organization, as whoami names it. */
async function vendorIdOf(page: Page): Promise<string> {
  const whoami = await (await page.request.get('/api/v1/users/whoami')).json()
  return whoami.data.organizations.find((o: { isSelected: boolean }) => o.isSelected).id
}

test('a product goes from the vendor to staff, back for fixes, and into the catalogue', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const vendor = await pageOf(browser, 'vendor@example.com', baseURL!)
  const staff = await pageOf(browser, 'staff@example.com', baseURL!)
  const guest = await pageOf(browser, null, baseURL!)
  const tag = Date.now().toString(36).toUpperCase()
  const title = `Квадрокоптер Модерация ${tag}`

  // The vendor fills the form in.
  await vendor.goto('/personal-account/products/edit/new')
  await waitForHydration(vendor)
  await vendor.getByLabel('Название').fill(title)
  await vendor.waitForURL(/edit\/[0-9a-f-]{36}$/)
  const productUrl = vendor.url()
  const reviewUrl = `/personal-account/staff/products/${productUrl.split('/').at(-1)}`
  await vendor.getByLabel('Бренд').fill('Модерация')
  await vendor.getByLabel('Модель').fill(`М-${tag}`)
  await vendor.getByLabel('Артикул').fill(`MOD-${tag}`)
  await vendor.getByLabel('Категория').selectOption('multirotornye')
  await vendor.getByLabel('Цена, ₽').fill('349 900')
  await vendor.getByLabel('Максимальная взлётная масса, кг').fill('3,2')
  await vendor.getByRole('textbox', { name: 'Описание товара' }).click()
  await vendor.keyboard.type('Квадрокоптер для инспекции линий электропередачи с тепловизором.')
  await vendor
    .getByLabel('Выбрать фотографии')
    .setInputFiles(await photoFile('top.jpg', 'jpeg', { r: 30, g: 90, b: 60 }))
  await expect(vendor.getByTestId('product-photo')).toHaveCount(1)
  await vendor.getByRole('button', { name: 'Отправить на модерацию' }).click()
  await expect(vendor.getByText('Товар на модерации', { exact: true })).toBeVisible()

  // Staff find it in the queue and send it back with a comment.
  await staff.goto(`/personal-account/staff/products?vendor=${await vendorIdOf(vendor)}`)
  await expect(staff.getByRole('list', { name: 'Очередь товаров' }).getByRole('link', { name: title })).toBeVisible()
  await staff.goto(reviewUrl)
  await waitForHydration(staff)
  await staff.getByRole('textbox', { name: 'Что исправить продавцу' }).fill('Уточните время полёта')
  await staff.getByRole('button', { name: 'Вернуть на доработку' }).click()
  await expect(staff.getByRole('status').filter({ hasText: 'Товар возвращён на доработку' })).toBeVisible()

  // The vendor sees why, fixes it and sends it again.
  await vendor.goto(productUrl)
  await waitForHydration(vendor)
  await expect(vendor.getByText('Уточните время полёта')).toBeVisible()
  await vendor.getByLabel('Время полёта, мин').fill('45')
  await expect(vendor.getByText(/Все изменения сохранены в/)).toBeVisible()
  await vendor.getByRole('button', { name: 'Отправить на модерацию' }).click()
  await expect(vendor.getByText('Товар на модерации', { exact: true })).toBeVisible()

  // Staff approve; a guest finds it by search and on the seller page at once.
  await staff.goto(reviewUrl)
  await waitForHydration(staff)
  await staff.getByRole('button', { name: 'Одобрить' }).click()
  await expect(staff.getByRole('link', { name: 'Открыть страницу товара' })).toBeVisible()

  await guest.goto(`/catalog/bespilotniki?q=${encodeURIComponent(`Модерация ${tag}`)}`)
  await guest.getByRole('link', { name: title }).first().click()
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(guest.getByRole('img', { name: title }).first()).toBeVisible()
  await expect(guest.getByText('45 мин').first()).toBeVisible()
  await guest.goto('/sellers/aerotekh-sistemy?sort=new')
  await expect(guest.getByRole('link', { name: title }).first()).toBeVisible()
})
