import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { linkFromMail, tokenFromMail } from './mail.ts'

const PASSWORD = 'Надёжный-пароль-2026'

/** A new account, registered and confirmed through the API in the page's own browser context. */
async function signedInAccount(page: Page) {
  const email = `e2e-email-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.ru`
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { name: 'Марина Кузнецова', email, password: PASSWORD, phone: '', consent: true },
  })
  expect(registered.status()).toBe(202)
  const token = await tokenFromMail(email, 'confirmEmail')
  expect((await page.request.post('/api/v1/auth/email/confirm', { data: { token } })).status()).toBe(200)
  return email
}

const emailSection = (page: Page) => page.getByRole('region', { name: 'Электронная почта' })
const linkDialog = (page: Page) => page.getByRole('dialog', { name: 'Подтверждение адреса' })
const whoamiEmail = async (page: Page) => (await (await page.request.get('/api/v1/users/whoami')).json()).data.email

test('a new e-mail address counts only after the link sent to it is opened; the old one is told', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 400 \(Bad Request\)/) // the wrong password
  const oldEmail = await signedInAccount(page)
  const newEmail = `new-${oldEmail}`
  await page.goto('/personal-account/profile')
  await waitForHydration(page)
  const section = emailSection(page)
  await expect(section).toContainText(`Сейчас вы входите с адресом ${oldEmail}`)

  // A wrong password is refused next to its field, with the typed address kept.
  await section.getByLabel('Новый адрес').fill(newEmail)
  await section.getByLabel('Текущий пароль').fill('не-тот-пароль-123')
  await section.getByRole('button', { name: 'Изменить адрес' }).click()
  await expect(section.getByText('Неверный текущий пароль')).toBeVisible()
  await expect(section.getByLabel('Новый адрес')).toHaveValue(newEmail)

  await section.getByLabel('Текущий пароль').fill(PASSWORD)
  await section.getByRole('button', { name: 'Изменить адрес' }).click()
  await expect(section.getByRole('status')).toContainText(`Мы отправили ссылку на ${newEmail}`)
  expect(await whoamiEmail(page)).toBe(oldEmail)
  // The old address is told, with a link that cancels.
  await linkFromMail(oldEmail, 'cancelEmailChange')

  await page.goto(await linkFromMail(newEmail, 'confirmEmail'))
  await expect(linkDialog(page).getByRole('status')).toHaveText(`Адрес для входа изменён на ${newEmail}.`)
  await expect(page).toHaveURL('/')
  await linkDialog(page).getByRole('button', { name: 'Продолжить' }).click()
  expect(await whoamiEmail(page)).toBe(newEmail)

  await page.goto('/personal-account/profile')
  await expect(emailSection(page)).toContainText(`Сейчас вы входите с адресом ${newEmail}`)
  await expect(emailSection(page).getByText('Ожидает подтверждения')).toHaveCount(0)
})

test('the link to the old address undoes a change and signs everyone out', async ({ page, consoleErrors }) => {
  consoleErrors.expect(/status of 401 \(Unauthorized\)/) // the session ended with the undo
  const oldEmail = await signedInAccount(page)
  const newEmail = `moved-${oldEmail}`
  await page.goto('/personal-account/profile')
  await waitForHydration(page)
  const section = emailSection(page)
  await section.getByLabel('Новый адрес').fill(newEmail)
  await section.getByLabel('Текущий пароль').fill(PASSWORD)
  await section.getByRole('button', { name: 'Изменить адрес' }).click()
  await expect(section.getByRole('status')).toContainText(newEmail)
  const token = await tokenFromMail(newEmail, 'confirmEmail')
  expect((await page.request.post('/api/v1/auth/email/confirm', { data: { token } })).status()).toBe(200)

  await page.goto(await linkFromMail(oldEmail, 'cancelEmailChange'))
  await expect(linkDialog(page).getByRole('status')).toContainText(`адрес для входа снова ${oldEmail}`)
  await linkDialog(page).getByRole('button', { name: 'Войти' }).click()
  const signIn = page.getByRole('dialog', { name: 'Вход' })
  await signIn.getByLabel('Электронная почта').fill(oldEmail)
  await signIn.getByLabel(/^Пароль/).fill(PASSWORD)
  await signIn.getByLabel(/^Пароль/).press('Enter')
  await expect(signIn).toBeHidden()
  expect(await whoamiEmail(page)).toBe(oldEmail)
})
