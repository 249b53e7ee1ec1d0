import { readFile } from 'node:fs/promises'
import { unzipSync } from 'fflate'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { signIn } from './people.ts'

test('the demo vendor’s registry lists its invoices, УПД and acts, filters them and gives a month’s ZIP', async ({
  page,
}) => {
  await signIn(page, 'vendor@example.com')
  await page.goto('/personal-account/documents')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Документы')
  await expect(
    page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Документы' }),
  ).toHaveAttribute('aria-current', 'page')
  const rows = page.getByRole('table').getByRole('row')
  await expect(rows.filter({ hasText: /Счёт на оплату № \d{4}-\d{5}/ }).first()).toBeVisible()
  await expect(rows.filter({ hasText: /УПД № \d+/ }).first()).toBeVisible()
  const totals = page.getByRole('group', { name: 'Итоги за период' })
  await expect(totals).toContainText('Выдано (продажи)')
  await expectNoSeriousViolations(page)

  // Only the УПД: each has its PDF and its XML for the exchange operator.
  const filters = page.getByRole('search', { name: 'Отбор документов' })
  await filters.getByLabel('Вид документа').selectOption('upd')
  await filters.getByRole('button', { name: 'Показать' }).click()
  await expect(page).toHaveURL(/kind=upd/)
  await expect(rows.filter({ hasText: 'Счёт на оплату' })).toHaveCount(0)
  const upd = rows.filter({ hasText: /УПД № \d+/ }).first()
  await expect(upd.getByRole('link', { name: /, XML$/ })).toHaveAttribute('href', /\/documents\/upd\.xml$/)

  // A counterparty nobody is: said so, with the way back.
  await filters.getByLabel('Контрагент: название или ИНН').fill('Нет такой организации')
  await filters.getByRole('button', { name: 'Показать' }).click()
  await expect(page.getByText('Ничего не найдено')).toBeVisible()
  await page.getByRole('link', { name: 'Показать все документы' }).click()
  await expect(page).toHaveURL('/personal-account/documents')

  // A period backwards is refused in Russian above the list.
  await filters.getByLabel('Период: с').fill('2026-12-31')
  await filters.getByLabel('по').fill('2026-01-01')
  await filters.getByRole('button', { name: 'Показать' }).click()
  await expect(page.getByRole('alert')).toContainText('Начало периода должно быть не позже его конца')

  // The month of the first document listed, as one ZIP.
  await page.goto('/personal-account/documents')
  await waitForHydration(page)
  const firstDate = (await rows.nth(1).locator('td').first().innerText()).match(/от (\d\d)\.(\d\d)\.(\d{4})/)!
  const archive = page.getByRole('region', { name: 'Архив за месяц для бухгалтерии' })
  await archive.getByLabel('Месяц').fill(`${firstDate[3]}-${firstDate[2]}`)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    archive.getByRole('button', { name: 'Скачать архив' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`documents-${firstDate[3]}-${firstDate[2]}.zip`)
  const names = Object.keys(unzipSync(new Uint8Array(await readFile((await download.path())!))))
  expect(names.length).toBeGreaterThan(0)
  expect(names.every((name) => name.startsWith('Выданные/') || name.startsWith('Полученные/'))).toBe(true)

  await page.setViewportSize({ width: 390, height: 800 })
  await expectNoHorizontalOverflow(page)
})
