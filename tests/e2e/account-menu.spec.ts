import type { Page } from '@playwright/test'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

async function signInAs(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

test('on a phone the account menu is one row that scrolls, and the page starts on the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signInAs(page, 'vendor@example.com')
  await page.goto('/personal-account/products')
  await waitForHydration(page)

  const menu = page.getByRole('navigation', { name: 'Личный кабинет' })
  const entries = menu.getByRole('link')
  await expect(entries).toHaveText([
    'Профиль',
    'Компания',
    'Заказы',
    'Документы',
    'Запросы КП',
    'Биржа услуг',
    'Товары',
    'Обмен с 1С',
  ])
  const box = (await menu.boundingBox())!
  expect(box.height).toBeLessThan(80)
  // The current entry, near the end of the row, is scrolled into view.
  const current = menu.getByRole('link', { name: 'Товары' })
  await expect(current).toHaveAttribute('aria-current', 'page')
  const currentBox = (await current.boundingBox())!
  expect(currentBox.x + currentBox.width).toBeLessThanOrEqual(box.x + box.width + 1)
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!
  expect(heading.y).toBeLessThan(740 / 2)
  await expectNoHorizontalOverflow(page)
  await expectNoSeriousViolations(page)

  // Every entry is reachable from the row.
  await menu.getByRole('link', { name: 'Компания' }).click()
  await expect(page).toHaveURL(/\/personal-account\/company$/)
})

test('on a wide screen the account menu is a column beside the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAs(page, 'vendor@example.com')
  await page.goto('/personal-account/profile')
  const menu = page.getByRole('navigation', { name: 'Личный кабинет' })
  const profile = (await menu.getByRole('link', { name: 'Профиль' }).boundingBox())!
  const company = (await menu.getByRole('link', { name: 'Компания' }).boundingBox())!
  expect(company.y).toBeGreaterThan(profile.y)
  expect(company.x).toBe(profile.x)
})
