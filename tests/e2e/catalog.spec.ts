import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { LISTING_PAGE_SIZE } from '#common/catalog/listing.ts'
import { expect, NOT_FOUND_RESOURCE, test, waitForHydration } from './fixtures.ts'

const CATALOG = '/catalog/bespilotniki'

/** «Найдено 1 234 товара · 2 345 предложений» → 1234: the cards, one per model. */
async function resultCount(page: Page): Promise<number> {
  const text = await page
    .getByRole('status')
    .filter({ hasText: /^Найдено/ })
    .textContent()
  return Number(/^Найдено ([\d\s]+) товар/.exec(text ?? '')?.[1]?.replace(/\s/g, '') ?? Number.NaN)
}

async function expectCount(page: Page, count: number) {
  await expect(page.getByRole('status').filter({ hasText: /^Найдено/ })).toHaveText(
    new RegExp(`^Найдено ${count.toLocaleString('ru-RU').replace(/\s/g, '\\s')} товар`),
  )
}

/** The total the API gives for the same filters. */
async function apiTotal(request: APIRequestContext, search: string): Promise<number> {
  const response = await request.get(`/api/v1/catalog/products?${search}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: { total: number } }).data.total
}

/** The filters: a sidebar from 768 px (a closed <dialog> shown in place), a modal drawer below. */
function filters(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Фильтры' })
}

function facet(page: Page, title: string): Locator {
  return filters(page).getByRole('group', { name: title })
}

/** Card prices in page order; «Цена по запросу» is left out. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').getByText(/₽$/).allTextContents()
  return texts.map((t) => Number(t.replace(/\D/g, '')))
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('a sphere page leads to the catalogue filtered by its sphere', async ({ page, request }) => {
    await page.goto('/spheres/selskoe-khozyaistvo')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Подобрать в каталоге' }).first().click()
    await expect(page).toHaveURL(`${CATALOG}?areas_of_application=selskoe-khozyaistvo`)

    const option = facet(page, 'Сферы применения').getByRole('checkbox', { name: /Сельское хозяйство/ })
    await expect(option).toBeChecked()
    const total = await apiTotal(request, 'areas_of_application=selskoe-khozyaistvo')
    expect(total).toBeGreaterThan(0)
    expect(total).toBeLessThan(await apiTotal(request, ''))
    await expectCount(page, total)
    // The option's own count is the number of products it selects.
    await expect(option.locator('xpath=..')).toContainText(String(total))
    await expect(page.getByRole('link', { name: 'Убрать фильтр Сферы применения: Сельское хозяйство' })).toBeVisible()

    // Every product shown is marked for agriculture.
    const links = await page.getByRole('article').getByRole('heading').getByRole('link').all()
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) {
      // The model's page with the card's offer chosen.
      const slug = new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get('offer')
      const product = (await (await request.get(`/api/v1/catalog/products/${slug}`)).json()) as {
        data: { areas: { slug: string }[] }
      }
      expect(product.data.areas.map((a) => a.slug)).toContain('selskoe-khozyaistvo')
    }
  })

  test('filters apply at once, and Back restores the previous state', async ({ page, request }) => {
    await page.goto(CATALOG)
    await waitForHydration(page)
    const all = await resultCount(page)

    const dji = facet(page, 'Бренд').getByRole('checkbox', { name: /^DJI/ })
    await dji.check()
    await expect(page).toHaveURL(`${CATALOG}?brand=DJI`)
    const djiCount = await apiTotal(request, 'brand=DJI')
    await expectCount(page, djiCount)

    const inStock = facet(page, 'Наличие').getByRole('checkbox', { name: /В наличии/ })
    await inStock.check()
    await expect(page).toHaveURL(`${CATALOG}?brand=DJI&availability=in_stock`)
    await expectCount(page, await apiTotal(request, 'brand=DJI&availability=in_stock'))

    await page.goBack()
    await expect(page).toHaveURL(`${CATALOG}?brand=DJI`)
    await expectCount(page, djiCount)
    await expect(dji).toBeChecked()
    await expect(inStock).not.toBeChecked()

    await page.goBack()
    await expect(page).toHaveURL(CATALOG)
    await expectCount(page, all)
    await expect(dji).not.toBeChecked()

    // The chips and «Сбросить все» are links to the state without them.
    await page.goForward()
    await page.goForward()
    await expect(page).toHaveURL(`${CATALOG}?brand=DJI&availability=in_stock`)
    await page.getByRole('link', { name: 'Сбросить все' }).click()
    await expect(page).toHaveURL(CATALOG)
    await expectCount(page, all)
  })

  test('a price range applies on Enter and shows as a chip', async ({ page, request }) => {
    await page.goto(CATALOG)
    await waitForHydration(page)
    const price = facet(page, 'Цена, ₽')
    await price.getByLabel('до').fill('500000')
    await price.getByLabel('до').press('Enter')
    await expect(page).toHaveURL(`${CATALOG}?price_max=500000`)
    await expectCount(page, await apiTotal(request, 'price_max=500000'))
    expect(Math.max(...(await cardPrices(page)))).toBeLessThanOrEqual(500_000)
    await expect(page.getByRole('link', { name: /^Убрать фильтр Цена: до 500\s000 ₽$/ })).toBeVisible()
  })

  test('sorting by price puts the cheapest first', async ({ page }) => {
    await page.goto(CATALOG)
    await waitForHydration(page)
    await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дешевле' })
    await expect(page).toHaveURL(`${CATALOG}?sort=price_asc`)
    await expect(page.getByLabel('Сортировка')).toHaveValue('price_asc')
    // The address changes a moment before the new cards render.
    await expect
      .poll(async () => {
        const prices = await cardPrices(page)
        return prices.length > 10 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price)
      })
      .toBe(true)
  })

  test('a model several sellers offer is one card: from its lowest price, leading to its offers', async ({
    page,
    request,
  }) => {
    const response = await request.get('/api/v1/catalog/products?q=Matrice%20350')
    expect(response.status()).toBe(200)
    const { data } = (await response.json()) as {
      data: {
        total: number
        offerTotal: number
        items: {
          title: string
          model: string
          offers?: { count: number; lowPriceKopecks: number; sellerCount: number }
        }[]
      }
    }
    // The demo catalogue has the Matrice 350 RTK from several sellers: one card, not one per offer.
    const card = data.items.find((item) => item.offers && item.offers.sellerCount > 1)!
    expect(card).toBeTruthy()
    expect(data.offerTotal).toBeGreaterThan(data.total)
    const models = data.items.map((item) => item.model.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''))
    expect(new Set(models).size).toBe(models.length)

    await page.goto(`${CATALOG}?q=${encodeURIComponent('Matrice 350')}`)
    await waitForHydration(page)
    await expect(page.getByRole('status').filter({ hasText: /^Найдено/ })).toHaveText(
      new RegExp(`· ${data.offerTotal} предложени`),
    )
    const article = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: card.title, exact: true }) })
    const roubles = (card.offers!.lowPriceKopecks / 100).toLocaleString('ru-RU').replace(/\s/g, '\\s')
    await expect(article.getByText(new RegExp(`^от\\s${roubles}\\s₽$`))).toBeVisible()
    const offers = article.getByRole('link', {
      name: new RegExp(`^${card.offers!.count} предложени[йея]? от \\d+ продавц`),
    })
    await expect(offers).toBeVisible()
    await offers.click()
    await expect(page).toHaveURL(/\/product\/[^#]+#offers$/)
    await expect(page.getByRole('heading', { name: 'Другие предложения этой модели' })).toBeVisible()
  })

  test("a card's picture opens its product, though its only link is the title", async ({ page }) => {
    await page.goto(CATALOG)
    await waitForHydration(page)
    const card = page.getByRole('article').first()
    // One link a product for keyboards and screen readers: the picture is not a second one.
    await expect(card.locator('img').locator('xpath=ancestor::a')).toHaveCount(0)
    const href = await card.getByRole('heading').getByRole('link').getAttribute('href')
    // The title link's box lies over the picture: a click where the picture is drawn lands on it.
    const box = (await card.locator('img').boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect(page).toHaveURL(href!)
  })

  test('pages: next, with the page marked current and rel links', async ({ page }) => {
    await page.goto(`${CATALOG}?sort=price_asc`)
    await waitForHydration(page)
    const pager = page.getByRole('navigation', { name: 'Страницы' })
    await expect(pager.getByRole('link', { name: 'Страница 1', exact: true })).toHaveAttribute('aria-current', 'page')
    const firstTitle = await page.getByRole('article').first().getByRole('heading').textContent()
    const lastPrice = (await cardPrices(page)).at(-1)!

    await pager.getByRole('link', { name: 'Дальше →' }).click()
    await expect(page).toHaveURL(`${CATALOG}?sort=price_asc&page=2`)
    await expect(pager.getByRole('link', { name: 'Страница 2', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(pager.getByRole('link', { name: '← Назад' })).toHaveAttribute('rel', 'prev')
    await expect(page.getByRole('article').first().getByRole('heading')).not.toHaveText(firstTitle!)
    expect((await cardPrices(page))[0]).toBeGreaterThanOrEqual(lastPrice)
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', /\/catalog\/bespilotniki\?sort=price_asc$/)
    await expect(page).toHaveTitle(/страница 2/)
  })

  test('«Показать ещё» adds the next page below, in place, and moves the focus to it', async ({ page }) => {
    await page.goto(`${CATALOG}?sort=price_asc`)
    await waitForHydration(page)
    const cards = page.getByRole('article')
    await expect(cards).toHaveCount(LISTING_PAGE_SIZE)
    const firstPrices = await cardPrices(page)

    await page.getByRole('link', { name: `Показать ещё ${LISTING_PAGE_SIZE} товаров` }).click()
    await expect(cards).toHaveCount(2 * LISTING_PAGE_SIZE)
    await expect(page).toHaveURL(`${CATALOG}?sort=price_asc`)
    await expect(page.getByRole('status').filter({ hasText: /^Показано/ })).toHaveText(
      `Показано ${2 * LISTING_PAGE_SIZE} из ${await resultCount(page)}`,
    )
    // The first card added has the focus, and the list goes on in the same order.
    await expect(cards.nth(LISTING_PAGE_SIZE).getByRole('heading').getByRole('link')).toBeFocused()
    const prices = await cardPrices(page)
    expect(prices.slice(0, firstPrices.length)).toEqual(firstPrices)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    // The pages go on from the last one shown.
    const pager = page.getByRole('navigation', { name: 'Страницы' })
    await expect(pager.getByRole('link', { name: 'Страница 2', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(pager.getByRole('link', { name: 'Дальше →' })).toHaveAttribute('href', /page=3$/)

    // Another state starts again from its own first page.
    await facet(page, 'Наличие')
      .getByRole('checkbox', { name: /В наличии/ })
      .check()
    await expect(page).toHaveURL(/availability=in_stock/)
    await expect(cards).toHaveCount(LISTING_PAGE_SIZE)
  })

  test('a long facet folds its tail, fetched when opened; a chosen option from it stays shown', async ({ page }) => {
    await page.goto(CATALOG)
    await waitForHydration(page)
    const brands = facet(page, 'Бренд')
    const boxes = brands.getByRole('checkbox')
    await expect(boxes).toHaveCount(8)
    const fold = brands.locator('summary')
    const total = Number(/\((\d+)\)/.exec((await fold.textContent()) ?? '')?.[1])
    expect(total).toBeGreaterThan(9)

    await fold.click()
    await expect(boxes).toHaveCount(total)
    await expect(brands.getByRole('list').last()).not.toHaveAttribute('aria-busy')
    const last = boxes.last()
    const label = (await last.locator('xpath=following-sibling::span[1]').textContent())!
    await last.check()
    await expect.poll(() => new URL(page.url()).searchParams.getAll('brand')).toEqual([label])
    await expectCount(page, Number(await last.locator('xpath=following-sibling::span[2]').textContent()))
    // Loaded anew, the page sends the chosen option with the first eight and shows the fold open.
    await page.reload()
    await waitForHydration(page)
    const chosen = brands.getByRole('checkbox', { name: new RegExp(`^${label}`) })
    await expect(chosen).toBeVisible()
    await expect(chosen).toBeChecked()
  })

  test('an unknown category is the 404 page', async ({ page, consoleErrors }) => {
    consoleErrors.expect(NOT_FOUND_RESOURCE)
    const response = await page.goto('/catalog/nope')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Ошибка 404' })).toBeVisible()
  })

  test('nonsense parameters are ignored, not an error', async ({ page, request, baseURL }) => {
    const response = await page.goto(`${CATALOG}?price_min=abc&page=-5&type=zzz&sort=cheapest&rtk=maybe`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Беспилотники')
    await expectCount(page, await apiTotal(request, ''))
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${CATALOG}`)
  })

  test('a category page: heading, crumbs, canonical and subcategories with counts', async ({ page, baseURL }) => {
    await page.goto(CATALOG)
    const sub = page.getByRole('navigation', { name: 'Разделы каталога' }).getByRole('link', { name: /Мультироторные/ })
    const count = Number((await sub.textContent())!.replace(/\D/g, ''))
    await expect(page).toHaveTitle('Беспилотники — купить в каталоге БАС Маркет')
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
    await sub.click()
    await expect(page).toHaveURL('/catalog/multirotornye')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Мультироторные беспилотники')
    await expectCount(page, count)
    const crumbs = page.getByRole('navigation', { name: 'Хлебные крошки' })
    await expect(crumbs.getByRole('link', { name: 'Беспилотники' })).toHaveAttribute('href', CATALOG)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/catalog/multirotornye`)

    // Two filters at once: for people, not for the index.
    await page.goto('/catalog/multirotornye?brand=DJI&rtk=1')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })

  test('the filter form is an ordinary GET form', async ({ page }) => {
    await page.goto(CATALOG)
    await facet(page, 'Бренд').getByRole('checkbox', { name: /^DJI/ }).check()
    await filters(page)
      .getByRole('button', { name: /^Показать/ })
      .click()
    await expect(page).toHaveURL(/[?&]brand=DJI(&|$)/)
    // The form's empty number fields are dropped from the address by a redirect.
    expect(new URL(page.url()).search).not.toMatch(/=(&|$)/)
    await expect(facet(page, 'Бренд').getByRole('checkbox', { name: /^DJI/ })).toBeChecked()
    await expect(page.getByRole('link', { name: 'Убрать фильтр Бренд: DJI' })).toBeVisible()
  })

  test('«Показать ещё» is a link to the next page, and a folded facet links to its whole list', async ({ page }) => {
    await page.goto(CATALOG)
    await expect(page.getByRole('article')).toHaveCount(LISTING_PAGE_SIZE)
    await page.getByRole('link', { name: /^Показать ещё/ }).click()
    await expect(page).toHaveURL(`${CATALOG}?page=2`)
    await expect(page.getByRole('article')).toHaveCount(LISTING_PAGE_SIZE)

    const brands = facet(page, 'Бренд')
    const fold = brands.locator('summary')
    const total = Number(/\((\d+)\)/.exec((await fold.textContent()) ?? '')?.[1])
    await fold.click()
    await brands.getByRole('link', { name: 'Открыть весь список' }).click()
    await expect(page).toHaveURL(`${CATALOG}?all_options=1#facet-brand`)
    await expect(facet(page, 'Бренд').getByRole('checkbox')).toHaveCount(total)
  })

  test('on a phone the drawer opens by HTML alone and its button submits', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(CATALOG)
    const drawer = page.getByRole('dialog', { name: 'Фильтры' })
    await expect(drawer).toBeHidden()
    await page.getByRole('button', { name: 'Фильтры', exact: true }).click()
    await expect(drawer).toBeVisible()
    await drawer.getByRole('checkbox', { name: /^DJI/ }).check()
    await drawer.getByRole('button', { name: /^Показать/ }).click()
    await expect(page).toHaveURL(/[?&]brand=DJI(&|$)/)
    await expect(page.getByRole('button', { name: 'Фильтры, выбрано: 1' })).toBeVisible()
  })
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('the filter drawer opens, applies and closes; nothing overflows', async ({ page, request }) => {
    await page.goto(CATALOG)
    await waitForHydration(page)
    await expectNoHorizontalOverflow(page)

    const drawer = page.getByRole('dialog', { name: 'Фильтры' })
    await expect(drawer).toBeHidden()
    await page.getByRole('button', { name: 'Фильтры', exact: true }).click()
    await expect(drawer).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()

    await page.getByRole('button', { name: 'Фильтры', exact: true }).click()
    await drawer.getByRole('checkbox', { name: /^DJI/ }).check()
    await expect(page).toHaveURL(`${CATALOG}?brand=DJI`)
    const total = await apiTotal(request, 'brand=DJI')
    const show = drawer.getByRole('button', { name: `Показать ${total.toLocaleString('ru-RU')} товар`, exact: false })
    await expect(show).toBeVisible()
    await show.click()
    await expect(drawer).toBeHidden()
    await expectCount(page, total)
    await expect(page.getByRole('button', { name: /Фильтры, выбрано: 1/ })).toBeVisible()
    await expectNoHorizontalOverflow(page)
  })
})

test.describe('accessibility', () => {
  for (const width of [375, 1280]) {
    test(`the catalogue has no serious or critical axe violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${CATALOG}?areas_of_application=selskoe-khozyaistvo`)
      await waitForHydration(page)
      await expectNoSeriousViolations(page)
      if (width === 375) {
        await page.getByRole('button', { name: /^Фильтры/ }).click()
        await expect(page.getByRole('dialog', { name: 'Фильтры' })).toBeVisible()
        await expectNoSeriousViolations(page)
      }
    })
  }
})
