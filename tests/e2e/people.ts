import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/** Signs the page's browser context in through the API (the demo accounts share one password). */
export async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

/**
 * Another person: a page in a browser context of its own with the project's options (base URL,
 * user agent, viewport unless given), signed in as `email` when one is given.
 */
export async function newPerson(
  browser: Browser,
  email?: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const { baseURL, userAgent } = test.info().project.use
  const context = await browser.newContext({
    baseURL,
    userAgent,
    viewport: viewport ?? test.info().project.use.viewport,
  })
  const page = await context.newPage()
  if (email) await signIn(page, email)
  return page
}
