import { randomUUID } from 'node:crypto'
import { STAND_IN_INN } from '../../server/modules/organizations/company-registry/registry-stand-in.testing.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { linkFromMail } from './mail.ts'
import { expectNoSeriousViolations } from './a11y.ts'

// A minimal real PDF (the server checks the %PDF- signature as well as the extension).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

// A valid INN/OGRN pair no demo organization uses: check digits computed, not copied.
function innWithCheckDigit(base9: string): string {
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8]
  const sum = weights.reduce((acc, w, i) => acc + w * Number(base9[i]), 0)
  return base9 + String((sum % 11) % 10)
}
function ogrnWithCheckDigit(base12: string): string {
  return base12 + String((BigInt(base12) % 11n) % 10n)
}

test('register → organization → vendor role with a document → staff confirms → whoami and header show it', async ({
  browser,
  page,
}) => {
  test.slow() // two users, an upload and a moderation round trip
  const email = `vendor-${randomUUID().slice(0, 8)}@example.test`
  const inn = innWithCheckDigit(`77${String(Date.now()).slice(-7)}`)

  // 1. Register through the modal.
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Войти' }).first().click()
  const modal = page.getByRole('dialog')
  await modal.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await modal.getByLabel('Имя и фамилия').fill('Олег Воронцов')
  await modal.getByLabel('Электронная почта').fill(email)
  await modal.getByLabel('Пароль').fill('надёжный-пароль-2026')
  await modal.getByRole('checkbox').check()
  await modal.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(modal.getByRole('status')).toContainText('Мы отправили письмо')
  await page.goto(await linkFromMail(email, 'confirmEmail'))
  await page.getByRole('dialog', { name: 'Подтверждение адреса' }).getByRole('button', { name: 'Продолжить' }).click()
  await expect(modal).toBeHidden()

  // 2. Create the organization on the company page.
  await page.goto('/personal-account/company')
  await waitForHydration(page)
  await page.getByLabel('Краткое наименование').fill('ООО «Воронцов Аэро»')
  await page.getByLabel('Полное наименование').fill('Общество с ограниченной ответственностью «Воронцов Аэро»')
  await page.getByLabel('ИНН').pressSequentially(inn)
  await page.getByLabel('КПП').pressSequentially('770101001')
  await page.getByLabel('ОГРН').pressSequentially(ogrnWithCheckDigit(`102770${String(Date.now()).slice(-6)}`))
  await page.getByLabel('Юридический адрес').fill('125167, г. Москва, Ленинградский проспект, д. 39')
  await page.getByLabel('Электронная почта для связи').fill(email)
  await page.getByLabel('Телефон для связи').pressSequentially('4951234567')
  await page.getByRole('button', { name: 'Зарегистрировать организацию' }).click()

  // 3. Request the vendor role, attach a document, submit it.
  const vendor = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Поставщик' }) })
  await vendor.getByRole('button', { name: 'Запросить роль' }).click()
  const chooser = page.waitForEvent('filechooser')
  await vendor.getByRole('button', { name: 'Загрузить документы' }).click()
  await (await chooser).setFiles({ name: 'vypiska-egrul.pdf', mimeType: 'application/pdf', buffer: PDF })
  await expect(vendor.getByText('vypiska-egrul.pdf').first()).toBeVisible()
  await expect(vendor.getByRole('button', { name: 'Отправить на проверку' })).toBeEnabled()
  await vendor.getByRole('button', { name: 'Отправить на проверку' }).click()
  await expect(vendor.getByText('На проверке').first()).toBeVisible()

  const before = await (await page.request.get('/api/v1/users/whoami')).json()
  expect(before.data.organizations[0].roles).toEqual([{ type: 'vendor', status: 'moderation', confirmed: false }])

  // 4. Staff confirm it in the console.
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  const login = await staff.request.post('/api/v1/auth/login', {
    data: { email: 'staff@example.com', password: 'demo-password' },
  })
  expect(login.status()).toBe(200)
  await staff.goto('/personal-account/staff')
  const row = staff.getByRole('row').filter({ hasText: 'Воронцов Аэро' })
  await row.getByRole('link', { name: 'Проверить' }).click()
  await expect(staff.getByRole('link', { name: /vypiska-egrul\.pdf/ })).toBeVisible()
  // The register (the stand-in) does not know this made-up INN: staff are told before deciding.
  await expect(staff.getByText('ИНН не найден в ЕГРЮЛ и ЕГРИП')).toBeVisible()
  await staff.getByRole('button', { name: 'Подтвердить роль' }).click()
  await expect(staff.getByText(/подтвержден/i).first()).toBeVisible()
  await staffContext.close()

  // 5. The vendor's whoami says confirmed, and the header's account menu shows it.
  const after = await (await page.request.get('/api/v1/users/whoami')).json()
  expect(after.data.organizations[0].roles).toEqual([{ type: 'vendor', status: 'confirmed', confirmed: true }])
  await page.reload()
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Аккаунт: Олег Воронцов' }).click()
  await expect(page.getByRole('menu').getByText('Поставщик', { exact: true })).toBeVisible()
})

test('a guest opening the company page gets the modal and lands on the page after signing in', async ({ page }) => {
  await page.goto('/personal-account/company')
  // The modal opens once the page has hydrated, which on a busy machine takes longer than an
  // expectation's 5 s.
  await waitForHydration(page)
  const modal = page.getByRole('dialog')
  await expect(modal).toBeVisible()
  await modal.getByLabel('Электронная почта').fill('buyer@example.com')
  await modal.getByLabel('Пароль').fill('demo-password')
  await modal.getByRole('button', { name: 'Войти' }).click()
  await expect(modal).toBeHidden()
  await expect(page).toHaveURL('/personal-account/company')
  await expect(page.getByText('Агрохолдинг Заря').first()).toBeVisible()
})

test('«Заполнить по ИНН» fills the registration form from the state register, and says when it knows no such INN', async ({
  page,
  consoleErrors,
}) => {
  // The register knowing no such INN answers 404; the browser reports it.
  consoleErrors.expect(/status of 404 \(Not Found\)/)
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'buyer@example.com', password: 'demo-password' },
  })
  expect(login.status()).toBe(200)
  await page.goto('/personal-account/company?new')
  await waitForHydration(page)

  // An INN the register does not know: said under the button, nothing filled.
  await page.getByLabel('ИНН').pressSequentially(innWithCheckDigit('770812345'))
  await page.getByRole('button', { name: 'Заполнить по ИНН' }).click()
  await expect(page.getByRole('status').filter({ hasText: /не найдены в ЕГРЮЛ и ЕГРИП/ })).toBeVisible()
  await expect(page.getByLabel('Краткое наименование')).toHaveValue('')

  // The stand-in's company (tests/e2e/registry-stand-in.setup.ts).
  await page.getByLabel('ИНН').fill('')
  await page.getByLabel('ИНН').pressSequentially(STAND_IN_INN.company)
  await page.getByRole('button', { name: 'Заполнить по ИНН' }).click()
  await expect(page.getByLabel('Краткое наименование')).toHaveValue('ООО «ЯНДЕКС»')
  await expect(page.getByLabel('Полное наименование')).toHaveValue('ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ЯНДЕКС»')
  await expect(page.getByLabel('КПП')).toHaveValue(/^7704\s?01\s?001$|^770401001$/)
  await expect(page.getByLabel('Юридический адрес')).toHaveValue('119021, г Москва, ул Льва Толстого, д 16')
  await expect(page.getByLabel('ИНН')).toHaveValue(/7736\s?207\s?543|7736207543/)
  await expect(page.getByRole('status').filter({ hasText: 'Данные из реестра подставлены' })).toBeVisible()
  await expectNoSeriousViolations(page)
})
