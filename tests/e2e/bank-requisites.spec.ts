import { expect, test, waitForHydration } from './fixtures.ts'
import { expectNoHorizontalOverflow } from './a11y.ts'

// A demo vendor no other spec signs in as; the seed gave it requisites, which this test replaces.
const OWNER = 'sales@yaroslavskiy-geotsentr.example'
// АО «ТБанк»'s BIK and correspondent account; the settlement account's key computed for that BIK.
const TBANK = { bik: '044525974', correspondent: '30101810145250000974', account: '40702810900000098765' }

test.use({ viewport: { width: 390, height: 844 } })

test('an owner changes the bank requisites on a phone: a wrong digit is caught, the fixed ones are saved', async ({
  page,
}) => {
  const login = await page.request.post('/api/v1/auth/login', { data: { email: OWNER, password: 'demo-password' } })
  expect(login.status()).toBe(200)
  await page.goto('/personal-account/company')
  await waitForHydration(page)

  const block = page.getByRole('region', { name: 'Банковские реквизиты' })
  await expect(block.getByText('БИК', { exact: true })).toBeVisible()
  await block.getByRole('button', { name: 'Изменить банковские реквизиты' }).click()

  const form = block.getByRole('form', { name: 'Банковские реквизиты' })
  await form.getByRole('textbox', { name: 'Банк', exact: true }).fill('АО «ТБанк»')
  for (const [label, digits] of [
    ['БИК', TBANK.bik],
    ['Расчётный счёт', `${TBANK.account.slice(0, 19)}6`], // one wrong digit
    ['Корреспондентский счёт', TBANK.correspondent],
  ] as const) {
    await form.getByRole('textbox', { name: label, exact: true }).fill('')
    await form.getByRole('textbox', { name: label, exact: true }).pressSequentially(digits)
  }
  await form.getByRole('button', { name: 'Сохранить' }).click()
  const account = form.getByRole('textbox', { name: 'Расчётный счёт', exact: true })
  await expect(form.getByText('Расчётный счёт не сходится с БИК')).toBeVisible()
  await expect(account).toHaveAttribute('aria-invalid', 'true')

  // The fix: the last digit, from the keyboard.
  await account.press('End')
  await account.press('Backspace')
  await account.press(TBANK.account.at(-1)!)
  await form.getByRole('button', { name: 'Сохранить' }).press('Enter')

  await expect(block.getByRole('status')).toHaveText('Банковские реквизиты сохранены')
  await expect(block.getByText(TBANK.account, { exact: true })).toBeVisible()
  await expect(block.getByText('АО «ТБанк»', { exact: true })).toBeVisible()
  // Nothing sticks out of a phone's screen.
  await expectNoHorizontalOverflow(page)

  await page.reload()
  await expect(page.getByRole('region', { name: 'Банковские реквизиты' }).getByText(TBANK.account)).toBeVisible()
})
