import type { Page } from '@playwright/test'
import { BUDGET_KB, measureFirstLoadJs } from '../../bench/first-load.ts'
import { BROWSER_HEADERS } from '../../bench/setup.ts'
import { expect, NOT_FOUND_RESOURCE, test, waitForHydration } from './fixtures.ts'
import { signIn } from './people.ts'

// What `npm run bench:lighthouse` measures, kept in check by `npm test`: the first-load JS of the
// pages people and crawlers land on, the CSS their first paint waits for, and the order in which
// the head asks for them. Lighthouse itself is a benchmark, not a test (its scores depend on the
// machine), so these are the causes it reports, checked one by one.

/** The render-blocking CSS a public page may ask for, gzip: the site's own styles, not Mantine's. */
const CSS_BUDGET_KB = 25

/** A page's HTML as a browser gets it (a crawler gets a bare status for the 404 page). */
async function pageHtml(baseURL: string, path: string): Promise<string> {
  return (await fetch(baseURL + path, { headers: BROWSER_HEADERS })).text()
}

async function firstLink(baseURL: string, path: string, pattern: RegExp): Promise<string> {
  const html = await pageHtml(baseURL, path)
  const found = pattern.exec(html)?.[0]
  if (!found) throw new Error(`no link matching ${pattern} on ${path}`)
  return found
}

async function landingPages(baseURL: string): Promise<string[]> {
  return [
    '/',
    '/catalog/bespilotniki',
    await firstLink(baseURL, '/catalog/bespilotniki', /\/product\/[a-z0-9-]+/),
    await firstLink(baseURL, '/sellers', /\/sellers\/[a-z0-9-]+/),
    '/services',
    '/media',
    await firstLink(baseURL, '/media', /\/media\/[a-z0-9-]+(?=")/),
    '/no-such-page',
  ]
}

/** When the page first painted, and when its first script was asked for (ms from the navigation). */
const paintAndFirstScript = (page: Page) =>
  page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    firstScript: performance
      .getEntriesByType('resource')
      .filter((r) => /\/assets\/.+\.js$/.test(new URL(r.name).pathname))
      .map((r) => r.startTime)
      .sort((a, b) => a - b)[0],
  }))

test('the landing pages ship at most 150 kB gzip of first-load JS and only their own CSS, no script before the paint', async ({
  baseURL,
}) => {
  for (const path of await landingPages(baseURL!)) {
    const html = await pageHtml(baseURL!, path)
    const weight = await measureFirstLoadJs(html, baseURL!)
    const files = weight.files.map((f) => f.path).join(', ')
    expect(weight.totalGzip, `${path}: ${files}`).toBeLessThanOrEqual(BUDGET_KB * 1000)
    // Mantine's component styles (40 kB gzip) come with the parts that use them, not with every page.
    expect(weight.cssGzip, `${path}: CSS of the first paint`).toBeLessThanOrEqual(CSS_BUDGET_KB * 1000)

    // Nothing in the HTML starts a script before the first paint: module preloads are inert and
    // the boot script parked (app/lib/hydrate-after-paint.server.ts) where the page has one.
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head.indexOf('rel="stylesheet"'), `${path}: a stylesheet`).toBeGreaterThan(0)
    for (const preload of html.match(/<link rel="modulepreload"[^>]*>/g) ?? []) {
      expect(preload, `${path}: an inert module preload`).toContain('media="not all"')
    }
    expect(html, `${path}: a module script`).not.toMatch(/<script[^>]*type="module"/)
  }
})

test('the largest picture of the catalogue, a product and /media is preloaded first, with high priority', async ({
  baseURL,
}) => {
  const pages = (await landingPages(baseURL!)).filter((p) => /^\/(catalog|product|media$)/.test(p))
  expect(pages).toHaveLength(3)
  for (const path of pages) {
    const head = (await pageHtml(baseURL!, path)).split('</head>')[0]!
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(head)
    expect(preload?.[0], path).toMatch(/fetchPriority="high"/)
    expect(preload!.index, `${path}: before the stylesheets`).toBeLessThan(head.indexOf('rel="stylesheet"'))
  }
})

test('a guest reading the landing pages loads no Mantine, no script before the first paint, and the browser reports no CSP violation', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  consoleErrors.expect(NOT_FOUND_RESOURCE) // the 404 page's own status
  const cdp = await page.context().newCDPSession(page)
  const issues: string[] = []
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') issues.push(JSON.stringify(issue.details))
  })
  await cdp.send('Audits.enable')
  const loaded: string[] = []
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname))

  for (const path of await landingPages(baseURL!)) {
    loaded.length = 0
    await page.goto(path)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    expect(
      loaded.filter((p) => /MantineScope|MantineThemeProvider|OverlayContainers|\/mantine-(?!store-)/.test(p)),
      path,
    ).toEqual([])
    expect(issues, path).toEqual([])
    // The first script request starts after the first contentful paint; pages with scripts hydrate.
    const timing = await paintAndFirstScript(page)
    expect(timing.paint, `${path}: a first contentful paint`).not.toBeNull()
    if (timing.firstScript !== undefined) expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.paint!)
  }
})

test('an account page fetches Mantine and React as one chunk each, and scripts come compressed at build time', async ({
  page,
}) => {
  await signIn(page, 'vendor@example.com')
  const scripts: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (/^\/assets\/.+\.js$/.test(path)) scripts.push(path)
  })
  await page.goto('/personal-account/service-exchange/proposals')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  // Each request costs a phone's main thread a few milliseconds: before the chunks were grouped
  // this page fetched some 115 scripts by the time the header's account menu had loaded, now 68
  // (decision 056).
  expect(scripts.length, scripts.join(' ')).toBeLessThanOrEqual(75)
  expect(scripts.filter((p) => /^\/assets\/mantine-(?!store-)/.test(p))).toHaveLength(1)
  expect(scripts.filter((p) => /^\/assets\/react-/.test(p))).toHaveLength(1)

  const mantine = scripts.find((p) => p.startsWith('/assets/mantine-') && !p.startsWith('/assets/mantine-store-'))!
  for (const [accepted, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const res = await page.request.get(mantine, { headers: { 'accept-encoding': accepted } })
    expect(res.status()).toBe(200)
    expect(res.headers()['content-encoding'], accepted).toBe(encoding)
    expect(res.headers()['vary'], accepted).toContain('accept-encoding')
    expect(res.headers()['cache-control']).toContain('immutable')
    expect(await res.text()).toContain('mantine')
  }
})

test('where a signed-in user works, the modules load with the stylesheets and the page hydrates without waiting for the paint', async ({
  page,
}) => {
  await signIn(page, 'vendor@example.com')
  for (const path of ['/personal-account/service-exchange/proposals', '/personal-account/orders']) {
    const html = await (await page.request.get(path)).text()
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? []
    expect(preloads.length, `${path}: module preloads`).toBeGreaterThan(5)
    for (const preload of preloads) expect(preload, `${path}: a live module preload`).not.toContain('media=')
    expect(html, `${path}: the boot script runs as it arrives`).toMatch(/<script[^>]*type="module"/)
    await page.goto(path)
    await waitForHydration(page)
  }
})

test('the cart and an order page paint first, and their scripts wait for the paint (decision 073)', async ({
  page,
}) => {
  await signIn(page, 'buyer@example.com')
  const orders = await (await page.request.get('/api/v1/orders?side=purchase')).json()
  const order = `/personal-account/order/purchase/${orders.data[0].number}`
  for (const path of ['/cart', order]) {
    const html = await (await page.request.get(path)).text()
    expect(html, `${path}: the boot script is parked until the paint`).toContain('type="text/x-hydration-boot"')
    await page.goto(path)
    await waitForHydration(page)
    const timing = await paintAndFirstScript(page)
    expect(timing.paint, `${path}: a first contentful paint`).not.toBeNull()
    expect(timing.firstScript, `${path}: scripts after the paint`).toBeGreaterThanOrEqual(timing.paint!)
  }
})

test('the catalogue page is at most 90 kB of HTML, for a guest and for a signed-in buyer (decision 077)', async ({
  page,
  baseURL,
}) => {
  const CATALOGUE_HTML_BUDGET = 90_000
  const bytes = (html: string) => Buffer.byteLength(html, 'utf8')
  const guest = await pageHtml(baseURL!, '/catalog/bespilotniki')
  expect(bytes(guest), 'a guest').toBeLessThanOrEqual(CATALOGUE_HTML_BUDGET)
  await signIn(page, 'buyer@example.com')
  const buyer = await (await page.request.get('/catalog/bespilotniki')).text()
  expect(buyer, 'the signed-in header').toContain('aria-label="Аккаунт: ')
  expect(bytes(buyer), 'a signed-in buyer').toBeLessThanOrEqual(CATALOGUE_HTML_BUDGET)
})
