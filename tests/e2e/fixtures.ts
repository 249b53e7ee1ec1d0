import {
  test as base,
  type BrowserContext,
  type ConsoleMessage,
  expect,
  type Page,
  type WebError,
} from '@playwright/test'

/**
 * What Chromium prints for any resource that answers 404, including the main document of a
 * 404 page and the `.data` request of a client-side navigation to one.
 */
export const NOT_FOUND_RESOURCE = /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/

export interface ConsoleErrors {
  /** Every console error and uncaught page error seen so far, in order. */
  readonly messages: readonly string[]
  /** Tolerate messages matching `pattern` (zero or more times). */
  allow(pattern: RegExp): void
  /** Require at least one message matching `pattern`; further matches are tolerated too. */
  expect(pattern: RegExp): void
  /** Guard another browser context too (a second person of the test); the result stops guarding it. */
  watch(context: BrowserContext): () => void
}

interface Collected {
  text: string
  where: string
}

/**
 * `test` with an automatic guard: any `console.error` or uncaught exception in any page of the
 * test's browser context fails the test, unless the test declared it with `consoleErrors`.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context }, use, testInfo) => {
      const collected: Collected[] = []
      const allowed: RegExp[] = []
      const required: RegExp[] = []

      const watch = (watched: BrowserContext) => {
        const onConsole = (message: ConsoleMessage) => {
          if (message.type() !== 'error') return
          const { url, lineNumber } = message.location()
          collected.push({
            text: message.text(),
            where: `console.error at ${url || message.page()?.url()}:${lineNumber}`,
          })
        }
        const onError = (webError: WebError) => {
          const error = webError.error()
          collected.push({
            text: error.message,
            where: `pageerror on ${webError.page()?.url()}\n${error.stack ?? ''}`,
          })
        }
        watched.on('console', onConsole)
        watched.on('weberror', onError)
        return () => {
          watched.off('console', onConsole)
          watched.off('weberror', onError)
        }
      }
      watch(context)

      await use({
        get messages() {
          return collected.map((c) => c.text)
        },
        allow(pattern) {
          allowed.push(pattern)
        },
        expect(pattern) {
          allowed.push(pattern)
          required.push(pattern)
        },
        watch,
      })

      const unexpected = collected.filter((c) => !allowed.some((p) => p.test(c.text)))
      if (unexpected.length) {
        await testInfo.attach('console-errors', {
          body: unexpected.map((c) => `${c.text}\n  ${c.where}`).join('\n\n'),
          contentType: 'text/plain',
        })
      }
      expect(
        unexpected.map((c) => `${c.text} (${c.where.split('\n')[0]})`),
        'console errors or uncaught page errors',
      ).toEqual([])
      for (const pattern of required) {
        expect(
          collected.some((c) => pattern.test(c.text)),
          `expected a console error matching ${pattern}`,
        ).toBe(true)
      }
    },
    { auto: true },
  ],
})

export { expect }

// `window.__analytics` is declared by app/lib/analytics.ts (part of the same TypeScript program).
declare global {
  interface Window {
    /** Set by tests to tell one document from the next. */
    __marker?: number
  }
}

/**
 * The root component's first effect creates `window.__analytics` and, in the same commit,
 * installs the chunk-reload guard and the new-build timer: once it exists, the page is hydrated.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Array.isArray(window.__analytics))
}

/**
 * `test` with `guestPage`: a fresh tab, without cookies, in one browser context that the worker's
 * read-only guest tests share. The context keeps its HTTP cache between tests, as a visitor's
 * browser does from one page to the next, so a test's first page does not fetch every script
 * again. Only for tests that change nothing a later test could see in the browser: no sign-in,
 * no local storage.
 */
export const guestTest = test.extend<{ guestPage: Page }, { guestContext: BrowserContext }>({
  guestContext: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, userAgent } = workerInfo.project.use
      const context = await browser.newContext({ baseURL, userAgent })
      await use(context)
      await context.close()
    },
    { scope: 'worker' },
  ],
  guestPage: [
    async ({ guestContext, consoleErrors }, use) => {
      await guestContext.clearCookies()
      const unwatch = consoleErrors.watch(guestContext)
      const page = await guestContext.newPage()
      await use(page)
      await page.close()
      unwatch()
    },
    { scope: 'test' },
  ],
})
