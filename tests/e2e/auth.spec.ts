import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { APIRequest, Page } from '@playwright/test'
import { expect, test as base, waitForHydration } from './fixtures.ts'
import { linkFromMail, tokenFromMail } from './mail.ts'

// Spec strings are written out here on purpose, not imported from common/: a typo there must fail
// these tests, not be shared by them.
const PROFILE_PATH = '/personal-account/profile'
const PASSWORD = 'Надёжный-пароль-2026'

interface Account {
  name: string
  email: string
  password: string
}

/**
 * One account for the whole run, registered through the API by whichever worker asks first:
 * registration is rate limited per address (5 an hour) and workers come and go (one is replaced
 * after every failed test), so the tests that only need "a user" share it. The other workers
 * read it from a file named after the run's database (E2E_PGLITE_DIR, one per run).
 */
async function runAccount(request: APIRequest, baseURL: string | undefined): Promise<Account> {
  const runId = basename(process.env.E2E_PGLITE_DIR ?? `run-${process.pid}-${Date.now()}`)
  const dir = join(tmpdir(), `bas-market-e2e-auth-${runId}`)
  const file = join(dir, 'account.json')
  try {
    mkdirSync(dir)
  } catch {
    await expect.poll(() => existsSync(file), { timeout: 30_000 }).toBe(true)
    return JSON.parse(readFileSync(file, 'utf8')) as Account
  }
  const account = { name: 'Ольга Смирнова', email: `e2e-auth-${Date.now()}@example.ru`, password: PASSWORD }
  const api = await request.newContext({ baseURL })
  const response = await api.post('/api/v1/auth/register', { data: { ...account, phone: '', consent: true } })
  expect(response.status(), await response.text()).toBe(202)
  const token = await tokenFromMail(account.email, 'confirmEmail')
  expect((await api.post('/api/v1/auth/email/confirm', { data: { token } })).status()).toBe(200)
  await api.dispose()
  writeFileSync(`${file}.tmp`, JSON.stringify(account))
  renameSync(`${file}.tmp`, file)
  return account
}

const test = base.extend<object, { account: Account }>({
  account: [
    async ({ playwright }, use, workerInfo) =>
      use(await runAccount(playwright.request, workerInfo.project.use.baseURL)),
    { scope: 'worker' },
  ],
})

function authDialog(page: Page, name: string) {
  return page.getByRole('dialog', { name })
}

async function signInThroughModal(page: Page, account: Account) {
  const dialog = authDialog(page, 'Вход')
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Электронная почта').fill(account.email)
  await dialog.getByLabel(/^Пароль/).fill(account.password)
  await dialog.getByLabel(/^Пароль/).press('Enter')
  await expect(dialog).toBeHidden()
}

function accountEntry(page: Page, name: string) {
  return page.getByRole('banner').getByLabel(`Аккаунт: ${name}`)
}

test('«Войти» opens the modal; registering there and opening the e-mailed link signs the user in', async ({ page }) => {
  const email = `e2e-register-${Date.now()}@example.ru`
  const name = 'Иван Петров'
  await page.goto('/')
  await waitForHydration(page)
  await expect
    .poll(() => page.evaluate(() => window.__analytics))
    .toContainEqual({
      kind: 'userParams',
      params: { status: 'guest', type: 'guest' },
    })

  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click()
  const signIn = authDialog(page, 'Вход')
  await expect(signIn).toBeVisible()
  await expect(signIn.getByLabel('Электронная почта')).toBeFocused()
  await signIn.getByRole('button', { name: 'Зарегистрироваться' }).click()

  const register = authDialog(page, 'Регистрация')
  await expect(register.getByLabel('Имя и фамилия')).toBeFocused()
  // The shared schema refuses in the browser, next to the fields, and keeps what was typed.
  await register.getByLabel('Имя и фамилия').fill(name)
  await register.getByLabel('Электронная почта').fill(email)
  await register.getByLabel(/^Пароль/).fill('short')
  await register.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(register.getByText('Пароль — не короче 12 символов')).toBeVisible()
  await expect(register.getByText(/Нужно согласие/)).toBeVisible()
  await expect(register.getByLabel('Имя и фамилия')).toHaveValue(name)

  await register.getByLabel('Телефон').fill('9161234567')
  await register.getByLabel(/^Пароль/).fill(PASSWORD)
  await register.getByRole('checkbox', { name: /пользовательское соглашение/ }).check()
  await register.getByRole('button', { name: 'Зарегистрироваться' }).click()
  // No account until the address is proved: the same answer whether or not it was taken.
  await expect(register.getByRole('status')).toContainText(`Мы отправили письмо на ${email}`)
  expect((await page.request.get('/api/v1/users/whoami')).status()).toBe(401)

  await page.goto(await linkFromMail(email, 'confirmEmail'))
  const confirm = authDialog(page, 'Подтверждение адреса')
  await expect(confirm.getByRole('status')).toContainText('регистрация завершена')
  // The token leaves the address bar at once.
  await expect(page).toHaveURL('/')
  await confirm.getByRole('button', { name: 'Продолжить' }).click()
  await expect(confirm).toBeHidden()

  const whoami = await page.request.get('/api/v1/users/whoami')
  expect(whoami.status()).toBe(200)
  expect((await whoami.json()).data).toMatchObject({ email, name, phone: '+79161234567' })
  await expect(accountEntry(page, name)).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toHaveCount(0)
  await expect
    .poll(() => page.evaluate(() => window.__analytics))
    .toContainEqual({
      kind: 'userParams',
      params: { status: 'registrated', type: 'buyer' },
    })

  // The account menu signs out.
  await accountEntry(page, name).click()
  await page.getByRole('menuitem', { name: 'Выйти' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible()
  expect((await page.request.get('/api/v1/users/whoami')).status()).toBe(401)
})

test('wrong credentials are refused in the modal with the input kept', async ({ page, consoleErrors }) => {
  consoleErrors.expect(/status of 401 \(Unauthorized\)/)
  // An address nobody has: sign-ins are rate limited per account, and the shared one needs its own.
  const email = `nobody-${Date.now()}@example.ru`
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click()
  const dialog = authDialog(page, 'Вход')
  await dialog.getByLabel('Электронная почта').fill(email)
  await dialog.getByLabel(/^Пароль/).fill('not-the-password')
  await dialog.getByRole('button', { name: 'Войти' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Неверный email или пароль')
  await expect(dialog.getByLabel('Электронная почта')).toHaveValue(email)
  // Esc closes the modal.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('a guest on a private page gets the modal; after signing in the page opens at the same URL', async ({
  page,
  account,
}) => {
  await page.goto(PROFILE_PATH)
  await waitForHydration(page)
  await signInThroughModal(page, account)
  await expect(page).toHaveURL(PROFILE_PATH)
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible()
  await expect(page.getByLabel('Имя и фамилия')).toHaveValue(account.name)
  await expect(page.getByText('Текущий сеанс')).toBeVisible()
  await expect(accountEntry(page, account.name)).toBeVisible()
})

test('a 401 from a protected call clears the user and opens the modal', async ({
  page,
  account,
  request,
  consoleErrors,
}) => {
  // The profile's action answers 401 once the session is gone; Chromium logs the failed request.
  consoleErrors.expect(/status of 401 \(Unauthorized\)/)
  const credentials = { email: account.email, password: account.password }
  expect((await page.request.post('/api/v1/auth/login', { data: credentials })).status()).toBe(200)
  await page.goto(PROFILE_PATH)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible()

  // A second client signed in as the same user ends this page's session server-side.
  const sessions = await (await page.request.get('/api/v1/users/me/sessions')).json()
  const current = sessions.data.find((s: { current: boolean }) => s.current)
  expect((await request.post('/api/v1/auth/login', { data: credentials })).status()).toBe(200)
  expect((await request.delete(`/api/v1/users/me/sessions/${current.id}`)).status()).toBe(204)

  // The phone, not the name: the account is shared, and other tests look for the name.
  await page.getByLabel('Телефон').fill('9161234567')
  await page.getByRole('button', { name: 'Сохранить' }).click()
  await expect(authDialog(page, 'Вход')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible()

  // Signing in again keeps the page and what was typed; the save then goes through.
  await signInThroughModal(page, account)
  await expect(page).toHaveURL(PROFILE_PATH)
  await expect(page.getByLabel('Телефон')).toHaveValue('+7 (916) 123-45-67')
  await page.getByRole('button', { name: 'Сохранить' }).click()
  await expect(page.getByText('Личные данные сохранены')).toBeVisible()
})

test('a 403 shows the forbidden page', async ({ page, account, consoleErrors }) => {
  consoleErrors.allow(/status of 403 \(Forbidden\)/)
  const credentials = { email: account.email, password: account.password }
  expect((await page.request.post('/api/v1/auth/login', { data: credentials })).status()).toBe(200)
  const response = await page.goto('/personal-account/staff')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Ошибка 403' })).toBeVisible()
  await expect(page.getByText('У вас нет доступа к этой странице')).toBeVisible()
})

test('a password-reset link opens «Новый пароль» and leaves the address', async ({ page, consoleErrors }) => {
  consoleErrors.expect(/status of 400 \(Bad Request\)/)
  await page.goto('/?resetToken=an-expired-or-unknown-token-0123456789')
  await waitForHydration(page)
  const dialog = authDialog(page, 'Новый пароль')
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL('/')
  await expect(dialog.getByLabel('Новый пароль')).toBeFocused()
  await dialog.getByLabel('Новый пароль').fill(PASSWORD)
  await dialog.getByLabel('Повторите пароль').fill(`${PASSWORD}!`)
  await dialog.getByRole('button', { name: 'Сохранить пароль' }).click()
  await expect(dialog.getByText('Пароли не совпадают')).toBeVisible()
  await dialog.getByLabel('Повторите пароль').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Сохранить пароль' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Ссылка для смены пароля недействительна или устарела')
})
