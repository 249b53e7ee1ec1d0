import type { Page } from '@playwright/test'
import { formatOffer } from '#common/catalog/format.ts'
import type { Suggestion } from '#common/catalog/types.ts'
import { expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

const CATALOG = '/catalog/bespilotniki'

/** The header's search box (a combobox once its suggestions have loaded). */
function searchBox(page: Page) {
  return page.getByRole('banner').getByLabel('Поиск по каталогу')
}

async function search(page: Page, text: string) {
  await searchBox(page).fill(text)
  await searchBox(page).press('Enter')
  await expect(page).toHaveURL(`${CATALOG}?q=${encodeURIComponent(text)}`)
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('a typo still finds quadcopters, and the page says what it searched for', async ({ page }) => {
      await page.goto('/')
      await waitForHydration(page)
      await search(page, 'квадракоптер')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска «квадракоптер»')
      await expect(page.getByText('Показаны результаты по запросу «квадрокоптер»')).toBeVisible()
      const titles = page.getByRole('article').getByRole('heading')
      await expect(titles.first()).toContainText(/квадрокоптер/i)
      await expect(titles.first().locator('mark').first()).toHaveText(/квадрокоптер/i)
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
      await expect(page.getByLabel('Сортировка')).toHaveValue('relevance')
    })
  })
}

test('a plural finds what the singular finds', async ({ page, request }) => {
  const total = async (q: string) => {
    const response = await request.get(`/api/v1/catalog/products?q=${encodeURIComponent(q)}`)
    return ((await response.json()) as { data: { total: number } }).data.total
  }
  const singular = await total('квадрокоптер')
  expect(singular).toBeGreaterThan(10)
  await page.goto(CATALOG)
  await waitForHydration(page)
  await search(page, 'квадрокоптеры')
  await expect(page.getByRole('status').filter({ hasText: /^Найдено/ })).toHaveText(
    new RegExp(`^Найдено ${singular.toLocaleString('ru-RU').replace(/\s/g, '\\s')} товар`),
  )
  await expect(page.getByRole('article').first().getByRole('heading')).toContainText(/квадрокоптер/i)
  await expect(page.getByText(/Показаны результаты по запросу/)).toHaveCount(0)
})

test('nonsense gives the empty state with a way back', async ({ page }) => {
  await page.goto(CATALOG)
  await waitForHydration(page)
  await search(page, 'ыврапывра')
  await expect(page.getByRole('heading', { name: 'По запросу «ыврапывра» ничего не найдено' })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(0)
  await page.getByRole('link', { name: 'Весь каталог' }).click()
  await expect(page).toHaveURL(CATALOG)
  await expect(page.getByRole('article').first()).toBeVisible()
})

test('filters that match nothing say so and offer to reset them', async ({ page }) => {
  await page.goto(`${CATALOG}?price_max=1&made_in_russia=1`)
  await expect(page.getByRole('heading', { name: 'Нет товаров с такими фильтрами' })).toBeVisible()
  await page.getByRole('link', { name: 'Сбросить фильтры' }).click()
  await expect(page).toHaveURL(CATALOG)
})

test('suggestions while typing: arrows choose, Enter opens the product', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const box = searchBox(page)
  await box.click()
  await box.pressSequentially('mavic', { delay: 50 })
  const list = page.getByRole('listbox', { name: 'Подсказки' })
  await expect(list).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Поиск по каталогу' })).toHaveAttribute('aria-expanded', 'true')
  const product = list.getByRole('option').filter({ hasText: 'товар' }).first()
  await expect(product.locator('mark').first()).toHaveText(/mavic/i)

  await box.press('Escape')
  await expect(list).toBeHidden()
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await expect(box).toHaveValue('mavic')

  await box.press('ArrowDown')
  await expect(list).toBeVisible()
  const options = await list.getByRole('option').all()
  let index = 0
  while (!((await options[index]!.textContent()) ?? '').endsWith('товар')) {
    await box.press('ArrowDown')
    index++
  }
  await expect(options[index]!).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await options[index]!.getAttribute('id'))!)
  // The title alone: a product sold by several sellers also names its seller and price.
  const label = (await options[index]!.getByTestId('suggestion-title').textContent()) ?? ''
  await box.press('Enter')
  await expect(page).toHaveURL(/\/product\//)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label)
})

test('what is typed before the page hydrates gets its suggestions once it has', async ({ page }) => {
  // The page's scripts wait until the text is typed, as on a slow phone.
  let release!: () => void
  const typed = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.js(\?|$)/, async (route) => {
    await typed
    await route.continue()
  })
  await page.goto('/', { waitUntil: 'commit' })
  await searchBox(page).click()
  await searchBox(page).pressSequentially('квадр', { delay: 30 })
  release()
  await waitForHydration(page)
  await expect(searchBox(page)).toHaveValue('квадр')
  await expect(page.getByRole('listbox', { name: 'Подсказки' }).getByRole('option').first()).toBeVisible()
})

test('a suggestion can be clicked', async ({ page }) => {
  await page.goto('/spheres/transport')
  await waitForHydration(page)
  await searchBox(page).click()
  await searchBox(page).pressSequentially('квадр', { delay: 50 })
  const option = page.getByRole('listbox', { name: 'Подсказки' }).getByRole('option').first()
  await option.click()
  await expect(page).not.toHaveURL('/spheres/transport')
  await expect(page.getByRole('listbox', { name: 'Подсказки' })).toBeHidden()
})

test('says so when nothing is suggested, and Enter still searches', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await searchBox(page).click()
  await searchBox(page).pressSequentially('ывапрол', { delay: 30 })
  await expect(page.getByRole('status').filter({ hasText: 'Подсказок для «ывапрол» нет' })).toBeVisible()
  await expect(page.getByRole('listbox', { name: 'Подсказки' })).toBeHidden()
  await searchBox(page).press('Enter')
  await expect(page).toHaveURL(`${CATALOG}?q=${encodeURIComponent('ывапрол')}`)
})

test('a model typed in Russian letters is suggested, and sellers of one model are told apart', async ({
  page,
  request,
}) => {
  const typed = 'квадрокоптер матрис 350'
  const response = await request.get(`/api/v1/catalog/suggestions?q=${encodeURIComponent(typed)}`)
  const suggestions = ((await response.json()) as { data: Suggestion[] }).data
  // The demo catalogue has this model from several sellers: those lines say whose offer it is.
  expect(suggestions.filter((s) => s.offer).length).toBeGreaterThan(1)
  await page.goto('/')
  await waitForHydration(page)
  await searchBox(page).click()
  await searchBox(page).pressSequentially(typed, { delay: 30 })
  const options = page.getByRole('listbox', { name: 'Подсказки' }).getByRole('option')
  await expect(options).toHaveCount(suggestions.length)
  await expect(options.first().locator('mark', { hasText: 'Matrice' })).toBeVisible()
  for (const [i, suggestion] of suggestions.entries())
    if (suggestion.offer) await expect(options.nth(i)).toContainText(`, ${formatOffer(suggestion.offer)}`)
  const texts = await options.allTextContents()
  expect(new Set(texts).size).toBe(texts.length)
})

test('the open suggestions pass axe', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await searchBox(page).click()
  await searchBox(page).pressSequentially('dji', { delay: 50 })
  await expect(page.getByRole('listbox', { name: 'Подсказки' })).toBeVisible()
  await expectNoSeriousViolations(page, { include: 'header' })
})
