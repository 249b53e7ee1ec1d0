import { createHash } from 'node:crypto'
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test'
import { BUDGET_KB, measureFirstLoadJs } from '../../bench/first-load.ts'
import { ARTICLE_RUBRIC_LABELS, ARTICLE_RUBRICS, MEDIA_PAGE_SIZE } from '#common/media/articles.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, NOT_FOUND_RESOURCE, test, waitForHydration } from './fixtures.ts'
import { photoFile } from './photos.ts'

/**
 * The public media pages over the demo articles, whatever they are (titles, rubrics and tags are
 * read from the page), plus one article this file publishes through the staff API: headings for
 * the table of contents, a wide table and an embedded demo product.
 */
test.describe.configure({ mode: 'default', timeout: 90_000 })

// One run, one article: a worker restarted after a failure finds the article its predecessor
// published (the run's database directory is the same for every worker of the run).
const STAMP = createHash('sha256')
  .update(process.env.E2E_PGLITE_DIR ?? String(Date.now()))
  .digest('hex')
  .slice(0, 8)
const SEEDED = {
  slug: `e2e-obzor-kvadrokoptera-${STAMP}`,
  title: `Обзор квадрокоптера для инспекции ЛЭП (${STAMP})`,
  lead: 'Что умеет промышленный квадрокоптер на линии электропередачи: время полёта, камеры и цена владения.',
  tag: 'инспекция ЛЭП',
}
/** An article without headings, so without a table of contents: its body takes the whole column. */
const PLAIN = {
  slug: `e2e-bez-soderzhaniya-${STAMP}`,
  title: `Агродрон на десикации: короткая заметка (${STAMP})`,
  text: 'Агродрон работает в окно, когда самолёт уже не успевает, и не мнёт посевы, как наземная техника.',
}
let product = { slug: '', name: '' }

/** Publishes this file's article once (a second worker finds it published) and notes its product. */
async function seedArticle(api: APIRequestContext) {
  const login = await api.post('/api/v1/auth/login', {
    data: { email: 'staff@example.com', password: 'demo-password' },
  })
  expect(login.status()).toBe(200)
  // The editor's product search, as staff would use it: the first demo drone it offers.
  let first: { id: string; slug: string; name: string } | undefined
  for (const q of ['квадрокоптер', 'дрон', 'DJI']) {
    const found = await api.get(`/api/v1/media/staff/products?q=${encodeURIComponent(q)}`)
    expect(found.status()).toBe(200)
    first = ((await found.json()).data as (typeof first & object)[])[0]
    if (first) break
  }
  expect(first, 'a demo product to embed').toBeDefined()
  product = { slug: first!.slug, name: first!.name }
  if ((await api.get(`/api/v1/media/articles/${SEEDED.slug}`)).status() === 200) return

  const cover = await photoFile('cover.png', 'png', { r: 40, g: 90, b: 160 })
  const uploaded = await api.post('/api/v1/media/staff/images', { multipart: { file: cover } })
  expect(uploaded.status()).toBe(201)
  const picture = (await uploaded.json()).data as { fileId: string; url: string; width: number; height: number }
  // The plain one first: the seeded one, published last, is the featured article.
  const plain = await api.post('/api/v1/media/staff/articles', {
    data: {
      title: PLAIN.title,
      slug: PLAIN.slug,
      lead: 'Заметка без подзаголовков: у неё нет содержания.',
      rubric: 'news',
      tags: [],
      bodyHtml: `<p>${PLAIN.text}</p><figure data-product-embed="${first!.id}"></figure><p>Норма расхода — 10–15 л/га.</p>`,
      coverFileId: picture.fileId,
      coverAlt: 'Агродрон над полем',
      seoTitle: '',
      seoDescription: '',
      authorName: 'Редакция',
      version: 0,
    },
  })
  expect(plain.status(), await plain.text()).toBe(201)
  const plainId = ((await plain.json()).data as { id: string }).id
  expect((await api.post(`/api/v1/media/staff/articles/${plainId}/publish`)).status()).toBe(200)
  const wideRow = Array.from({ length: 9 }, (_, i) => `<td>Значение характеристики ${i + 1}</td>`).join('')
  const created = await api.post('/api/v1/media/staff/articles', {
    data: {
      title: SEEDED.title,
      slug: SEEDED.slug,
      lead: SEEDED.lead,
      rubric: 'reviews',
      tags: [SEEDED.tag],
      bodyHtml: [
        '<p>Линейные службы сетевых компаний всё чаще заменяют обходы с биноклем полётами дрона.</p>',
        '<h2>Время полёта и дальность</h2>',
        '<p>На одном аккумуляторе аппарат проходит около восьми километров линии.</p>',
        '<h3>Запасные аккумуляторы</h3>',
        '<p>Для смены нужны минимум три комплекта.</p>',
        `<figure data-product-embed="${first!.id}"></figure>`,
        '<h2>Сравнение комплектаций</h2>',
        `<table><thead><tr>${'<th>Параметр</th>'.repeat(9)}</tr></thead><tbody><tr>${wideRow}</tr></tbody></table>`,
        '<blockquote><p>Один полёт заменяет день пешего обхода.</p></blockquote>',
        `<figure><img src="${picture.url}" alt="Опора ЛЭП с камеры дрона" width="${picture.width}" height="${picture.height}"><figcaption>Снимок с высоты 40 метров</figcaption></figure>`,
        '<ul><li>Тепловизор</li><li>Зум-камера</li></ul>',
      ].join(''),
      coverFileId: picture.fileId,
      coverAlt: 'Квадрокоптер над линией электропередачи',
      seoTitle: '',
      seoDescription: '',
      authorName: 'Ирина Соколова',
      version: 0,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()).data as { id: string }
  const published = await api.post(`/api/v1/media/staff/articles/${id}/publish`)
  expect(published.status(), await published.text()).toBe(200)
}

test.beforeAll(async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL })
  try {
    await seedArticle(api)
  } finally {
    await api.dispose()
  }
})

const cards = (page: Page) => page.getByRole('region', { name: /Статьи|Свежие статьи/ }).getByRole('listitem')
const cardTitles = (page: Page) =>
  page
    .getByRole('region', { name: /Статьи|Свежие статьи/ })
    .getByRole('heading', { level: 3 })
    .allTextContents()

async function expectOneH1(page: Page) {
  await expect(page.locator('h1')).toHaveCount(1)
}

/** The page's cumulative layout shift so far (shifts right after input do not count, as in CLS). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 200)
      }),
  )
}

test('the list: the featured article on top, the others below, breadcrumbs, canonical', async ({ page, baseURL }) => {
  const response = await page.goto('/media')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Медиа')
  await expect(page.getByRole('navigation', { name: 'Хлебные крошки' })).toContainText('Медиа')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/media`)
  await expect(page).toHaveTitle(/Медиа о беспилотниках/)

  // The newest article is featured, its cover loaded first: this file's, published last, or the
  // one the editor's test (another worker) may have published since.
  const featured = page.getByRole('article').first()
  const newest = (await featured.getByRole('heading').first().textContent())!.trim()
  if (newest !== SEEDED.title) expect(newest).toContain('для обследования ЛЭП')
  await expect(featured.getByRole('link', { name: newest })).toHaveAttribute(
    'href',
    newest === SEEDED.title ? `/media/${SEEDED.slug}` : /^\/media\/[a-z0-9-]+$/,
  )
  const cover = featured.locator('img')
  await expect(cover).toHaveAttribute('fetchpriority', 'high')
  await expect(cover).toHaveAttribute('loading', 'eager')
  await expect(cover).toHaveAttribute('src', /w=720/)
  await expect(cover).toHaveAttribute('srcset', /^[^ ]*w=1440[^ ]* 2x$/)

  // The others: cards with pictures sized ahead of loading, none repeating the featured one.
  const titles = await cardTitles(page)
  expect(titles.length).toBeGreaterThan(0)
  expect(titles).not.toContain(newest)
  if (newest !== SEEDED.title) expect(titles).toContain(SEEDED.title)
  const firstCard = cards(page).first()
  await expect(firstCard.locator('img')).toHaveAttribute('width', /\d+/)
  await expect(firstCard.locator('img')).toHaveAttribute('height', /\d+/)
  await expect(firstCard.locator('img')).toHaveAttribute('loading', 'lazy')
})

test('rubrics filter the list through the URL', async ({ page, baseURL }) => {
  await page.goto('/media')
  const rubrics = page.getByRole('navigation', { name: 'Рубрики' })
  for (const rubric of ARTICLE_RUBRICS) {
    await expect(rubrics.getByRole('link', { name: new RegExp(`^${ARTICLE_RUBRIC_LABELS[rubric]}`) })).toBeVisible()
  }
  // This file's article is a review: «Обзоры» has at least it.
  await rubrics.getByRole('link', { name: /^Обзоры/ }).click()
  await expect(page).toHaveURL(/\/media\?rubric=reviews$/)
  await expect(rubrics.getByRole('link', { name: /^Обзоры/ })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Медиа: обзоры')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/media?rubric=reviews`)
  // Filtered, nothing is featured: every article is a card, and every card is a review.
  await expect(page.getByRole('article', { name: SEEDED.title })).toHaveCount(0)
  expect(await cardTitles(page)).toContain(SEEDED.title)
  const shown = await cards(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-rubric')))
  expect(new Set(shown)).toEqual(new Set(['reviews']))
  await expect(cards(page).first()).toContainText('Обзоры')

  // Straight from an address, too.
  await page.goto('/media?rubric=guides')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Медиа: гиды')
})

test('a tag filters the list; the chosen tag switches it off again', async ({ page }) => {
  await page.goto('/media')
  const tags = page.getByRole('navigation', { name: 'Теги' })
  const tag = tags.getByRole('link', { name: `#${SEEDED.tag}` })
  await tag.click()
  await expect(page).toHaveURL(new RegExp(`\\?tag=${encodeURIComponent(SEEDED.tag).replace(/%20/g, '(%20|\\+)')}$`))
  await expect(page.getByRole('status')).toHaveText(/Найдено: \d+ стат/)
  expect(await cardTitles(page)).toContain(SEEDED.title)
  // Each article listed carries the tag: the first one's page links to it.
  const chosen = tags.getByRole('link', { name: new RegExp(`#${SEEDED.tag}`) })
  await expect(chosen).toHaveAttribute('aria-current', 'page')
  await chosen.click()
  await expect(page).toHaveURL(/\/media$/)
})

test('the search finds an article by words of its title; nothing found shows the way back', async ({ page }) => {
  await page.goto('/media')
  await waitForHydration(page)
  const search = page.getByRole('search').filter({ has: page.getByLabel('Поиск по статьям') })
  await search.getByLabel('Поиск по статьям').fill('квадрокоптер инспекция')
  await search.getByRole('button', { name: 'Найти' }).click()
  await expect(page).toHaveURL(/\/media\?q=/)
  await expect(page.getByRole('status')).toContainText('По запросу «квадрокоптер инспекция» найдено')
  expect(await cardTitles(page)).toContain(SEEDED.title)
  // Search results are for people, not for the index.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

  await search.getByLabel('Поиск по статьям').fill('зззззнетсовпадений')
  await search.getByRole('button', { name: 'Найти' }).click()
  await expect(page.getByText('По этим условиям статей нет')).toBeVisible()
  await page.getByRole('link', { name: 'Все статьи' }).click()
  await expect(page).toHaveURL(/\/media$/)
  // The whole list again (the seeded article may be on page 2 by now: other tests publish too).
  await expect(page.getByText('По этим условиям статей нет')).toHaveCount(0)
  await expect(page.getByRole('article').first()).toBeVisible()
})

test('pagination: the demo articles and the seeded one fill more than a page', async ({ page }) => {
  await page.goto('/media')
  const totalOf = async () => Number((await page.getByRole('link', { name: /^Все/ }).textContent())!.replace(/\D/g, ''))
  const total = await totalOf()
  // The featured article stands above the first page's cards; the demo set is sized to need two pages.
  expect(total).toBeGreaterThan(MEDIA_PAGE_SIZE + 1)
  const first = await cardTitles(page)
  expect(first).toHaveLength(MEDIA_PAGE_SIZE)
  await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }).click()
  await expect(page).toHaveURL(/page=2/)
  // Read once the second page is rendered.
  await expect(
    page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }),
  ).toHaveAttribute('aria-current', 'page')
  // Another test's article published meanwhile (the editor's scheduled one) adds to the total and
  // moves the first page's last card to this one: the counts are those of the page as rendered.
  const totalNow = await totalOf()
  await expect(cards(page)).toHaveCount(Math.min(MEDIA_PAGE_SIZE, totalNow - 1 - MEDIA_PAGE_SIZE))
  const second = await cardTitles(page)
  expect(second.filter((t) => first.includes(t)).length).toBeLessThanOrEqual(totalNow - total)
  await expect(page).toHaveTitle(/страница 2/)
})

test('an article: one h1, its facts, a table of contents to its headings, the product card, JSON-LD', async ({
  page,
  baseURL,
}) => {
  const response = await page.goto(`/media/${SEEDED.slug}`)
  expect(response?.status()).toBe(200)
  await expectOneH1(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEEDED.title)
  // The head of the article (the related cards below have their own dates and reading times).
  const head = page.locator('header', { has: page.getByRole('heading', { level: 1 }) })
  await expect(head.getByText(SEEDED.lead)).toBeVisible()
  await expect(head.getByText('Ирина Соколова')).toBeVisible()
  await expect(head.getByText(/^\d+ минут[аы]? чтения$/)).toBeVisible()
  await expect(head.locator('time')).toHaveText(/^\d{1,2} [а-я]+ \d{4} г\.$/)
  const cover = page.locator('figure img').first()
  await expect(cover).toHaveAttribute('alt', 'Квадрокоптер над линией электропередачи')
  await expect(cover).toHaveAttribute('srcset', /f=webp 2x$/)
  await expect(cover).toHaveAttribute('fetchpriority', 'high')

  // A picture in the body: sized by the image service, lazy, with its caption.
  const figure = page.getByRole('figure', { name: 'Снимок с высоты 40 метров' })
  await expect(figure.getByRole('img', { name: 'Опора ЛЭП с камеры дрона' })).toHaveAttribute('loading', 'lazy')
  await expect(figure.getByRole('img')).toHaveAttribute('srcset', /^[^ ]*f=webp 2x$/)

  // The table of contents: one link a heading, each to that heading's id.
  const toc = page.getByRole('navigation', { name: 'Содержание' })
  const links = toc.getByRole('link')
  await expect(links).toHaveText(['Время полёта и дальность', 'Запасные аккумуляторы', 'Сравнение комплектаций'])
  for (const link of await links.all()) {
    const id = (await link.getAttribute('href'))!.slice(1)
    await expect(page.locator(`[id="${id}"]`)).toHaveText((await link.textContent())!)
    expect(await page.locator(`[id="${id}"]`).evaluate((el) => el.tagName)).toMatch(/^H[23]$/)
  }
  await waitForHydration(page)
  await links.last().click()
  await expect(page).toHaveURL(/#.+$/)
  await expect(page.getByRole('heading', { name: 'Сравнение комплектаций' })).toBeInViewport()

  // The embedded product: a live card linking to the product.
  const card = page.getByRole('complementary', { name: `Товар: ${product.name}` })
  await expect(card).toBeVisible()
  await expect(card.getByRole('link', { name: product.name })).toHaveAttribute('href', `/product/${product.slug}`)
  await expect(card).toContainText(/₽|Цена по запросу/)
  await expect(card).toContainText(/В наличии|Под заказ|Нет в наличии/)

  // Search engines: the canonical, Open Graph as an article, JSON-LD Article and BreadcrumbList.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/media/${SEEDED.slug}`)
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*f=png/)
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', /^\d{4}-/)
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  )
  const ld = blocks.find((b) => b['@type'] === 'Article')
  expect(ld).toMatchObject({
    headline: SEEDED.title,
    author: { name: 'Ирина Соколова' },
    publisher: { '@type': 'Organization', name: 'БАС Маркет' },
  })
  expect(Date.parse(ld!.datePublished as string)).not.toBeNaN()
  expect(Date.parse(ld!.dateModified as string)).not.toBeNaN()
  expect((ld!.image as string[])[0]).toMatch(/^http/)
  expect(blocks.find((b) => b['@type'] === 'BreadcrumbList')).toMatchObject({
    itemListElement: [{ name: 'Главная' }, { name: 'Медиа' }, { name: 'Обзоры' }, { name: SEEDED.title }],
  })

  // Share links are plain links; the product card leads to the product page.
  const share = page.getByRole('region', { name: 'Поделиться' })
  await expect(share.getByRole('link', { name: 'Telegram' })).toHaveAttribute(
    'href',
    `https://t.me/share/url?url=${encodeURIComponent(`${baseURL}/media/${SEEDED.slug}`)}&text=${encodeURIComponent(SEEDED.title)}`,
  )
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    '/media/rss.xml',
  )
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await share.getByRole('button', { name: 'Скопировать ссылку' }).click()
  await expect(share.getByRole('status')).toHaveText('Ссылка скопирована')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/media/${SEEDED.slug}`)
  await card.getByRole('link', { name: product.name }).click()
  // The offer's own address leads to its model's page with the offer chosen.
  await expect(page).toHaveURL(new RegExp(`/product/[a-z0-9-]+\\?offer=${product.slug}$`))
  // The product page lists the articles that embed it.
  await expect(
    page.getByRole('region', { name: 'Статьи о товаре' }).getByRole('link', { name: SEEDED.title }),
  ).toBeVisible()
})

test('a demo article opens from its card with its own h1 and JSON-LD', async ({ page }) => {
  await page.goto('/media')
  const title = (await cardTitles(page))[0]!
  await cards(page).first().getByRole('link').click()
  await expect(page).toHaveURL(/\/media\/[a-z0-9-]+$/)
  await expectOneH1(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type'])).toContain('Article')
})

test('the home page shows the latest articles; the header leads to /media', async ({ page }) => {
  await page.goto('/')
  const section = page.getByRole('region', { name: 'Медиа', exact: true })
  await expect(section.getByRole('link', { name: SEEDED.title })).toBeVisible()
  await expect(section.getByRole('link', { name: 'Все статьи' })).toHaveAttribute('href', '/media')
  await page.getByRole('banner').getByRole('link', { name: 'Медиа', exact: true }).first().click()
  await expect(page).toHaveURL(/\/media$/)
})

for (const path of ['/media/net-takoi-stati', '/media/Bad_Slug!', '/media?rubric=sport', '/media?page=999']) {
  test(`${path} is the 404 page`, async ({ page, consoleErrors }) => {
    consoleErrors.expect(NOT_FOUND_RESOURCE)
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Ошибка 404' })).toBeVisible()
  })
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`articles at ${viewport.width} px: the body takes the column, beside the contents only when there are some`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const wide = viewport.width >= 992
    const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!

    // Without headings: no contents, and the body as wide as the cover above it.
    await page.goto(`/media/${PLAIN.slug}`)
    await waitForHydration(page)
    await expect(page.getByRole('navigation', { name: 'Содержание' })).toHaveCount(0)
    const cover = await box(page.locator('article figure img').first())
    const text = await box(page.getByText(PLAIN.text))
    // A line as long as the body's reading width (46rem), not the contents' 14rem.
    expect(text.width).toBeGreaterThan(Math.min(cover.width * 0.9, 700))
    // The embedded card keeps a product's name whole («Агродрон», not «Агрод/рон»).
    const card = await box(page.getByRole('complementary', { name: `Товар: ${product.name}` }))
    expect(card.width).toBeGreaterThan(wide ? 400 : 250)
    await expectNoHorizontalOverflow(page)

    // With contents: beside the body on a wide screen, above it on a phone; the body stays wide.
    await page.goto(`/media/${SEEDED.slug}`)
    await waitForHydration(page)
    const toc = await box(page.getByRole('navigation', { name: 'Содержание' }))
    const paragraph = await box(page.getByText('Линейные службы сетевых компаний'))
    if (wide) {
      expect(paragraph.x).toBeGreaterThanOrEqual(toc.x + toc.width)
      expect(paragraph.width).toBeGreaterThan(500)
    } else {
      expect(paragraph.y).toBeGreaterThanOrEqual(toc.y + toc.height)
      expect(paragraph.width).toBeGreaterThan(300)
    }
    await expectNoHorizontalOverflow(page)

    // /media's featured article: the cover and the title side by side when wide, stacked on a phone.
    await page.goto('/media')
    await waitForHydration(page)
    const featured = page.locator('article', { has: page.locator('#featured-title') })
    const picture = await box(featured.locator('img'))
    const title = await box(featured.getByRole('heading', { level: 2 }))
    if (wide) {
      expect(title.x).toBeGreaterThanOrEqual(picture.x + picture.width - 1)
      expect(title.y).toBeLessThan(picture.y + picture.height)
    } else {
      expect(title.y).toBeGreaterThanOrEqual(picture.y + picture.height - 1)
    }
  })

  test(`media pages at ${viewport.width} px: one h1, no overflow, no layout shift, no serious axe findings`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    for (const path of [
      '/media',
      '/media?rubric=reviews',
      `/media?tag=${encodeURIComponent(SEEDED.tag)}`,
      `/media/${SEEDED.slug}`,
    ]) {
      await page.goto(path)
      await waitForHydration(page)
      await expectOneH1(page)
      await expectNoHorizontalOverflow(page)
      // Pictures carry their width and height: nothing moves as they load ("good" CLS is ≤ 0.1).
      expect(await layoutShift(page), path).toBeLessThanOrEqual(0.1)
      await expectNoSeriousViolations(page)
    }
  })
}

test('media pages, home and a product page ship at most 150 KB gzip of first-load JS, no editor code', async ({
  request,
  baseURL,
}) => {
  for (const path of ['/media', `/media/${SEEDED.slug}`, '/', `/product/${product.slug}`]) {
    const html = await (await request.get(path)).text()
    const js = await measureFirstLoadJs(html, baseURL!)
    expect(js.totalGzip, `${path}: ${js.files.map((f) => f.path).join(', ')}`).toBeLessThanOrEqual(BUDGET_KB * 1000)
    expect(js.files.map((f) => f.path).join(' ')).not.toMatch(/tiptap|prosemirror|editor/i)
  }
})

interface PictureFacts {
  src: string
  srcset: string
  sources: string[]
  width: string | null
  height: string | null
  loading: string | null
  fetchPriority: string | null
  /** Where its top is when the page opens, in CSS pixels from the top of the page; null when not drawn. */
  top: number | null
}

/** Every <img> of the page as the server rendered it (attributes only; lazy ones need not have loaded). */
function picturesOf(page: Page): Promise<PictureFacts[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('img')].map((img) => {
      const box = img.getBoundingClientRect()
      const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : null
      return {
        src: img.getAttribute('src') ?? '',
        srcset: img.getAttribute('srcset') ?? '',
        sources: [...(picture?.querySelectorAll('source') ?? [])].map((s) => s.getAttribute('srcset') ?? ''),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        fetchPriority: img.getAttribute('fetchpriority'),
        top: box.width > 0 ? box.top + window.scrollY : null,
      }
    }),
  )
}

const densities = (srcset: string) => srcset.split(', ').map((candidate) => candidate.split(' ')[1])

test('every picture of the public pages: width and height, 1x and 2x, lazy below the fold, served for a year', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/sellers')
  const sellerPath = await page.locator('main a[href^="/sellers/"]').first().getAttribute('href')
  const pages = [
    '/',
    CATALOG_PATH,
    `/product/${product.slug}`,
    sellerPath!,
    '/services',
    '/media',
    `/media/${SEEDED.slug}`,
  ]
  const checked = new Set<string>()
  for (const path of pages) {
    await page.goto(path)
    const pictures = await picturesOf(page)
    expect(pictures.length, `${path} has pictures`).toBeGreaterThan(0)
    for (const p of pictures) {
      const what = `${path}: ${p.src}`
      expect(Number(p.width), what).toBeGreaterThan(0)
      expect(Number(p.height), what).toBeGreaterThan(0)
      // The <img>'s src is its 1x candidate; a <source> has no src and names both.
      expect(densities(p.srcset), what).toEqual(['2x'])
      for (const source of p.sources) expect(densities(source), what).toEqual(['1x', '2x'])
      if (p.top !== null && p.top >= 720) expect(p.loading, `${what} is below the fold`).toBe('lazy')
      // The service renders what the pages ask for (1x and 2x, each format), once per URL here.
      for (const url of [p.src, p.srcset, ...p.sources].flatMap((set) =>
        set.split(', ').map((c) => c.split(' ')[0]!),
      )) {
        if (checked.has(url)) continue
        checked.add(url)
        expect((await request.get(url)).status(), url).toBe(200)
      }
    }
    expect(
      pictures.filter((p) => p.fetchPriority === 'high').length,
      `${path}: one LCP picture at most`,
    ).toBeLessThanOrEqual(1)
  }

  // A static picture under this deployment's version and an upload: a year, immutable.
  const immutable = 'public, max-age=31536000, immutable'
  const staticUrl = [...checked].find((url) => url.includes('&v='))!
  const uploadUrl = [...checked].find((url) => url.includes('/product-photos/'))!
  for (const url of [staticUrl, uploadUrl]) {
    expect((await request.get(url)).headers()['cache-control'], url).toBe(immutable)
  }
  // The build's hashed scripts and styles too.
  await page.goto('/')
  const script = await page.locator('script[type="module"][src^="/assets/"], link[rel="modulepreload"]').first()
  const asset = (await script.getAttribute('src')) ?? (await script.getAttribute('href'))
  expect((await request.get(asset!)).headers()['cache-control']).toBe(immutable)
})
