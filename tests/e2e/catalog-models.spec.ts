import { expectNoSeriousViolations } from './a11y.ts'
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts'
import { signIn } from './people.ts'

// The first save moves the page to the product's address, then the page reloads its data.
const expect = baseExpect.configure({ timeout: 15_000 })

test('a vendor finds a catalogue model and sells it as an offer of its own, on a phone too', async ({ page }) => {
  test.slow() // a search, the first save with its move, then the offer's fields saved as typed
  await signIn(page, 'vendor@example.com')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/personal-account/products/edit/new')
  await waitForHydration(page)

  const picker = page.getByRole('region', { name: 'Каталог моделей' })
  await picker.getByLabel('Найти в каталоге').fill('matrice 350 zenmuse l2')
  const found = picker.getByRole('list', { name: 'Найденные модели' })
  await expect(found.getByRole('listitem').first()).toContainText('Matrice 350 RTK с лидаром Zenmuse L2')
  await expectNoSeriousViolations(page)
  await found
    .getByRole('button', { name: /^Привязать к модели .*Zenmuse L2/ })
    .first()
    .click()

  // The draft is made and attached: the model's card instead of its fields, the offer's own to fill.
  await page.waitForURL(/\/personal-account\/products\/edit\/[0-9a-f-]{36}$/)
  await expect(picker.getByText('Описание, характеристики и фото — из карточки модели.')).toBeVisible()
  await expect(picker.getByRole('button', { name: 'Отвязать от модели' })).toBeVisible()
  await expect(page.getByLabel('Название')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Характеристики' })).toHaveCount(0)

  const sku = `L2-${Date.now().toString(36).toUpperCase()}`
  await page.getByLabel('Артикул').fill(sku)
  await page.getByLabel('Цена, ₽').fill('2 199 000')
  await page.getByLabel('Гарантия, месяцев').fill('12')
  await expect(page.getByText(/Все изменения сохранены в/)).toBeVisible()
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByLabel('Артикул')).toHaveValue(sku)
  await expect(page.getByLabel('Цена, ₽')).toHaveValue('2199000')
  await expect(picker).toContainText('DJI Matrice 350 RTK с лидаром Zenmuse L2')
  const box = await picker.boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)

  // Nothing for an unknown model: the vendor is told to describe it for staff.
  await picker.getByRole('button', { name: 'Отвязать от модели' }).click()
  await expect(page.getByLabel('Название')).toHaveValue(/Zenmuse L2/)
  await picker.getByLabel('Найти в каталоге').fill('несуществующий дрон')
  await expect(picker.getByText(/Модели «несуществующий дрон» в каталоге нет/)).toBeVisible()
})

test('staff merge a model that duplicates another: its offers join the other’s card', async ({ page }) => {
  await signIn(page, 'staff@example.com')
  await page.goto('/personal-account/staff/models?q=doosan')
  await waitForHydration(page)
  const table = page.getByRole('table', { name: 'Модели каталога' })
  await expect(table.getByRole('row')).toHaveCount(3) // the header and the two Doosan models
  await expectNoSeriousViolations(page)

  await table.getByRole('link', { name: /^Объединить модель «.*с комплектом из 2 баллонов» с другой$/ }).click()
  await expect(page.getByRole('heading', { name: /^Объединение: «.*с комплектом из 2 баллонов»$/ })).toBeVisible()
  await table.getByRole('button', { name: /в модель «Водородный мультикоптер Doosan DS30W»$/ }).click()
  await expect(page.getByRole('status')).toContainText('перенесено 1 предложение')
  await expect(table.getByRole('row')).toHaveCount(2)

  // The catalogue shows one Doosan card now, with both offers.
  const listing = await page.request.get('/api/v1/catalog/products?category=bespilotniki&q=doosan')
  const cards = ((await listing.json()) as { data: { items: { offers?: { count: number } }[] } }).data.items
  expect(cards).toHaveLength(1)
  expect(cards[0]!.offers?.count).toBe(2)
})
