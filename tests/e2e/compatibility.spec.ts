import type { APIRequestContext } from '@playwright/test'
import { expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { signIn } from './people.ts'

/** The model of the first catalogue card for a search: its page is /product/{slug}. */
async function modelSlugOf(request: APIRequestContext, q: string): Promise<string> {
  const response = await request.get(`/api/v1/catalog/products?limit=1&q=${encodeURIComponent(q)}`)
  expect(response.status()).toBe(200)
  const [card] = (await response.json()).data.items as { modelSlug: string }[]
  expect(card, q).toBeDefined()
  return card!.modelSlug
}

for (const width of [375, 1280]) {
  test.describe(`compatibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('a drone lists its accessories by kind; one of them lists the drone; the catalogue filters by it', async ({
      page,
      request,
    }) => {
      const drone = await modelSlugOf(request, 'Matrice 350 RTK')
      await page.goto(`/product/${drone}`)
      const section = page.getByRole('region', { name: 'Совместимые аксессуары и запчасти' })
      await expect(section).toBeVisible()
      await waitForHydration(page)
      // Grouped by kind: batteries, payloads, propellers each under their own heading.
      for (const kind of ['Аккумуляторы и зарядные', 'Лидары', 'Воздушные винты'])
        await expect(section.getByRole('heading', { level: 3, name: kind })).toBeVisible()
      await expect(page.locator('h1')).toHaveCount(1)
      await expectNoSeriousViolations(page)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(1)

      // An accessory's page names the drones it fits, this one among them.
      const battery = section.getByRole('region', { name: 'Аккумуляторы и зарядные' }).getByRole('link').first()
      const batteryName = (await battery.textContent())!.trim()
      await battery.click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(batteryName)
      const fits = page.getByRole('region', { name: 'Подходит к моделям' })
      await expect(fits.locator(`a[href="/product/${drone}"]`)).toBeVisible()
      await expectNoSeriousViolations(page)

      // Back on the drone's page, «Все совместимые товары» is the catalogue filtered by the drone.
      await page.goBack()
      await page.getByRole('link', { name: 'Все совместимые товары в каталоге' }).click()
      await expect(page).toHaveURL(new RegExp(`/catalog/nagruzka-i-komplektuyushchie\\?compatible=${drone}$`))
      await expect(page.getByRole('link', { name: /^Убрать фильтр Совместимо с: / })).toBeVisible()
      const cards = page.getByRole('article')
      await expect(cards.first()).toBeVisible()
      // The battery is among the cards, on the first twelve or after «Показать ещё».
      await waitForHydration(page)
      const listed = page.getByRole('heading', { name: batteryName })
      const more = page.getByRole('link', { name: /^Показать ещё/ })
      while ((await listed.count()) === 0 && (await more.count()) > 0) {
        const shown = await cards.count()
        await more.click()
        await expect(cards).not.toHaveCount(shown)
      }
      await expect(listed).toBeVisible()
      await expectNoSeriousViolations(page)
    })
  })
}

test('a vendor says which drones its accessory fits, and it stays after a reload', async ({ page }) => {
  test.slow() // a search, the first save with its move, then the fits saved
  await signIn(page, 'vendor@example.com')
  await page.goto('/personal-account/products/edit/new')
  await waitForHydration(page)
  await page.getByLabel('Категория').selectOption({ label: 'Аккумуляторы и зарядные' })
  const fits = page.getByRole('region', { name: 'Совместимость' })
  await expect(fits.getByText('Пока не указано ни одной модели.')).toBeVisible()
  await fits.getByLabel('Найти беспилотник').fill('геоскан 201')
  const found = fits.getByRole('list', { name: 'Найденные беспилотники' })
  await found
    .getByRole('button', { name: /^Добавить в совместимые: .*Геоскан 201/ })
    .first()
    .click()
  const chosen = fits.getByRole('list', { name: 'Подходит к моделям' })
  await expect(chosen.getByRole('listitem')).toHaveCount(1)
  await expectNoSeriousViolations(page)
  // The first save gives the draft its address; the choice is saved with it.
  await page.waitForURL(/\/personal-account\/products\/edit\/[0-9a-f-]{36}$/, { timeout: 15_000 })
  await expect(page.getByText(/Все изменения сохранены в/)).toBeVisible({ timeout: 15_000 })
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('region', { name: 'Совместимость' }).getByRole('listitem')).toContainText(['Геоскан 201'])
})
