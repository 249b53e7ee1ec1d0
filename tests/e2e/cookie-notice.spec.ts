import { expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { ownServer } from './own-server.ts'

// The cookie notice shows only where a Metrika counter is configured, so it runs on a server of
// its own with one. Yandex's script is answered by the test: nothing leaves the machine.

const METRIKA_ID = '12345678'
const server = ownServer(12, { METRIKA_ID })
test.afterAll(() => server.dispose())

type YmStub = { a: unknown[][] }

test('with a Metrika counter, analytics waits for the visitor’s consent, which the footer changes', async ({
  browser,
  consoleErrors,
}) => {
  test.setTimeout(240_000)
  await server.start()
  const { userAgent, viewport } = test.info().project.use
  const context = await browser.newContext({ baseURL: server.baseURL, userAgent, viewport })
  consoleErrors.watch(context)
  consoleErrors.allow(/status of 404 \(Not Found\)/) // the unknown page visited below
  const tagLoads: string[] = []
  await context.route('https://mc.yandex.ru/**', async (route) => {
    tagLoads.push(route.request().url())
    await route.fulfill({ contentType: 'text/javascript', body: 'window.__metrikaTag = true' })
  })
  const page = await context.newPage()
  const notice = page.getByRole('region', { name: 'Уведомление о cookie-файлах' })
  const settings = page.getByRole('button', { name: 'Настройки cookie-файлов' })
  const consent = async () => (await context.cookies()).find((c) => c.name === 'cookie_consent')?.value

  // A first visit asks, and nothing of Metrika loads meanwhile.
  await page.goto('/')
  await waitForHydration(page)
  await expect(notice).toBeVisible()
  await expect(notice.getByRole('link', { name: 'Политике обработки персональных данных' })).toHaveAttribute(
    'href',
    '/legal-information/privacy-policy#cookies',
  )
  await expectNoSeriousViolations(page, { include: 'section[aria-label="Уведомление о cookie-файлах"]' })
  expect(tagLoads).toEqual([])
  expect(await page.evaluate(() => typeof window.ym)).toBe('undefined')

  // Only the necessary cookies: the notice goes and stays away, and the counter never loads.
  await notice.getByRole('button', { name: 'Только необходимые' }).click()
  await expect(notice).toBeHidden()
  expect(await consent()).toBe('necessary')
  await page.goto('/no-such-page')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Ошибка 404' })).toBeVisible()
  await expect(notice).toBeHidden()
  expect(tagLoads).toEqual([])

  // The footer asks again; allowed, the counter loads and gets the goal the page queued before.
  await settings.click()
  await expect(notice).toBeFocused()
  await notice.getByRole('button', { name: 'Разрешить аналитику' }).click()
  await expect(notice).toBeHidden()
  await expect.poll(() => tagLoads.length).toBe(1)
  expect(await consent()).toBe('analytics')
  // The visitor's parameters go when the page has read the session, before the consent or after
  // it: wait for them, then the counter has had exactly its start, the queued goal and them.
  const calls = () => page.evaluate(() => (window.ym as unknown as YmStub).a.map((call) => call.slice(0, 3)))
  await expect.poll(async () => (await calls()).map((call) => call[1])).toContain('userParams')
  const [start, ...rest] = await calls()
  expect(start).toEqual([Number(METRIKA_ID), 'init', expect.anything()])
  expect(rest.sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
    [Number(METRIKA_ID), 'reachGoal', 'error_404'],
    [Number(METRIKA_ID), 'userParams', { status: 'guest', type: 'guest' }],
  ])

  // The next page starts the counter at once, without asking.
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => tagLoads.length).toBe(2)
  await expect(notice).toBeHidden()

  // Withdrawn: the page loads again, without the counter.
  await settings.click()
  await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Только необходимые' }).click()])
  await waitForHydration(page)
  expect(await consent()).toBe('necessary')
  expect(await page.evaluate(() => typeof window.ym)).toBe('undefined')
  expect(tagLoads).toHaveLength(2)
  await context.close()
})
