import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './a11y.ts'
import { expect, NOT_FOUND_RESOURCE, test, waitForHydration } from './fixtures.ts'

// Spec strings are written out here on purpose, not imported from common/messages.ts: a typo
// there must fail these tests, not be shared by them.
const HOME_H1 = 'Маркетплейс беспилотных авиационных систем'
const CATALOG_PATH = '/catalog/bespilotniki'
const UNKNOWN_PATH = '/no-such-page-xyz'
const GOOGLEBOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)'
const DAY_S = 24 * 60 * 60

const MOBILE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }

const HOME_ALIASES = [
  '/home',
  '/index.html',
  '/index.php',
  '/index.htm',
  '/index.asp',
  '/index.aspx',
  '/default.asp',
  '/default.aspx',
  '/home.html',
  '/home/',
  '/main/',
  '/main',
]

/** The header's search box: a searchbox, and a combobox once its suggestions have loaded on focus. */
function headerSearch(page: Page) {
  return page.getByRole('banner').getByLabel('Поиск по каталогу')
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Основное меню' })
}

async function expectHomeBasics(page: Page, status: number | undefined) {
  expect(status).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByRole('heading', { level: 1, name: HOME_H1 })).toBeVisible()
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(headerSearch(page)).toBeVisible()
}

test.describe('home page', () => {
  test.describe('at 375×812', () => {
    test.use({ viewport: MOBILE })

    test('renders the mobile header; the burger opens a drawer with links', async ({ page }) => {
      const response = await page.goto('/')
      await expectHomeBasics(page, response?.status())
      await waitForHydration(page)

      const burger = page.getByRole('button', { name: 'Открыть меню' })
      await expect(burger).toBeVisible()
      await expect(mainNav(page)).toHaveCount(0)

      await burger.click()
      const drawer = page.getByRole('dialog', { name: 'Меню' })
      await expect(drawer).toBeVisible()
      const drawerNav = drawer.getByRole('navigation', { name: 'Основное меню' })
      await expect(drawerNav.getByRole('link', { name: 'Каталог', exact: true })).toHaveAttribute('href', CATALOG_PATH)
      for (const name of ['Услуги', 'Продавцы', 'Медиа']) {
        await expect(drawerNav.getByRole('link', { name, exact: true })).toBeVisible()
      }
    })
  })

  test.describe('at 1280×800', () => {
    test.use({ viewport: DESKTOP })

    test('renders the desktop header with the main navigation', async ({ page }) => {
      const response = await page.goto('/')
      await expectHomeBasics(page, response?.status())
      await waitForHydration(page)

      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Основное меню' })
      await expect(nav).toBeVisible()
      expect(await nav.getByRole('link').count()).toBeGreaterThan(0)
      for (const name of ['Услуги', 'Продавцы', 'Медиа']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
      }
      await expect(page.getByRole('button', { name: 'Открыть меню' })).toHaveCount(0)
    })
  })
})

test.describe('header controls are not covered by anything', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px every header link, button and input receives clicks`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await waitForHydration(page)
      const layoutReady =
        viewport === MOBILE ? page.getByRole('button', { name: 'Открыть меню' }) : mainNav(page).first()
      await expect(layoutReady).toBeVisible()

      // What a click at the centre of each control would hit, as the browser sees it.
      const covered = await page.getByRole('banner').evaluate((header) =>
        [...header.querySelectorAll<HTMLElement>('a[href], button, input')].flatMap((control) => {
          const box = control.getBoundingClientRect()
          if (box.width === 0 || box.height === 0) return []
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          if (hit && (hit === control || control.contains(hit))) return []
          const name = control.getAttribute('aria-label') ?? control.textContent?.trim()
          return [`"${name}" is covered by <${hit?.tagName.toLowerCase()} class="${hit?.className}">`]
        }),
      )
      expect(covered).toEqual([])
    })
  }
})

test('the header search submits to the catalogue with ?q=', async ({ page, consoleErrors }) => {
  // The catalogue page may not exist yet; only the URL is checked.
  consoleErrors.allow(NOT_FOUND_RESOURCE)
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  await waitForHydration(page)

  const term = 'квадрокоптер DJI'
  await headerSearch(page).fill(term)
  await headerSearch(page).press('Enter')
  await expect(page).toHaveURL(
    (url) => url.pathname === CATALOG_PATH && url.searchParams.get('q') === term && [...url.searchParams].length === 1,
  )
})

test('the home page aliases answer 301 to /, and a browser follows one to the home page', async ({ page, request }) => {
  for (const alias of HOME_ALIASES) {
    const response = await request.get(alias, { maxRedirects: 0 })
    expect(response.status(), alias).toBe(301)
    expect(response.headers()['location'], alias).toBe('/')
  }
  await page.goto(HOME_ALIASES[0]!)
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1, name: HOME_H1 })).toBeVisible()
})

test.describe('not found', () => {
  test('an unknown URL shows the 404 page, sends error_404, and both buttons lead on', async ({
    page,
    consoleErrors,
  }) => {
    // Chromium logs the 404 of the document itself (and of the catalogue, which may not exist yet).
    consoleErrors.expect(NOT_FOUND_RESOURCE)
    const response = await page.goto(UNKNOWN_PATH)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Ошибка 404' })).toBeVisible()
    await expect(page.getByText('Мы не смогли найти эту страницу', { exact: true })).toBeVisible()

    await expect
      .poll(() => page.evaluate(() => window.__analytics ?? []))
      .toContainEqual(expect.objectContaining({ kind: 'goal', goal: 'error_404' }))
    const goals = await page.evaluate(() => (window.__analytics ?? []).filter((e) => e.kind === 'goal'))
    expect(goals, 'error_404 is sent once per display').toHaveLength(1)
    await waitForHydration(page)

    await page.getByRole('link', { name: 'Перейти в каталог', exact: true }).click()
    await expect(page).toHaveURL(CATALOG_PATH)

    await page.goto(UNKNOWN_PATH)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'На главную', exact: true }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: HOME_H1 })).toBeVisible()
  })

  test('a crawler gets the 404 status and no error page', async ({ request }) => {
    const response = await request.get(UNKNOWN_PATH, { headers: { 'user-agent': GOOGLEBOT } })
    expect(response.status()).toBe(404)
    const body = await response.text()
    expect(body).not.toContain('Ошибка 404')
    expect(body).not.toContain('<html')

    // …while the home page is still rendered for it.
    const home = await request.get('/', { headers: { 'user-agent': GOOGLEBOT } })
    expect(home.status()).toBe(200)
    expect(await home.text()).toContain(HOME_H1)
  })
})

test('a chunk-loading failure reloads the page once, not twice within 10 s', async ({ page }) => {
  const documentRequests: string[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentRequests.push(request.url())
  })
  const dispatchPreloadError = () =>
    page.evaluate(() => {
      const event = new Event('vite:preloadError', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    })

  await page.goto('/')
  await waitForHydration(page)
  expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))).toBeNull()
  expect(documentRequests).toHaveLength(1)

  // First failure: one reload.
  await page.evaluate(() => {
    window.__marker = 1
  })
  const reloaded = page.waitForEvent('load')
  expect(await dispatchPreloadError(), 'the guard handles the event').toBe(true)
  await reloaded
  await waitForHydration(page)
  expect(await page.evaluate(() => window.__marker)).toBeUndefined()
  expect(
    await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type),
  ).toBe('reload')
  const reloadAt = Number(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at')))
  expect(reloadAt).toBeGreaterThan(Date.now() - 60_000)
  expect(documentRequests).toHaveLength(2)

  // Second failure right after: no reload.
  await page.evaluate(() => {
    window.__marker = 2
  })
  expect(await dispatchPreloadError(), 'the guard still handles the event').toBe(true)
  // A round trip to the server and back: a reload requested by the handler would have started
  // (and torn down this document) by now.
  expect(await page.evaluate(() => fetch('/healthz').then((r) => r.status))).toBe(200)
  await page.waitForFunction(() => true)
  expect(await page.evaluate(() => window.__marker)).toBe(2)
  expect(documentRequests, 'no second reload').toHaveLength(2)
  expect(Number(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at')))).toBe(reloadAt)
})

test('the chunk-reload guard is installed on an error page too', async ({ page, consoleErrors }) => {
  // A user who lands on a 404 and follows 'Перейти в каталог' after a release needs it as much.
  consoleErrors.expect(NOT_FOUND_RESOURCE)
  await page.goto(UNKNOWN_PATH)
  await expect(page.getByRole('heading', { level: 1, name: 'Ошибка 404' })).toBeVisible()
  await waitForHydration(page)

  const reloaded = page.waitForEvent('load')
  reloaded.catch(() => {}) // awaited below only if the guard is there
  const handled = await page.evaluate(() => {
    const event = new Event('vite:preloadError', { cancelable: true })
    window.dispatchEvent(event)
    return event.defaultPrevented
  })
  expect(handled, 'the guard handles vite:preloadError on the error page').toBe(true)
  await reloaded
  expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))).not.toBeNull()
})

test('the hourly build check announces a new build', async ({ page }) => {
  await page.clock.install()
  const buildChecks: string[] = []
  await page.route('**/builds/latest.json*', (route) => {
    buildChecks.push(route.request().url())
    return route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } })
  })
  await page.goto('/')
  await waitForHydration(page)
  expect(buildChecks, 'no check before the hour is up').toEqual([])
  await expect(page.getByText('Доступна новая версия сайта')).toHaveCount(0)

  await page.clock.fastForward('01:00:00')
  await expect(page.getByText('Доступна новая версия сайта')).toBeVisible()
  const reloadButton = page.getByRole('button', { name: 'Обновить' })
  await expect(reloadButton).toBeVisible()
  expect(buildChecks).toHaveLength(1)
  expect(buildChecks[0]).toMatch(/\/builds\/latest\.json\?\d+$/)

  const reloaded = page.waitForEvent('load')
  await reloadButton.click()
  await reloaded
})

test.describe('viewport cookie', () => {
  test.use({ viewport: MOBILE })

  test('the browser stores viewport=mobile for 365 days, Secure, SameSite=Strict, path /', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'viewport'))
      .toMatchObject({ value: 'mobile', sameSite: 'Strict', secure: true, path: '/' })
    const cookie = (await context.cookies()).find((c) => c.name === 'viewport')!
    const expectedExpiry = Date.now() / 1000 + 365 * DAY_S
    expect(Math.abs(cookie.expires - expectedExpiry)).toBeLessThan(2 * DAY_S)
  })

  test('the server renders the layout the cookie names', async ({ request }) => {
    const desktop = await (await request.get('/', { headers: { cookie: 'viewport=desktop' } })).text()
    expect(desktop).toContain('Основное меню')
    expect(desktop).not.toContain('Открыть меню')

    const mobile = await (await request.get('/', { headers: { cookie: 'viewport=mobile' } })).text()
    expect(mobile).toContain('Открыть меню')
    expect(mobile).not.toContain('Основное меню')
  })

  test('a desktop browser with viewport=desktop gets the desktop nav from the server', async ({ browser, baseURL }) => {
    // Without JavaScript, what is on screen is exactly the server's HTML.
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false })
    try {
      await context.addCookies([{ name: 'viewport', value: 'desktop', url: baseURL! }])
      const page = await context.newPage()
      await page.goto('/')
      await expect(mainNav(page).getByRole('link', { name: 'Услуги', exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Открыть меню' })).toHaveCount(0)
    } finally {
      await context.close()
    }
  })
})

test.describe('security headers', () => {
  for (const path of ['/', UNKNOWN_PATH]) {
    test(`CSP with frame-ancestors 'none' and a nonce on every inline script: ${path}`, async ({ request }) => {
      const response = await request.get(path)
      expect(response.headers()['content-type']).toContain('text/html')
      expect(response.headers()['x-content-type-options']).toBe('nosniff')

      const csp = response.headers()['content-security-policy'] ?? ''
      const directives = csp.split(';').map((d) => d.trim())
      expect(directives).toContain("frame-ancestors 'none'")
      const scriptSrc = directives.find((d) => d.startsWith('script-src '))
      expect(scriptSrc, 'script-src directive').toBeDefined()
      expect(scriptSrc).not.toContain("'unsafe-inline'")
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc!)?.[1]
      expect(nonce, 'nonce in script-src').toBeTruthy()

      const html = await response.text()
      const inlineScripts = [...html.matchAll(/<script\b([^>]*)>/g)]
        .map((m) => m[1] ?? '')
        .filter((attrs) => !/\ssrc=/.test(attrs))
      expect(inlineScripts.length).toBeGreaterThan(0)
      for (const attrs of inlineScripts) {
        expect(/\snonce="([^"]*)"/.exec(attrs)?.[1], `nonce of <script${attrs}>`).toBe(nonce)
      }

      // A second response gets a nonce of its own.
      const again = (await request.get(path)).headers()['content-security-policy'] ?? ''
      expect(again).not.toContain(`'nonce-${nonce}'`)
    })
  }
})

test.describe('accessibility (axe)', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`home page at ${viewport.width} px has no serious or critical violations`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await waitForHydration(page)
      await expectNoSeriousViolations(page)
    })
  }

  test('404 page has no serious or critical violations', async ({ page, consoleErrors }) => {
    consoleErrors.expect(NOT_FOUND_RESOURCE)
    await page.goto(UNKNOWN_PATH)
    await expect(page.getByRole('heading', { level: 1, name: 'Ошибка 404' })).toBeVisible()
    await waitForHydration(page)
    await expectNoSeriousViolations(page)
  })
})
