import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { inDays, pick } from './inputs.ts'
import { newPerson } from './people.ts'

test('a guest is asked to sign in to write a request', async ({ page }) => {
  await page.goto('/services/request')
  await expect(page.getByRole('heading', { level: 1, name: 'Заявка на работы' })).toBeVisible()
  await expect(page.getByText('Войдите, чтобы разместить заявку на бирже услуг')).toBeVisible()
})

test('publishing an empty form creates nothing, and a field’s error goes as soon as it is fixed', async ({
  browser,
}) => {
  const buyer = await newPerson(browser, 'buyer@example.com')
  const drafts = async () => {
    const res = await buyer.request.get('/api/v1/exchange/cabinet/requests?filter=drafts')
    expect(res.status()).toBe(200)
    return (await res.json()).meta.total as number
  }
  const before = await drafts()
  await buyer.goto('/services/request')
  await waitForHydration(buyer)
  await buyer.getByRole('button', { name: 'Опубликовать заявку' }).click()
  await expect(buyer.getByRole('alert')).toContainText('Заполните обязательные поля, чтобы опубликовать заявку')
  await expect(buyer.getByText('Укажите, что нужно сделать')).toBeVisible()
  await expect(buyer.getByText('Укажите регион работ')).toBeVisible()
  // Still the new form: no draft was made.
  expect(new URL(buyer.url()).search).toBe('')
  expect(await drafts()).toBe(before)

  await buyer.getByLabel('Название').fill('Съёмка карьера')
  await expect(buyer.getByText('Укажите, что нужно сделать')).toHaveCount(0)
  await expect(buyer.getByText('Укажите регион работ')).toBeVisible()
})

test('the map opens on the region chosen, refuses an area drawn elsewhere and questions one far larger than stated', async ({
  browser,
}) => {
  const buyer = await newPerson(browser, 'buyer@example.com')
  await buyer.goto('/services/request')
  await waitForHydration(buyer)
  const map = buyer.locator('.leaflet-container')
  await expect(map).toHaveAttribute('data-center', /^55\.\d+,37\.\d+$/)
  await pick(buyer, 'Регион', 'Воронеж', 'Воронежская область')
  // The middle of the Voronezh region's box: about 50.8° N, 40.6° E.
  await expect(map).toHaveAttribute('data-center', /^(50|51)\.\d+,(39|40|41)\.\d+$/)

  // A contour typed at Moscow while the region is Voronezh: said at once, under the map.
  await buyer.getByText('Ввести координаты вручную').click()
  const coordinates = buyer.getByLabel('Координаты вершин участка')
  await coordinates.fill('55.70, 37.50\n55.70, 37.52\n55.72, 37.52')
  await buyer.getByRole('button', { name: 'Применить координаты' }).click()
  const outside =
    'Участок на карте лежит вне региона «Воронежская область»: нарисуйте его там или выберите другой регион'
  await expect(buyer.getByText(outside)).toBeVisible()

  // A field near Voronezh of about 100 000 га for 250 га of work: the form asks to check it.
  await coordinates.fill('51.40, 39.00\n51.40, 39.45\n51.70, 39.45\n51.70, 39.00')
  await buyer.getByRole('button', { name: 'Применить координаты' }).click()
  await expect(buyer.getByText(outside)).toHaveCount(0)
  await buyer.getByLabel('Объём работ').fill('250')
  await expect(
    buyer.getByRole('status').filter({ hasText: /^Участок на карте — [\d\s\u00a0]+ га, а объём работ — 250 га/ }),
  ).toBeVisible()
  // The figure under the map is the one the warning gives.
  const shown = (await buyer.getByText(/^Площадь: /).innerText()).replace('Площадь: ', '')
  await expect(buyer.getByRole('status').filter({ hasText: `Участок на карте — ${shown}` })).toBeVisible()
})

test('the buyer writes a request with an area and flight details, keeps a draft, publishes it', async ({ browser }) => {
  test.setTimeout(360_000)
  const buyer = await newPerson(browser, 'buyer@example.com')
  const tag = Date.now().toString(36).toUpperCase()
  const title = `Обработка 120 га пшеницы ${tag}`

  await buyer.setViewportSize({ width: 375, height: 800 })
  await buyer.goto('/services/request')
  await waitForHydration(buyer)
  await expect(buyer.getByRole('heading', { level: 1, name: 'Новая заявка на работы' })).toBeVisible()
  await expectNoSeriousViolations(buyer)
  // Nothing wider than the phone's screen.
  await expectNoHorizontalOverflow(buyer)

  await pick(buyer, 'Вид работ', null, 'Агрохимическая обработка')
  await pick(buyer, 'Сфера', null, 'Сельское хозяйство')
  await buyer.getByLabel('Название').fill(title)
  await buyer.getByLabel('Описание').fill('Гербицидная обработка озимой пшеницы, подъезд к полю есть.')
  await pick(buyer, 'Регион', 'Краснодар', 'Краснодарский край')
  // The area typed as coordinates: map tiles are off in tests, and the keyboard needs no map.
  await buyer.getByText('Ввести координаты вручную').click()
  await buyer.getByLabel('Координаты вершин участка').fill('45.2000, 38.9000\n45.2000, 38.9500\n45.2300, 38.9500')
  await buyer.getByRole('button', { name: 'Применить координаты' }).click()
  await expect(buyer.getByText(/^Площадь: /)).toBeVisible()

  await buyer.getByLabel('Максимальная высота полёта, м').fill('50')
  await buyer.getByLabel('Участок в контролируемом воздушном пространстве').check()
  await buyer.getByRole('radio', { name: 'Заказчик' }).check()

  // A draft keeps what is there so far.
  await buyer.getByRole('button', { name: 'Сохранить черновик' }).click()
  await buyer.waitForURL(/\/services\/request\?draft=Z-\d{4}-\d+$/)
  const number = new URL(buyer.url()).searchParams.get('draft')!

  // Coming back to it later: everything typed is there.
  await buyer.goto(`/services/request?draft=${number}`)
  await waitForHydration(buyer)
  await expect(buyer.getByRole('heading', { level: 1, name: `Черновик заявки № ${number}` })).toBeVisible()
  await expect(buyer.getByLabel('Название')).toHaveValue(title)
  await expect(buyer.getByLabel('Максимальная высота полёта, м')).toHaveValue('50')
  await expect(buyer.getByLabel('Участок в контролируемом воздушном пространстве')).toBeChecked()
  await expect(buyer.getByRole('radio', { name: 'Заказчик' })).toBeChecked()
  await expect(buyer.getByText(/^Площадь: /)).toBeVisible()

  // Publishing without dates says what is missing beside the fields and loses nothing.
  await buyer.getByRole('button', { name: 'Опубликовать заявку' }).click()
  await expect(buyer.getByText('Укажите срок приёма предложений')).toBeVisible()
  await expect(buyer.getByLabel('Название')).toHaveValue(title)

  await buyer.getByLabel('Начало работ').fill(inDays(20))
  await buyer.getByLabel('Окончание работ').fill(inDays(23))
  await buyer.getByLabel('Приём предложений до').fill(inDays(10))
  // A fixed field is no longer red, before anything is sent again.
  await expect(buyer.getByText('Укажите срок приёма предложений')).toHaveCount(0)
  await buyer.getByLabel('Объём работ').fill('120')
  // A draft saved without a budget reads as «по договорённости»: a sum is typed in its place.
  await buyer.getByLabel('По договорённости').uncheck()
  await buyer.getByLabel('Бюджет, ₽').fill('300000')
  await buyer.getByRole('button', { name: 'Опубликовать заявку' }).click()
  await buyer.waitForURL(`/services/requests/${number}`)
  await waitForHydration(buyer)

  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(buyer.getByText('Приём предложений', { exact: true })).toBeVisible()
  await expect(buyer.getByText('Агрохимическая обработка')).toBeVisible()
  await expect(buyer.getByText('Краснодарский край')).toBeVisible()
  await expect(buyer.getByText(/^до 300\s?000\s?₽$/)).toBeVisible()
  await expect(buyer.getByText('120 га', { exact: true })).toBeVisible()
  await expect(buyer.getByRole('group', { name: 'Участок на карте' })).toBeVisible()
  const flight = buyer.getByRole('region', { name: 'Полёты' })
  await expect(flight.getByText('50 м', { exact: true })).toBeVisible()
  await expect(flight.getByText('Заказчик', { exact: true })).toBeVisible()
  await expect(buyer.getByRole('button', { name: 'Закрыть приём предложений' })).toBeVisible()
  await expectNoSeriousViolations(buyer)
  await expectNoHorizontalOverflow(buyer)

  await buyer.setViewportSize({ width: 1280, height: 900 })
  await expectNoSeriousViolations(buyer)

  // On the exchange, and readable by a guest.
  await buyer.goto('/services?tab=requests')
  await expect(buyer.getByRole('link', { name: title })).toBeVisible()
  const guestPage = await newPerson(browser)
  await guestPage.goto(`/services/requests/${number}`)
  await expect(guestPage.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(guestPage.getByRole('button', { name: 'Закрыть приём предложений' })).toHaveCount(0)
  // A guest who wants to answer it is told what signing in is for.
  await waitForHydration(guestPage)
  await guestPage
    .getByRole('alert')
    .filter({ hasText: 'Откликнуться нельзя' })
    .getByRole('button', { name: 'Войти' })
    .click()
  await expect(guestPage.getByRole('dialog', { name: 'Вход' })).toContainText('Войдите, чтобы откликнуться на заявку.')
})
