import type { APIRequestContext, Page } from '@playwright/test'
import { expectNoSeriousViolations } from './a11y.ts'
import { expect, NOT_FOUND_RESOURCE, test, waitForHydration } from './fixtures.ts'

interface ListedProduct {
  /** The offer's own slug: its old address redirects to `href`. */
  slug: string
  modelSlug: string
  /** The model's page with this offer chosen. */
  href: string
  title: string
  vendor: { slug: string; name: string }
}

/** The first product the catalogue API lists for these filters. */
async function firstProduct(request: APIRequestContext, filters = ''): Promise<ListedProduct> {
  const response = await request.get(`/api/v1/catalog/products?category=bespilotniki&limit=1${filters}`)
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { data: { items: ListedProduct[] } }
  const product = body.data.items[0]
  expect(product, `a product for «${filters}»`).toBeDefined()
  return product!
}

/** Every JSON-LD block of the page, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>)
}

test('a product page shows the offer, the characteristics, the seller and valid structured data', async ({
  page,
  request,
  baseURL,
}) => {
  // Several pictures, so the gallery has thumbnails to switch; heavy enough to need registration.
  const listed = await firstProduct(request, '&max_takeoff_weight_min=31')
  // The offer's old address redirects permanently to its model's page with the offer chosen.
  const moved = await request.get(`/product/${listed.slug}`, { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(moved.headers()['location']).toBe(listed.href)
  const response = await page.goto(`/product/${listed.slug}`)
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL(listed.href)
  await waitForHydration(page)

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listed.title)
  await expect(page.getByTestId('product-price')).toHaveText(/₽|Цена по запросу/)
  const breadcrumbs = page.getByRole('navigation', { name: 'Хлебные крошки' })
  await expect(breadcrumbs.getByRole('link', { name: 'Беспилотники' })).toHaveAttribute('href', '/catalog/bespilotniki')

  const specs = page.getByRole('table')
  await expect(specs.getByRole('rowheader', { name: 'Максимальная взлётная масса' })).toBeVisible()
  await expect(specs.getByRole('row').nth(2)).toBeVisible()

  // Over 30 kg: state registration, with the link to the registration platform page.
  await expect(page.getByRole('heading', { name: 'Нужна государственная регистрация' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Как зарегистрировать беспилотник' })).toHaveAttribute(
    'href',
    '/platforms/drone-registration',
  )

  // One canonical address per model, whichever offer is chosen.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/product/${listed.modelSlug}`)
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product')
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`^${baseURL}/marketplace-frontend-assets/.+\\?w=1200&h=900&f=png$`),
  )
  const ld = await jsonLd(page)
  const product = ld.find((block) => block['@type'] === 'Product')
  expect(product).toMatchObject({ '@context': 'https://schema.org', name: listed.title, brand: { '@type': 'Brand' } })
  // The page's own Offer; inside an AggregateOffer when other sellers list the same model.
  const listedOffers = product!.offers as { '@type': string; offers?: unknown[] }
  const offers = (listedOffers['@type'] === 'AggregateOffer' ? listedOffers.offers![0] : listedOffers) as {
    availability: string
    price?: string
    priceCurrency?: string
  }
  expect(offers).toMatchObject({
    '@type': 'Offer',
    seller: { '@type': 'Organization', name: listed.vendor.name, url: `${baseURL}/sellers/${listed.vendor.slug}` },
  })
  expect(offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|MadeToOrder)$/)
  // A price in roubles as a plain number, or none at all for «Цена по запросу».
  if (offers.price === undefined) await expect(page.getByTestId('product-price')).toHaveText('Цена по запросу')
  else expect(offers).toMatchObject({ price: expect.stringMatching(/^\d+(\.\d{2})?$/), priceCurrency: 'RUB' })
  expect(ld.find((block) => block['@type'] === 'BreadcrumbList')).toBeDefined()

  // The gallery: a thumbnail makes its picture the main one.
  const thumbs = page.getByRole('list', { name: 'Фотографии товара' }).getByRole('button')
  expect(await thumbs.count()).toBeGreaterThan(1)
  const main = page.locator('[data-gallery-main] img')
  const firstSrc = await main.getAttribute('src')
  await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'true')
  await thumbs.nth(1).click()
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true')
  await expect(main).not.toHaveAttribute('src', firstSrc!)
  // And from the keyboard: the arrow key moves to the next picture.
  await thumbs.nth(1).press('ArrowRight')
  await expect(thumbs.nth(2 % (await thumbs.count()))).toHaveAttribute('aria-pressed', 'true')

  // The sphere links lead to the sphere pages.
  const sphere = page.getByRole('region', { name: 'Сферы применения' }).getByRole('link').first()
  const sphereHref = await sphere.getAttribute('href')
  expect(sphereHref).toMatch(/^\/spheres\/[a-z-]+$/)
  await sphere.click()
  await expect(page).toHaveURL(sphereHref!)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goBack()

  // The seller card leads to the seller's page.
  await page.getByRole('complementary', { name: 'Продавец' }).getByRole('link', { name: listed.vendor.name }).click()
  await expect(page).toHaveURL(`/sellers/${listed.vendor.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listed.vendor.name)
})

test('a product opens from the catalogue', async ({ page, request }) => {
  const listed = await firstProduct(request)
  await page.goto('/catalog/bespilotniki')
  await waitForHydration(page)
  await page.locator(`a[href="${listed.href}"]`).first().click()
  await expect(page).toHaveURL(listed.href)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listed.title)
})

test('an unknown product is the 404 page', async ({ page, consoleErrors }) => {
  consoleErrors.expect(NOT_FOUND_RESOURCE)
  const response = await page.goto('/product/net-takogo-tovara')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Ошибка 404' })).toBeVisible()
})

test('a model sold by several sellers lists its other offers; similar products are other models of its category', async ({
  page,
  request,
}) => {
  const response = await request.get(`/api/v1/catalog/products?q=${encodeURIComponent('Agras T50')}&limit=60`)
  const found = (
    (await response.json()) as {
      data: {
        items: (ListedProduct & {
          model: string
          offers?: { count: number; lowPriceKopecks: number | null; sellerCount: number }
        })[]
      }
    }
  ).data.items
  // The catalogue shows the model once, as its best offer, with how many offers it has.
  const t50 = found.filter((p) => p.model.replace(/\W/g, '').toLowerCase() === 'agrast50')
  expect(t50).toHaveLength(1)
  const count = t50[0]!.offers?.count ?? 0
  expect(count, 'the demo catalogue sells the Agras T50 several times').toBeGreaterThan(2)
  await page.goto(`/product/${t50[0]!.slug}`)
  await waitForHydration(page)

  const offers = page.getByRole('region', { name: 'Другие предложения этой модели' })
  await expect(offers.getByRole('listitem')).toHaveCount(count - 1)
  const links = await offers
    .getByRole('link', { name: /^Предложение / })
    .evaluateAll((all) => all.map((a) => a.getAttribute('href')))
  expect(new Set(links).size).toBe(count - 1)
  expect(links).not.toContain(`/product/${t50[0]!.slug}`)

  // Every row names its seller as checked by the platform.
  await expect(offers.getByText('Проверен платформой')).toHaveCount(count - 1)
  // Search engines get the model's price range over its sellers: an AggregateOffer.
  const roubles = (kopecks: number) => (kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2))
  const product = (await jsonLd(page)).find((block) => block['@type'] === 'Product')
  expect(product!.offers).toMatchObject({
    '@type': 'AggregateOffer',
    offerCount: count,
    lowPrice: roubles(t50[0]!.offers!.lowPriceKopecks!),
    priceCurrency: 'RUB',
  })
  const { lowPrice, highPrice } = product!.offers as { lowPrice: string; highPrice: string }
  expect(Number(highPrice)).toBeGreaterThan(Number(lowPrice))

  // «Похожие товары»: other models of the same category, never this model again.
  const similar = page.getByRole('region', { name: 'Похожие товары' })
  const similarLinks = await similar.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href')))
  expect(similarLinks.length).toBeGreaterThan(0)
  expect(similarLinks.length).toBeLessThanOrEqual(8)
  for (const link of [...links, `/product/${t50[0]!.slug}`]) expect(similarLinks).not.toContain(link)
  await expect(similar.getByText(/Mavic|Matrice/)).toHaveCount(0)
})

test('the other offers are ordered cheaper, sooner or better rated first, as the buyer chooses', async ({
  page,
  request,
}) => {
  const listed = await firstProduct(request, `&q=${encodeURIComponent('Matrice 350 RTK')}`)
  await page.goto(`/product/${listed.slug}`)
  await waitForHydration(page)
  const offers = page.getByRole('region', { name: 'Другие предложения этой модели' })
  const sorts = offers.getByRole('navigation', { name: 'Порядок предложений' })
  await expect(sorts.getByRole('link', { name: 'дешевле' })).toHaveAttribute('aria-current', 'true')
  const rows = offers.getByRole('listitem')
  const count = await rows.count()
  expect(count).toBeGreaterThanOrEqual(3)
  // Each seller's own terms beside its price: warranty and where it delivers.
  for (const text of await rows.allTextContents()) expect(text).toMatch(/Гарантия: .+ · Доставка: /)

  await sorts.getByRole('link', { name: 'быстрее' }).click()
  await expect(page).toHaveURL(/[?&]offers=lead/)
  await expect(sorts.getByRole('link', { name: 'быстрее' })).toHaveAttribute('aria-current', 'true')
  const leadDays = (await rows.allTextContents()).map((text) =>
    text.includes('В наличии') ? 0 : Number(/(\d+)\s+(?:дн|раб)/.exec(text)?.[1] ?? Infinity),
  )
  expect(leadDays).toHaveLength(count)
  expect(leadDays).toEqual([...leadDays].sort((a, b) => a - b))

  await sorts.getByRole('link', { name: 'с лучшим рейтингом' }).click()
  await expect(page).toHaveURL(/[?&]offers=rating/)
  await expect(sorts.getByRole('link', { name: 'с лучшим рейтингом' })).toHaveAttribute('aria-current', 'true')
  const stars = (await rows.allTextContents()).map((text) =>
    Number(/★ (\d,\d|\d)/.exec(text)?.[1]?.replace(',', '.') ?? -1),
  )
  expect(
    stars.some((n) => n > 0),
    'some demo sellers have reviews',
  ).toBe(true)
  expect(stars).toEqual([...stars].sort((a, b) => b - a))
})

test('a signed-in buyer puts another seller’s offer of the model into the cart from the product page', async ({
  page,
}) => {
  // A demo organization no other browser test shops as: its cart is this test's alone.
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'sales@permskie-bespilotnye-tekhnologii.example', password: 'demo-password' },
  })
  expect(login.status()).toBe(200)
  const cartIds = async () =>
    (
      (await (await page.request.get('/api/v1/cart')).json()).data as { groups: { items: { productId: string }[] }[] }
    ).groups
      .flatMap((g) => g.items)
      .map((item) => item.productId)
  for (const id of await cartIds()) await page.request.delete(`/api/v1/cart/items/${id}`)

  const listed = await firstProduct(page.request, `&q=${encodeURIComponent('Matrice 350 RTK')}`)
  await page.goto(`/product/${listed.slug}`)
  await waitForHydration(page)
  const first = page.getByRole('region', { name: 'Другие предложения этой модели' }).getByRole('listitem').first()
  const href = await first.getByRole('link', { name: /^Предложение / }).getAttribute('href')
  await first.getByRole('button', { name: /^В корзину: / }).click()

  const offerSlug = new URL(href!, 'http://x').searchParams.get('offer')
  const offer = (await (await page.request.get(`/api/v1/catalog/products/${offerSlug}`)).json()).data as { id: string }
  await expect.poll(cartIds).toEqual([offer.id])
})

for (const width of [375, 1280]) {
  test.describe(`the product page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('has no serious or critical axe violations and no horizontal overflow', async ({ page, request }) => {
      // A model several sellers offer: the page has its «Другие предложения».
      const listed = await firstProduct(request, `&q=${encodeURIComponent('Matrice 350 RTK')}`)
      await page.goto(`/product/${listed.slug}`)
      await expect(page.getByRole('region', { name: 'Другие предложения этой модели' })).toBeVisible()
      await waitForHydration(page)
      await expect(page.locator('h1')).toHaveCount(1)
      await expectNoSeriousViolations(page)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(1)
    })
  })
}

test('the page’s offer states its seller’s warranty and where it delivers, on a phone too', async ({
  page,
  request,
}) => {
  // A regional dealer: it delivers to Yaroslavl and the regions around it only.
  const response = await request.get('/api/v1/sellers/yaroslavskiy-geotsentr/products?limit=1')
  expect(response.status()).toBe(200)
  const [listed] = ((await response.json()) as { data: { items: ListedProduct[] } }).data.items
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`/product/${listed!.slug}`)
  const terms = page.getByRole('definition')
  const offer = page.locator('dl[aria-label="Условия продавца"]')
  await expect(offer.getByRole('term')).toHaveText(['Гарантия', 'Доставка'])
  await expect(offer.getByRole('definition')).toHaveText(['1 год', '8 регионов'])
  await expect(terms.filter({ hasText: '8 регионов' })).toHaveAttribute('title', /Ярославская область/)
  const box = await offer.boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(375)
  await expectNoSeriousViolations(page)
})

test('a signed-in buyer sees whether each seller delivers to its region', async ({ page, request }) => {
  // The demo buyer is in the Voronezh region; the Yaroslavl dealer delivers around Yaroslavl only.
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'buyer@example.com', password: 'demo-password' },
  })
  expect(login.status()).toBe(200)
  const response = await request.get('/api/v1/sellers/yaroslavskiy-geotsentr/products?limit=1')
  const [listed] = ((await response.json()) as { data: { items: ListedProduct[] } }).data.items
  await page.goto(`/product/${listed!.slug}`)
  const offer = page.locator('dl[aria-label="Условия продавца"]')
  await expect(offer.getByRole('term')).toHaveText(['Гарантия', 'Доставка', 'Доставка в ваш регион'])
  await expect(offer.getByRole('definition').last()).toHaveText('Нет')
  // The other sellers of the model say it too, each for itself.
  const rows = page.getByRole('region', { name: 'Другие предложения этой модели' }).getByRole('listitem')
  for (const text of await rows.allTextContents()) expect(text).toMatch(/Доставка в ваш регион: (есть|нет)/)
})
