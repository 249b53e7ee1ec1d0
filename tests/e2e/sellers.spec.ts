import { expect, NOT_FOUND_RESOURCE, test, waitForHydration } from './fixtures.ts'

test('the sellers list shows every confirmed vendor with its product count', async ({ page }) => {
  const response = await page.goto('/sellers')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Продавцы' })).toBeVisible()
  const tiles = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
  await expect(tiles.first()).toBeVisible()
  await expect(tiles.first()).toContainText(/\d+ товар(а|ов)?/)

  // 24 a page: with 25 or more vendors the rest are on the next pages.
  let total = await tiles.count()
  expect(total).toBeGreaterThan(0)
  const pages = page.getByRole('navigation', { name: 'Страницы' })
  if ((await pages.count()) > 0) {
    expect(total).toBe(24)
    const last = Number(
      await pages
        .getByRole('link', { name: /^Страница \d+$/ })
        .last()
        .textContent(),
    )
    for (let p = 2; p <= last; p++) {
      await page.goto(`/sellers?page=${p}`)
      total += await tiles.count()
    }
  }
  expect(total).toBeGreaterThanOrEqual(25)
})

test('a seller page shows the seller and its products, and the filters narrow them', async ({ page, request }) => {
  const list = await request.get('/api/v1/sellers')
  expect(list.status()).toBe(200)
  const sellers = ((await list.json()) as { data: { items: { slug: string; name: string; productCount: number }[] } })
    .data.items
  const seller = sellers.reduce((a, b) => (b.productCount > a.productCount ? b : a))

  await page.goto('/sellers')
  await waitForHydration(page)
  await page.getByRole('link', { name: seller.name, exact: true }).click()
  await expect(page).toHaveURL(`/sellers/${seller.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seller.name)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/sellers/${seller.slug}$`))

  // What a buyer checks a counterparty by: checked by the platform, with its legal details.
  await expect(page.getByText(/^Проверен платформой \d{1,2} [а-я]+ \d{4} г\.$/)).toBeVisible()
  const details = (await (await request.get(`/api/v1/sellers/${seller.slug}`)).json()).data
  const requisites = page.getByRole('region', { name: 'Реквизиты' })
  await expect(requisites).toContainText(details.fullName)
  await expect(requisites).toContainText(`ИНН${details.inn}`)
  await expect(requisites).toContainText(`ОГРН${details.ogrn}`)
  await expect(requisites).toContainText(details.legalAddress)

  const products = page.locator('a[href^="/product/"]')
  await expect(products.first()).toBeVisible()

  // A filter keeps to this seller's products and puts the state in the URL.
  await page
    .getByRole('checkbox', { name: /В наличии/ })
    .first()
    .check()
  await expect(page).toHaveURL(/[?&]availability=in_stock/)
  await expect(page).toHaveURL(new RegExp(`^[^?]*/sellers/${seller.slug}\\?`))
  await expect(products.first()).toBeVisible()
  const filtered = await request.get(
    `/api/v1/catalog/products?category=bespilotniki&vendor=${seller.slug}&availability=in_stock&limit=60`,
  )
  // The catalogue groups a model's offers into one card; the seller's page lists each of its own.
  const expected = ((await filtered.json()) as { data: { offerTotal: number } }).data.offerTotal
  await expect(page.getByRole('main')).toContainText(new RegExp(`${expected}\\s+товар`))
})

test('an unknown seller is the 404 page', async ({ page, consoleErrors }) => {
  consoleErrors.expect(NOT_FOUND_RESOURCE)
  const response = await page.goto('/sellers/net-takogo-prodavtsa')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Ошибка 404' })).toBeVisible()
})

test('the home page shows popular categories and new products that lead to their pages', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const categories = page.getByRole('region', { name: 'Популярные категории' })
  // Four kinds of drones, then four kinds of payloads, accessories and spare parts.
  await expect(categories.getByRole('link')).toHaveCount(8)
  await expect(categories.getByRole('link').nth(4)).toHaveAttribute('href', /^\/catalog\/[a-z-]+$/)
  await expect(categories.getByRole('link').first()).toContainText(/\d+ товар/)
  const newProducts = page.getByRole('region', { name: 'Новые товары' })
  const productLinks = newProducts.locator('a[href^="/product/"]')
  await expect(productLinks).toHaveCount(8)

  const category = categories.getByRole('link').first()
  const categoryHref = await category.getAttribute('href')
  expect(categoryHref).toMatch(/^\/catalog\/[a-z-]+$/)
  await category.click()
  await expect(page).toHaveURL(categoryHref!)

  await page.goBack()
  const product = productLinks.first()
  const title = (await product.textContent())!.trim()
  await product.click()
  // A model's page with the offer the tile showed.
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+\?offer=[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
})

test('the sitemap lists categories, products and sellers', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.headers()['content-type']).toContain('application/xml')
  const xml = await response.text()
  expect(xml).toContain(`<loc>${baseURL}/catalog/bespilotniki</loc>`)
  expect(xml).toContain(`<loc>${baseURL}/catalog/multirotornye</loc>`)
  expect(xml).toContain(`<loc>${baseURL}/sellers</loc>`)
  expect(xml).toMatch(new RegExp(`<loc>${baseURL}/product/[a-z0-9-]+</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`))
  expect(xml).toMatch(new RegExp(`<loc>${baseURL}/sellers/[a-z0-9-]+</loc><lastmod>`))
  expect(xml.trim().endsWith('</urlset>')).toBe(true)
})

test('a vendor edits the description and region its seller page shows', async ({ page }) => {
  // The demo vendor owns «АэроТех Системы», a confirmed vendor.
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'vendor@example.com', password: 'demo-password' },
  })
  expect(login.status()).toBe(200)
  await page.goto('/personal-account/company')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Изменить реквизиты' }).click()

  const description = `Поставляем и обслуживаем беспилотники (${Date.now()}).\n\nСервис в Москве и Казани.`
  await page.getByLabel('Описание компании').fill(description)
  await page.getByLabel('Регион').fill('Москва и Московская область')
  // A refusal keeps everything typed.
  const shortName = page.getByLabel('Краткое наименование')
  const name = await shortName.inputValue()
  await shortName.fill('')
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByText('Укажите краткое наименование')).toBeVisible()
  await expect(page.getByLabel('Описание компании')).toHaveValue(description)
  await expect(page.getByLabel('Регион')).toHaveValue('Москва и Московская область')

  await shortName.fill(name)
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByText('Реквизиты сохранены')).toBeVisible()
  await expect(page.getByText('Москва и Московская область')).toBeVisible()

  await page.goto('/sellers/aerotekh-sistemy')
  const main = page.getByRole('main')
  await expect(main.getByText('Москва и Московская область')).toBeVisible()
  await expect(main.getByText('Сервис в Москве и Казани.')).toBeVisible()
})
