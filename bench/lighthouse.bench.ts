/**
 * `npm run bench:lighthouse`: Lighthouse (the npm package) with the Debian Chromium against a
 * production build with the demo data, on the public pages people and crawlers land on, mobile
 * and desktop. Prints the four category scores and LCP, TBT, CLS and FCP per page: the median of
 * BENCH_RUNS runs (default 3) by performance score.
 *
 * The signed-in pages (the cart, an order, the comparison of the demo buyer, who adds three
 * products of one category to it first) are loaded with the buyer's session cookie.
 *
 * Env: BENCH_RUNS (default 3), BENCH_PAGES (comma-separated names to measure, default all),
 * BENCH_FORM_FACTORS (mobile,desktop). The server runs in a process of its own on a scratch
 * embedded database, so Lighthouse's own work never shares its event loop.
 */
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { ensureServerBuild, envNumber, startBenchServer } from './setup.ts'
import { signInOverHttp } from './signed-in-pages.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
process.chdir(ROOT)
const RUNS = Math.round(envNumber('BENCH_RUNS', 3))
const FORM_FACTORS = (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[]
const PORT = 3290

ensureServerBuild()

const server = await startBenchServer({ root: ROOT, port: PORT, name: 'lighthouse' })
const { origin } = server

async function json<T>(path: string): Promise<T> {
  const res = await fetch(origin + path)
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`)
  return (await res.json()) as T
}

/** The first link of a kind on a page: a real product, seller or article of the demo data. */
async function firstLink(path: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(origin + path)).text()
  const found = pattern.exec(html)?.[0]
  if (!found) throw new Error(`no link matching ${pattern} on ${path}`)
  return found
}

interface Figures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcp: number
  tbt: number
  cls: number
  fcp: number
}

async function measure(url: string, formFactor: 'mobile' | 'desktop', port: number, cookie?: string): Promise<Figures> {
  const result = await lighthouse(
    url,
    {
      port,
      ...(cookie && { extraHeaders: { Cookie: cookie } }),
      output: 'json',
      logLevel: 'error',
      ignoreStatusCode: true,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  )
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { categories, audits, runtimeError } = result.lhr
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`)
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100)
  const value = (key: string) => audits[key]?.numericValue ?? Number.NaN
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
  }
}

/** Lighthouse now and then loses the trace of a load (NO_NAVSTART): that run is made again, twice at most. */
async function measureWithRetry(
  url: string,
  formFactor: 'mobile' | 'desktop',
  port: number,
  cookie?: string,
): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, formFactor, port, cookie)
    } catch (err) {
      if (attempt === 3 || !String(err).includes('NO_NAVSTART')) throw err
      console.error(`${url}: the trace was lost, measuring again`)
    }
  }
}

function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance)
  return sorted[Math.floor(sorted.length / 2)]!
}

let failed = false
const chrome = await launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
  type List = { data: { featured: { slug: string } | null; items: { slug: string }[] } }
  const list = (await json<List>('/api/v1/media/articles')).data
  const article = list.featured ?? list.items[0]
  if (!article) throw new Error('the demo data has no published article')
  const buyer = await signedInBuyer()
  const pages: [string, string, string?][] = [
    ['home', '/'],
    ['catalogue', '/catalog/bespilotniki'],
    ['product', await firstLink('/catalog/bespilotniki', /\/product\/[a-z0-9-]+/)],
    ['seller', await firstLink('/sellers', /\/sellers\/[a-z0-9-]+/)],
    ['sphere', await firstLink('/', /\/spheres\/[a-z0-9-]+/)],
    ['services', '/services'],
    ['service seller', await firstLink('/services', /\/services\/seller\/[a-z0-9-]+/)],
    ['media', '/media'],
    ['article', `/media/${article.slug}`],
    ['compare', '/compare'],
    ['404', '/no-such-page'],
    ['cart (signed in)', '/cart', buyer.cookie],
    ['order (signed in)', buyer.order, buyer.cookie],
    ['compare (signed in)', '/compare', buyer.cookie],
  ]
  const wanted = process.env.BENCH_PAGES?.split(',')
  const measured = wanted ? pages.filter(([name]) => wanted.includes(name)) : pages

  console.log(`# bench:lighthouse — ${new Date().toISOString()}`)
  console.log(
    `Lighthouse 13, ${await chromeVersion(chrome.port)}, ${availableParallelism()} CPUs, median of ${RUNS} runs`,
  )
  const loadBefore = loadavg()[0]!.toFixed(2)
  for (const formFactor of FORM_FACTORS) {
    console.log(`\n## ${formFactor}\n`)
    console.log('| page | path | perf | a11y | best pr. | SEO | LCP s | TBT ms | CLS | FCP s |')
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for (const [name, path, cookie] of measured) {
      const runs: Figures[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await measureWithRetry(origin + path, formFactor, chrome.port, cookie))
      const m = median(runs)
      console.log(
        `| ${name} | ${path} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ` +
          `${(m.lcp / 1000).toFixed(2)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${(m.fcp / 1000).toFixed(2)} |`,
      )
    }
  }
  console.log(
    `\n1-min load average ${loadBefore} → ${loadavg()[0]!.toFixed(2)} (above ${availableParallelism()}: other work shared the CPUs)`,
  )
} catch (err) {
  failed = true
  console.error(err)
} finally {
  chrome.kill()
  await server.stop()
}
process.exit(failed ? 1 : 0)

/**
 * The demo buyer signed in through the API, with three drones of one category in its comparison
 * and the path of its order with the most lines: what its own pages show.
 */
async function signedInBuyer(): Promise<{ cookie: string; order: string }> {
  const cookie = await signInOverHttp(origin, 'buyer')
  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: { cookie, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`)
    return ((await res.json()) as { data: T }).data
  }
  const listing = await call<{ items: { id: string }[] }>('GET', '/catalog/products?category=bespilotniki')
  for (const product of listing.items.slice(0, 3)) await call('POST', '/compare/items', { productId: product.id })
  const orders = await call<{ number: string; lineCount?: number }[]>('GET', '/orders?side=purchase')
  if (!orders.length) throw new Error('the demo buyer has no order')
  return { cookie, order: `/personal-account/order/purchase/${orders[0]!.number}` }
}

async function chromeVersion(port: number): Promise<string> {
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string }
  return info.Browser
}
