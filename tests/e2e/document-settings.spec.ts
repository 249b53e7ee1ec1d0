import { expect, test, waitForHydration } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { photoFile } from './photos.ts'

// A demo vendor no other spec signs in as; the seed named its head, which this test changes.
const OWNER = 'sales@kaluzhskiy-tsentr-bespilotnoy-aviatsii.example'

test.use({ viewport: { width: 390, height: 844 } })

test('an owner hands the signature to a colleague by power of attorney on a phone: what is missing is named, the rest kept', async ({
  page,
}) => {
  const login = await page.request.post('/api/v1/auth/login', { data: { email: OWNER, password: 'demo-password' } })
  expect(login.status()).toBe(200)
  await page.goto('/personal-account/company#document-settings')
  await waitForHydration(page)

  const block = page.getByRole('region', { name: 'Подписанты и документы' })
  // The seed's head; a seller without VAT (its prices are «Без НДС»).
  await expect(block.getByText('Соболева Юлия', { exact: false })).toBeVisible()
  await expect(block.getByText('Не плательщик НДС', { exact: false })).toBeVisible()
  await block.getByRole('button', { name: 'Изменить подписантов' }).click()

  const form = block.getByRole('form', { name: 'Подписанты и документы' })
  await expect(form.getByRole('textbox', { name: 'Руководитель', exact: true })).toHaveValue(/^Соболева Юлия/)
  await form.getByRole('radio', { name: 'Другой сотрудник по доверенности' }).check()
  const attorney = form.getByRole('group', { name: 'Кто подписывает по доверенности' })
  await attorney.getByRole('textbox', { name: 'Фамилия, имя и отчество' }).fill('Кравцов Денис Олегович')
  await form.getByRole('textbox', { name: 'Идентификатор участника ЭДО' }).fill('1BE-123')
  await form.getByRole('button', { name: 'Сохранить' }).click()

  // Checked in the browser before anything is sent: each missing or wrong field says what it needs.
  await expect(form.getByText('Укажите должность того, кто подписывает по доверенности')).toBeVisible()
  await expect(form.getByText('Укажите номер доверенности')).toBeVisible()
  await expect(form.getByText('Укажите дату доверенности')).toBeVisible()
  const edo = form.getByRole('textbox', { name: 'Идентификатор участника ЭДО' })
  await expect(edo).toHaveAttribute('aria-invalid', 'true')
  await expect(attorney.getByRole('textbox', { name: 'Фамилия, имя и отчество' })).toHaveValue('Кравцов Денис Олегович')

  await attorney.getByRole('textbox', { name: 'Должность' }).fill('Коммерческий директор')
  await attorney.getByRole('textbox', { name: 'Номер доверенности' }).fill('7/2026')
  await attorney.getByLabel('Дата доверенности').fill('2026-02-01')
  await edo.fill('2AE4027405442-402701001')
  // The stamp for the printed forms, uploaded as the organization's picture and shown at once.
  const stamp = form.getByRole('group', { name: 'Печать для печатных форм' })
  await stamp.locator('input[type="file"]').setInputFiles(await photoFile('stamp.png', 'png', { r: 40, g: 70, b: 200 }))
  await expect(stamp.getByRole('img', { name: 'Печать для печатных форм' })).toBeVisible()
  await expectNoSeriousViolations(page, { include: '#document-settings' })
  await form.getByRole('button', { name: 'Сохранить' }).press('Enter')

  await expect(block.getByRole('status')).toHaveText('Подписанты и настройки документов сохранены')
  await expect(
    block.getByText('Кравцов Денис Олегович, коммерческий директор, по доверенности № 7/2026 от 01.02.2026'),
  ).toBeVisible()
  await expect(block.getByText('2AE4027405442-402701001')).toBeVisible()
  await expect(block.getByText('печать', { exact: true })).toBeVisible()
  await expectNoHorizontalOverflow(page)

  await page.reload()
  await expect(
    page
      .getByRole('region', { name: 'Подписанты и документы' })
      .getByText('по доверенности № 7/2026', { exact: false }),
  ).toBeVisible()
})
