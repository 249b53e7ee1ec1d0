import type { Page } from '@playwright/test'
import { CABINET_EXCHANGE_TAB_LABELS, CABINET_EXCHANGE_TABS, type CabinetExchangeTab } from '#common/exchange/links.ts'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, NOT_FOUND_RESOURCE, test, waitForHydration } from './fixtures.ts'

// The exchange's demo data is shared by every spec of the run: counts are compared with what the
// API says at the same moment, never with fixed numbers, and an empty tab is checked for its way
// forward only when the API says it is empty.

// Each test runs axe on every tab; on a busy machine that takes longer than the default 30 s.
test.describe.configure({ timeout: 240_000 })

const BUYER = 'buyer@example.com'
const VENDOR = 'vendor@example.com'
const CABINET = '/personal-account/service-exchange'

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

async function apiCounts(page: Page): Promise<Record<CabinetExchangeTab, number>> {
  const res = await page.request.get('/api/v1/exchange/cabinet/counts')
  expect(res.status()).toBe(200)
  return (await res.json()).data
}

const tab = (page: Page, name: CabinetExchangeTab) =>
  page.getByRole('tab', { name: new RegExp(`^${CABINET_EXCHANGE_TAB_LABELS[name]} \\(\\d+\\)$`) })

async function tabCounts(page: Page): Promise<Record<CabinetExchangeTab, number>> {
  const counts = {} as Record<CabinetExchangeTab, number>
  for (const name of CABINET_EXCHANGE_TABS) {
    const text = await tab(page, name).innerText()
    counts[name] = Number(/\(([\d\s ]+)\)/.exec(text)![1]!.replace(/\D/g, ''))
  }
  return counts
}

/** Where an empty tab leads: its action for the role it needs, or asking for that role. */
const COMPANY = '/personal-account/company'
const NEXT_STEP: Record<'buyer' | 'vendor', Record<CabinetExchangeTab, { name: string; href: string }>> = {
  buyer: {
    requests: { name: 'Разместить заявку', href: '/services/request' },
    proposals: { name: 'Запросить роль «Поставщик»', href: COMPANY },
    offers: { name: 'Запросить роль «Поставщик»', href: COMPANY },
    orders: { name: 'Разместить заявку', href: '/services/request' },
  },
  vendor: {
    requests: { name: 'Запросить роль «Покупатель»', href: COMPANY },
    proposals: { name: 'Найти заявки', href: '/services?tab=requests' },
    offers: { name: 'Добавить услугу', href: `${CABINET}/offer/new` },
    orders: { name: 'Найти заявки', href: '/services?tab=requests' },
  },
}

async function checkTab(page: Page, name: CabinetExchangeTab, count: number, role: 'buyer' | 'vendor') {
  await tab(page, name).click()
  await expect(page).toHaveURL(new RegExp(`${CABINET}/${name}$`))
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true')
  const panel = page.getByRole('tabpanel')
  await expect(panel.getByRole('group', { name: 'Фильтр по статусу' }).getByRole('link').first()).toHaveText(
    `Все (${count})`,
  )
  if (count === 0) {
    const step = NEXT_STEP[role][name]
    await expect(panel.getByRole('link', { name: step.name, exact: true })).toHaveAttribute('href', step.href)
  } else {
    await expect(panel.getByRole('status')).toContainText(/^Всего: /)
  }
  await expectNoSeriousViolations(page)
}

test('a buyer lands on its requests; the tabs carry the counts, each tab its filters and way forward', async ({
  page,
}) => {
  await signIn(page, BUYER)
  await page.goto(CABINET)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Биржа услуг')
  const menuLink = page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Биржа услуг' })
  await expect(menuLink).toHaveAttribute('data-active', 'true')
  await expect(tab(page, 'requests')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('link', { name: 'Разместить заявку' }).first()).toHaveAttribute(
    'href',
    '/services/request',
  )

  let counts = await apiCounts(page)
  await expect(async () => {
    await page.reload()
    counts = await apiCounts(page)
    expect(await tabCounts(page)).toEqual(counts)
  }).toPass({ timeout: 20_000 })
  await waitForHydration(page)
  await expectNoSeriousViolations(page)

  for (const name of ['proposals', 'offers', 'orders', 'requests'] as const) {
    await checkTab(page, name, counts[name], 'buyer')
  }

  // A status filter and a search live in the address; nothing found offers to reset them.
  await page.getByRole('link', { name: /^Черновики \(\d+\)$/ }).click()
  await expect(page).toHaveURL(/\/service-exchange\/requests\?filter=drafts$/)
  await expect(page.getByRole('link', { name: /^Черновики/ })).toHaveAttribute('aria-current', 'true')
  await page.getByLabel('Номер или название заявки').fill('такой заявки точно нет')
  await page.getByRole('search', { name: 'Поиск' }).getByRole('button', { name: 'Найти' }).click()
  await expect(page).toHaveURL(/filter=drafts&q=/)
  await expect(page.getByText('Ничего не найдено')).toBeVisible()
  await page.getByRole('link', { name: 'Сбросить фильтры' }).click()
  await expect(page).toHaveURL(/\/service-exchange\/requests$/)
})

test('a vendor lands on its proposals with the suggested requests, and an unknown tab is a 404', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(NOT_FOUND_RESOURCE)
  await signIn(page, VENDOR)
  await page.goto(CABINET)
  await waitForHydration(page)
  await expect(tab(page, 'proposals')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('link', { name: 'Добавить услугу' }).first()).toHaveAttribute(
    'href',
    `${CABINET}/offer/new`,
  )
  const suggestions = page.getByRole('region', { name: 'Подходящие заявки' })
  await expect(suggestions).toBeVisible()
  const suggested = (await (await page.request.get('/api/v1/exchange/cabinet/suggestions')).json()).data as {
    number: string
  }[]
  if (suggested.length === 0) {
    await expect(suggestions).toContainText('Сейчас нет открытых заявок')
  } else {
    await expect(suggestions.getByRole('link', { name: /^Откликнуться/ }).first()).toHaveAttribute(
      'href',
      `/services/requests/${suggested[0]!.number}`,
    )
  }
  const counts = await apiCounts(page)
  expect(await tabCounts(page)).toEqual(counts)
  await expectNoSeriousViolations(page)
  for (const name of ['offers', 'orders', 'requests', 'proposals'] as const) {
    await checkTab(page, name, counts[name], 'vendor')
  }

  const response = await page.goto(`${CABINET}/archive`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Ошибка 404' })).toBeVisible()
})

for (const email of [BUYER, VENDOR]) {
  test(`the cabinet of ${email} fits 375 px, rows as cards, and stays accessible`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await signIn(page, email)
    for (const name of CABINET_EXCHANGE_TABS) {
      await page.goto(`${CABINET}/${name}`)
      await waitForHydration(page)
      await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true')
      // No table on a phone: the rows, if any, are cards.
      await expect(page.getByRole('tabpanel').getByRole('table')).toBeHidden()
      await expectNoSeriousViolations(page)
      await expectNoHorizontalOverflow(page)
    }
  })
}

test('a guest gets the sign-in panel instead of the cabinet', async ({ page }) => {
  await page.goto(CABINET)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible()
})
