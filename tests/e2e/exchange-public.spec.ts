import type { Page } from '@playwright/test'
import type { FastifyInstance } from 'fastify'
import { expectNoViolations } from './a11y.ts'
import { expect, NOT_FOUND_RESOURCE, test } from './fixtures.ts'

/**
 * The public exchange on its own server: the production build over an in-memory database that
 * this file fills with offers and requests straight into the tables (the exchange's demo data is
 * not what these tests are about). One server for the file, so the tests run one after another.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let app: FastifyInstance
let origin = ''
let seller = { slug: '', name: '' }
let surveyOfferId = ''

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const { buildApp } = await import('../../server/app.ts')
  const { loadConfig } = await import('../../server/config.ts')
  const { openDatabase } = await import('../../server/db/client.ts')
  const { loadServerBuild } = await import('../../server/plugins/react-router.ts')
  const { createTestVendor, createTestBuyer } = await import('../../server/modules/organizations/vendors.testing.ts')
  const { publishTestOffer, openTestRequest, reviewTestWork } =
    await import('../../server/modules/exchange/listing/listing.testing.ts')

  const database = await openDatabase({ pgliteDir: 'memory://' })
  await database.migrate()
  const db = database.db
  const aero = await createTestVendor(db, { name: 'Аэросъёмка Юг', slug: 'aero-yug-e2e' })
  const agro = await createTestVendor(db, { name: 'Агродрон', slug: 'agrodron-e2e' })
  const customer = await createTestBuyer(db, { name: 'Кубань Агро', slug: 'kuban-e2e' })
  seller = aero
  surveyOfferId = (
    await publishTestOffer(db, aero, {
      title: 'Аэрофотосъёмка полей',
      type: 'aerial-survey',
      regions: ['23', '61'],
      spheres: ['selskoe-khozyaistvo'],
      priceFromKopecks: 300_00,
      description: '<p>Ортофотоплан и цифровая модель рельефа.</p>',
      photos: [{ src: 'catalog/flying-wing-map.svg', alt: 'Снимок поля' }],
      licences: [{ title: 'Сертификат эксплуатанта', number: 'СЭ-123', validUntil: null }],
    })
  ).id
  await publishTestOffer(db, agro, {
    title: 'Опрыскивание посевов',
    type: 'agro-spraying',
    regions: ['23'],
    priceFromKopecks: 450_00,
  })
  // 22 inspections: two pages of offers.
  for (let i = 1; i <= 22; i++)
    await publishTestOffer(db, agro, {
      title: `Инспекция ЛЭП, участок ${i}`,
      type: 'inspection',
      nationwide: true,
      regions: [],
      priceFromKopecks: (1000 + i) * 100,
      priceUnit: 'km',
    })
  await openTestRequest(db, customer, {
    title: 'Обработать 120 га пшеницы',
    type: 'agro-spraying',
    region: '23',
    areaHectares: 120,
    budgetKopecks: 150_000_00,
    startsOn: '2026-05-10',
  })
  await openTestRequest(db, customer, {
    title: 'Ортофотоплан карьера',
    // A day older than the wheat: the newest request comes first.
    publishedAt: new Date(Date.now() - 86_400_000),
    type: 'aerial-survey',
    region: '66',
    budgetKopecks: null,
  })
  await openTestRequest(db, customer, { title: 'Закрытая заявка для своих', visibility: 'invited' })
  await reviewTestWork(db, { customer, contractor: aero }, { rating: 5, text: 'Отличный ортофотоплан, сдали в срок' })

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PGLITE_DIR: 'memory://',
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SEED_DEMO: 'false',
  })
  app = await buildApp({ config, database, pages: { kind: 'build', build: await loadServerBuild() } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
})

test.afterAll(async () => {
  await app?.close()
})

interface LdBlock {
  '@type': string
  itemListElement?: { item: { '@type': string } }[]
  makesOffer?: Record<string, unknown>[]
}

/** The page's JSON-LD block of the given type. */
async function jsonLd(page: Page, type: string, key: keyof LdBlock) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  const found = blocks.map((b) => JSON.parse(b) as LdBlock).find((b) => b['@type'] === type && key in b)
  expect(found, type).toBeDefined()
  return found!
}

const offerCards = (page: Page) => page.getByRole('list', { name: 'Услуги' }).getByRole('listitem')

test('the exchange lists offers, filters narrow them and keep their values in the URL', async ({ page }) => {
  const response = await page.goto(`${origin}/services`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Биржа услуг' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Услуги', exact: true }).first()).toHaveAttribute('href', '/services')
  await expect(page.getByRole('status')).toHaveText('Найдено: 24 услуги')
  await expect(offerCards(page)).toHaveCount(20)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/services$/)
  const ld = await jsonLd(page, 'ItemList', 'itemListElement')
  expect(ld.itemListElement?.[0]?.item['@type']).toBe('Service')

  // Pagination: the second page has the rest.
  await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(offerCards(page)).toHaveCount(4)

  // The GET form: a region and a type narrow the list; the URL and the fields keep them.
  await page.goto(`${origin}/services`)
  await page.getByLabel('Регион').selectOption({ label: 'Ростовская область' })
  await page.getByRole('button', { name: 'Показать' }).click()
  await expect(page).toHaveURL(/region=61/)
  // Ростовская область: the survey lists it, the 22 inspections are nationwide.
  await expect(page.getByRole('status')).toHaveText('Найдено: 23 услуги')
  await page.getByLabel('Вид работ').selectOption('aerial-survey')
  await page.getByRole('button', { name: 'Показать' }).click()
  await expect(page).toHaveURL(/type=aerial-survey/)
  await expect(page).toHaveURL(/region=61/)
  await expect(page.getByLabel('Регион')).toHaveValue('61')
  await expect(page.getByLabel('Вид работ')).toHaveValue('aerial-survey')
  await expect(offerCards(page)).toHaveCount(1)

  // A search with nothing found: the empty state and its ways out.
  await page.getByLabel('Поиск по бирже').fill('дезинсекция')
  await page.getByRole('button', { name: 'Показать' }).click()
  await expect(page).toHaveURL(/q=/)
  await expect(page.getByText('Услуг по этим условиям не нашлось')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Разместить заявку' }).last()).toHaveAttribute(
    'href',
    '/services/request',
  )
  await page.getByRole('link', { name: 'Сбросить фильтры' }).first().click()
  await expect(page).toHaveURL(`${origin}/services`)
  await expect(offerCards(page)).toHaveCount(20)
})

test('the requests tab shows open public requests only', async ({ page }) => {
  await page.goto(`${origin}/services`)
  await page.getByRole('navigation', { name: 'Разделы биржи' }).getByRole('link', { name: 'Заявки' }).click()
  await expect(page).toHaveURL(/tab=requests/)
  const cards = page.getByRole('list', { name: 'Заявки' }).getByRole('listitem')
  await expect(cards).toHaveCount(2)
  await expect(page.getByText('Закрытая заявка для своих')).toHaveCount(0)
  await expect(cards.first()).toContainText('Обработать 120 га пшеницы')
  await expect(cards.first()).toContainText('до 150 000 ₽')
  await expect(cards.first().getByRole('link')).toHaveAttribute('href', /^\/services\/requests\/Z-/)
  await page.getByLabel('Регион').selectOption({ label: 'Свердловская область' })
  await page.getByRole('button', { name: 'Показать' }).click()
  await expect(page).toHaveURL(/tab=requests.*region=66|region=66.*tab=requests/)
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('По договорённости')
})

test('an offer card leads to the offer on the vendor’s services page', async ({ page, consoleErrors }) => {
  await page.goto(`${origin}/services?type=aerial-survey`)
  await offerCards(page).first().getByRole('link').click()
  await expect(page).toHaveURL(`${origin}/services/seller/${seller.slug}#offer-${surveyOfferId}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(seller.name)
  const offer = page.locator(`#offer-${surveyOfferId}`)
  await expect(offer).toBeVisible()
  await expect(offer).toContainText('от 300 ₽ за гектар')
  await expect(offer).toContainText('Сертификат эксплуатанта, № СЭ-123')
  await expect(page.getByText('Отличный ортофотоплан, сдали в срок')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Страница продавца и товары' })).toHaveAttribute(
    'href',
    `/sellers/${seller.slug}`,
  )
  const ld = await jsonLd(page, 'Organization', 'makesOffer')
  expect(ld).toMatchObject({ '@type': 'Organization', aggregateRating: { ratingValue: 5, reviewCount: 1 } })
  expect(ld.makesOffer?.[0]).toMatchObject({
    '@type': 'Offer',
    priceCurrency: 'RUB',
    itemOffered: { '@type': 'Service' },
  })

  // An unknown vendor's page is a 404 on purpose, and Chromium logs its document as a failed resource:
  // only that one is tolerated, so the pages before it must have logged nothing.
  expect(consoleErrors.messages).toEqual([])
  consoleErrors.expect(NOT_FOUND_RESOURCE)
  expect((await page.goto(`${origin}/services/seller/no-such-vendor`))?.status()).toBe(404)
})

test('both pages pass axe, on a desktop and at 375 px', async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 })
    for (const path of ['/services', '/services?tab=requests&region=23', `/services/seller/${seller.slug}`]) {
      await page.goto(`${origin}${path}`)
      await expectNoViolations(page, { label: `${path} at ${width}px` })
    }
  }
  // At 375 px the filters are a disclosure (folded for phones, which the server knows by their
  // browser) that opens and closes from the keyboard.
  await page.goto(`${origin}/services`)
  const details = page.locator('details').filter({ hasText: 'Фильтры и поиск' })
  const wasOpen = await details.evaluate((d) => (d as HTMLDetailsElement).open)
  await page.getByText('Фильтры и поиск').focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(!wasOpen)
})
