import { SPHERE_SLUGS } from '#common/spheres.ts'
import { INFO_PAGES } from '#content/info-pages.ts'
import { LEGAL_DOCUMENTS } from '#content/legal/index.ts'
import { expectNoSeriousViolations } from './a11y.ts'
import { expect, guestTest, NOT_FOUND_RESOURCE, test, waitForHydration } from './fixtures.ts'

const PAGES = [
  '/',
  ...SPHERE_SLUGS.map((slug) => `/spheres/${slug}`),
  ...INFO_PAGES.keys(),
  '/legal-information',
  ...LEGAL_DOCUMENTS.map((doc) => `/legal-information/${doc.slug}`),
]

// One test per page, both widths; the pages share the worker's guest context, so they find the
// scripts and styles in its cache, as a person's next page would.
for (const path of PAGES) {
  guestTest(
    `${path}: one h1, no sideways scroll at 375 and 1280 px, no serious or critical axe findings`,
    async ({ guestPage: page }) => {
      for (const width of [375, 1280]) {
        // Without the viewport cookie of the first width, the server guesses the layout afresh.
        await page.context().clearCookies()
        await page.setViewportSize({ width, height: 900 })
        const response = await page.goto(path)
        expect(response?.status(), `${path} at ${width} px`).toBe(200)
        await expect(page.locator('h1')).toHaveCount(1)
        await expect(page.locator('h1')).toBeVisible()
        await waitForHydration(page)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(1)
      }
      await expectNoSeriousViolations(page)
    },
  )
}

guestTest(
  'every sphere page links to the catalogue filtered by its slug, and the home tiles lead there',
  async ({ guestPage: page }) => {
    for (const slug of SPHERE_SLUGS) {
      await page.goto(`/spheres/${slug}`)
      const links = page.getByRole('link', { name: 'Подобрать в каталоге' })
      await expect(links.first()).toHaveAttribute('href', `/catalog/bespilotniki?areas_of_application=${slug}`)
    }
    await page.goto('/')
    await waitForHydration(page)
    await page.locator('a[href="/spheres/elektroenergetika"]').click()
    await expect(page).toHaveURL('/spheres/elektroenergetika')
    await expect(page.locator('h1')).toContainText('энергетик')
  },
)

for (const path of [
  '/spheres/kosmos',
  '/spheres/TRANSPORT',
  '/platforms/cooperation/unknown-direction',
  '/legal-information/cookies',
]) {
  guestTest(`${path} is the 404 page`, async ({ guestPage: page, consoleErrors }) => {
    consoleErrors.expect(NOT_FOUND_RESOURCE)
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Ошибка 404' })).toBeVisible()
    await expect(page.getByText('Мы не смогли найти эту страницу')).toBeVisible()
  })
}

guestTest('the legal documents have a working table of contents', async ({ guestPage: page }) => {
  await page.goto('/legal-information/privacy-policy')
  const toc = page.getByRole('navigation', { name: 'Содержание' })
  const first = toc.getByRole('link').nth(2)
  const href = await first.getAttribute('href')
  await first.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.locator(href!)).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Распечатать' })).toBeVisible()
})

test.describe('the application form', () => {
  test.use({ viewport: { width: 375, height: 900 } })

  test('shows Russian errors, keeps the input, and stores a valid lead', async ({ page, request }) => {
    await page.goto('/platforms/repair')
    await waitForHydration(page)
    const form = page.locator('#lead-form')
    await form.getByRole('button', { name: 'Отправить заявку' }).click()
    await expect(form.getByText('Укажите, как к вам обращаться')).toBeVisible()
    await expect(form.getByText('Нужно согласие на обработку персональных данных')).toBeVisible()

    const unique = `Проверка ${Date.now()}`
    await form.getByLabel('Как к вам обращаться').fill(unique)
    await form.getByLabel('Организация').fill('ООО «Тест»')
    await form.getByLabel('Телефон').pressSequentially('9161234567')
    await form.getByLabel('Электронная почта').fill('not-an-email')
    await form.getByLabel('Сообщение').fill('Нужна диагностика квадрокоптера после падения.')
    await form.getByRole('button', { name: 'Отправить заявку' }).click()
    await expect(form.getByText('Введите адрес электронной почты, например name@company.ru')).toBeVisible()
    // Nothing typed is lost.
    await expect(form.getByLabel('Как к вам обращаться')).toHaveValue(unique)
    await expect(form.getByLabel('Телефон')).toHaveValue('+7 (916) 123-45-67')
    await expect(form.getByLabel('Сообщение')).toHaveValue('Нужна диагностика квадрокоптера после падения.')

    await form.getByLabel('Электронная почта').fill('ivan@example.com')
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: 'Отправить заявку' }).click()
    await expect(page.getByText('Заявка отправлена')).toBeVisible()

    // Stored in the database: staff see it through the staff API.
    const login = await request.post('/api/v1/auth/login', {
      data: { email: 'staff@example.com', password: 'demo-password' },
    })
    expect(login.status()).toBe(200)
    const leads = await request.get('/api/v1/staff/leads')
    expect(leads.status()).toBe(200)
    const body = (await leads.json()) as { data: { name: string; sourcePath: string; phone: string; email: string }[] }
    expect(body.data).toContainEqual(
      expect.objectContaining({
        name: unique,
        sourcePath: '/platforms/repair',
        phone: '+79161234567',
        email: 'ivan@example.com',
      }),
    )
  })
})

test('the sitemap lists every content page and robots.txt names it', async ({ request, baseURL }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const path of PAGES) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`)
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})

// Client-side navigations load `{path}.data`: every kind of content page must answer it.
guestTest('client-side navigation reaches the info, legal and sphere pages', async ({ guestPage: page }) => {
  await page.goto('/')
  await waitForHydration(page)
  for (const [name, path] of [
    ['О платформе', '/about'],
    ['Пользовательское соглашение', '/legal-information/user-agreement'],
    ['Ремонт', '/platforms/repair'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(path)
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.getByRole('heading', { name: 'Ошибка 404' })).toHaveCount(0)
  }
})
