/**
 * `npm run bench:slow-loads`: how long the account pages people found slow take to become usable
 * on a slow phone: the exchange's proposals tab (a vendor), the article editor (staff) and the
 * cart (a buyer, 375 px), each opened cold in Chromium with the CPU slowed 4× (DevTools'
 * «4× slowdown», what Lighthouse's mobile runs use). Prints the median of BENCH_RUNS runs.
 *
 * «Usable» is the moment the page is hydrated and its main control answers: the proposals list,
 * the editor's text area, the cart's quantity field. Measured from the navigation's start.
 *
 * Env: BENCH_RUNS (default 3), BENCH_CPU_SLOWDOWN (default 4), BENCH_ONLY (a word of the pages'
 * names: only those pages). The server runs in a process of its
 * own on a scratch embedded database with the demo data.
 */
import { fileURLToPath } from 'node:url'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { ensureServerBuild, envNumber, startBenchServer } from './setup.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
process.chdir(ROOT)
const RUNS = Math.round(envNumber('BENCH_RUNS', 3))
const SLOWDOWN = envNumber('BENCH_CPU_SLOWDOWN', 4)
const PORT = 3291
const TARGET_MS = 2000
const ONLY = process.env.BENCH_ONLY?.toLowerCase()

ensureServerBuild()
const server = await startBenchServer({ root: ROOT, port: PORT, name: 'slow-loads', env: { RATE_LIMIT_SCALE: '20' } })
const { origin } = server

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 375, height: 800 }
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'

interface Scenario {
  name: string
  email: string
  viewport: { width: number; height: number }
  userAgent: string
  path: (context: BrowserContext) => Promise<string>
  /** The page's main control: present once the page has hydrated means the page answers. */
  control: string
}

/** The first article of the staff list (a new one when there is none). */
async function articlePath(context: BrowserContext): Promise<string> {
  const list = await context.request.get(`${origin}/api/v1/media/staff/articles`)
  const first = ((await list.json()) as { data: { items?: { id: string }[] } | { id: string }[] }).data
  const items = Array.isArray(first) ? first : (first.items ?? [])
  return items[0] ? `/personal-account/staff/articles/${items[0].id}` : '/personal-account/staff/articles/new'
}

const SCENARIOS: Scenario[] = [
  {
    name: 'Proposals tab (vendor)',
    email: 'vendor@example.com',
    viewport: DESKTOP,
    userAgent: CHROME,
    path: async () => '/personal-account/service-exchange/proposals',
    control: 'main h1',
  },
  {
    name: 'Article editor (staff)',
    email: 'staff@example.com',
    viewport: DESKTOP,
    userAgent: CHROME,
    path: async (context) => articlePath(context),
    // The body's text box: a plain editable draft of the saved HTML from the first paint, which
    // the editor replaces when Tiptap has loaded (BodyDraft).
    control: '[role="textbox"][contenteditable="true"]',
  },
  {
    name: 'Article editor with its toolbar (staff)',
    email: 'staff@example.com',
    viewport: DESKTOP,
    userAgent: CHROME,
    path: async (context) => articlePath(context),
    control: '.ProseMirror[contenteditable="true"]',
  },
  {
    name: 'Cart at 375 px (buyer)',
    email: 'buyer@example.com',
    viewport: PHONE,
    userAgent: PHONE_CHROME,
    path: async (context) => {
      // Something in the cart, as a buyer has: two priced products of the catalogue.
      const list = await context.request.get(`${origin}/api/v1/catalog/products?limit=10`)
      const items = ((await list.json()) as { data: { items: { id: string; priceKopecks: number | null }[] } }).data
        .items
      for (const item of items.filter((i) => i.priceKopecks !== null).slice(0, 2))
        await context.request.post(`${origin}/api/v1/cart/items`, { data: { productId: item.id, quantity: 1 } })
      return '/cart'
    },
    control: 'input[aria-label^="Количество"]',
  },
]

/** One cold opening: a fresh context signed in, the CPU slowed, the time to usable. */
async function measure(browser: Awaited<ReturnType<typeof chromium.launch>>, scenario: Scenario): Promise<number> {
  const context = await browser.newContext({ viewport: scenario.viewport, userAgent: scenario.userAgent })
  try {
    const login = await context.request.post(`${origin}/api/v1/auth/login`, {
      data: { email: scenario.email, password: 'demo-password' },
    })
    if (!login.ok()) throw new Error(`${scenario.email} could not sign in: ${login.status()}`)
    const path = await scenario.path(context)
    const page: Page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })
    await page.goto(origin + path, { waitUntil: 'commit' })
    // The page's CSP allows no evaluated strings: the check is a function with its selector.
    await page.waitForFunction(
      (control) => {
        const w = window as unknown as { __analytics?: unknown; __usableAt?: number }
        if (!Array.isArray(w.__analytics) || !document.querySelector(control)) return false
        w.__usableAt ??= performance.now()
        return true
      },
      scenario.control,
      { timeout: 60_000, polling: 16 },
    )
    return Math.round(await page.evaluate(() => (window as unknown as { __usableAt: number }).__usableAt))
  } finally {
    await context.close()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  try {
    console.log(`CPU slowed ${SLOWDOWN}×, ${RUNS} cold runs each, median; target ≤ ${TARGET_MS} ms\n`)
    console.log('| page | usable after, ms | runs, ms | ≤ 2 s |')
    console.log('| --- | ---: | --- | :---: |')
    for (const scenario of SCENARIOS.filter((s) => !ONLY || s.name.toLowerCase().includes(ONLY))) {
      // A warm-up opening: the server's first render of a route compiles and caches it.
      await measure(browser, scenario)
      const runs: number[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, scenario))
      const m = median(runs)
      console.log(`| ${scenario.name} | ${m} | ${runs.join(', ')} | ${m <= TARGET_MS ? 'yes' : 'no'} |`)
    }
  } finally {
    await browser.close()
  }
} finally {
  await server.stop()
}
