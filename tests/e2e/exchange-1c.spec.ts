import type { Page } from '@playwright/test'
import { createStandIn } from '../../server/modules/exchange-1c/stand-in/client.ts'
import { demoCatalog } from '../../server/modules/exchange-1c/stand-in/demo-catalog.ts'
import { catalogFiles } from '../../server/modules/exchange-1c/stand-in/files.ts'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// A demo vendor no other spec signs in as: its exchange is turned on here.
const OWNER = 'sales@energodronservis.example'

async function signInAs(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

test('a vendor turns the exchange with 1С on, 1С loads its catalogue, the vendor maps a group and reads the log', async ({
  page,
  baseURL,
}) => {
  test.slow()
  await signInAs(page, OWNER)
  await page.goto('/personal-account/company')
  await waitForHydration(page)
  const block = page.getByRole('region', { name: 'Обмен с 1С' })
  await expect(block.getByText('«Обмен с сайтом» (CommerceML 2)', { exact: false })).toBeVisible()
  const enable = block.getByRole('form', { name: 'Включить обмен с 1С' })
  // A login 1С cannot take is refused next to the field, with what was typed kept.
  await enable.getByRole('textbox', { name: 'Логин для 1С' }).fill('энерго 1с')
  await enable.getByRole('button', { name: 'Включить обмен и получить пароль' }).click()
  await expect(enable.getByText('Логин — от 3 до 60 латинских букв', { exact: false })).toBeVisible()
  await enable.getByRole('textbox', { name: 'Логин для 1С' }).fill('energo-1c')
  await enable.getByRole('button', { name: 'Включить обмен и получить пароль' }).click()

  const password = (await block.getByTestId('exchange-1c-password').textContent())!.trim()
  expect(password).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  await expect(block.getByText('скопируйте его сейчас, больше он показан не будет', { exact: false })).toBeVisible()
  await expect(block.getByRole('definition').filter({ hasText: `${baseURL}/exchange/1c` })).toBeVisible()
  await expect(block.getByRole('definition').filter({ hasText: /^energo-1c$/ })).toBeVisible()
  const settings = block.getByRole('form', { name: 'Настройки обмена с 1С' })
  await settings.getByRole('textbox', { name: 'Вид цен 1С, цены которого — цены на площадке' }).fill('Розничная')
  await settings.getByRole('button', { name: 'Сохранить настройки обмена' }).click()
  await expect(block.getByText('Настройки обмена сохранены')).toBeVisible()
  await expectNoSeriousViolations(page, { include: '#exchange-1c-title' })

  // 1С's side, request for request: four goods, each waiting in the drafts until its group is mapped.
  const client = createStandIn({ baseUrl: baseURL!, login: 'energo-1c', password, pollMs: 250, maxPolls: 400 })
  await client.catalog(catalogFiles(demoCatalog({ count: 4, from: 9000 })), { zip: false })

  await page.goto('/personal-account/exchange-1c')
  await waitForHydration(page)
  const groups = page.getByRole('form', { name: 'Группы 1С и категории каталога' })
  const quads = groups.getByRole('combobox', { name: 'Категория для группы «Квадрокоптеры»' })
  await expect(quads).toHaveValue('')
  await quads.selectOption({ label: 'Мультироторные' })
  await groups.getByRole('button', { name: 'Сохранить сопоставление' }).click()
  await expect(groups.getByText('Сопоставление сохранено', { exact: false })).toBeVisible()
  await expect(quads).toHaveValue('multirotornye')

  const log = page.getByRole('region', { name: 'Журнал обмена' })
  await expect(log.getByText('Успешно').first()).toBeVisible()
  await expectNoSeriousViolations(page)
  await log.getByRole('table', { name: 'Журнал обмена с 1С' }).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Выгрузка каталога')
  await expect(page.getByText('группа 1С «Запчасти прочие» не сопоставлена', { exact: false }).first()).toBeVisible()
  await expect(page.getByText('import.xml', { exact: true }).first()).toBeVisible()

  // On a phone the log is a list of cards, without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/personal-account/exchange-1c')
  await expect(page.getByRole('list', { name: 'Журнал обмена с 1С' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
})

test('staff read every vendor’s exchange log, each session with its errors', async ({ page }) => {
  await signInAs(page, 'staff@example.com')
  await page.goto('/personal-account/staff/exchange-1c')
  await waitForHydration(page)
  const staffLog = page.getByRole('table', { name: 'Журнал обмена с 1С' })
  // The demo vendor's sessions, one of them refused for its price type.
  await expect(staffLog.getByRole('cell', { name: 'ООО «АэроТех Системы»' }).first()).toBeVisible()
  await expect(staffLog.getByText('Ошибка').first()).toBeVisible()
  await expectNoSeriousViolations(page)
  const failed = staffLog.getByRole('row').filter({ hasText: 'Ошибка' })
  await failed.getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Выгрузка каталога')
  await expect(
    page.getByText('выберите в личном кабинете, какой из них — цены площадки', { exact: false }),
  ).toBeVisible()
})
