import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { photoFile } from './photos.ts'

const QUEUE = '/personal-account/staff/products'
const PASSWORD = 'demo-password'

// Other specs share the server's demo data and run in parallel: this one moderates only the
// products it creates itself, each with a title and an article number no one else uses.
const TAG = randomUUID().slice(0, 8)

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })
  expect(res.status(), `sign-in of ${email}`).toBe(200)
}

/** What the vendor's form sends for a complete multirotor (like `completeDraft` of the server's tests). */
function completeDraft(letter: string, overrides: Record<string, unknown> = {}) {
  return {
    sku: `E2E-${TAG}-${letter}`,
    title: `Квадрокоптер Проверка ${TAG} ${letter}`,
    brand: 'Аэроскан',
    model: `Проверка ${letter}`,
    categorySlug: 'multirotornye',
    priceKopecks: 125_000_00,
    vatRate: '22',
    availability: 'in_stock',
    description: '<p>Лёгкий квадрокоптер для <strong>аэрофотосъёмки</strong> и мониторинга объектов.</p>',
    areas: ['stroitelstvo'],
    specs: { max_takeoff_weight: 2.5, flight_time: 42, range: 8, country: 'RU' },
    ...overrides,
  }
}

/** Creates a complete product as the vendor and sends it to moderation; returns its id and title. */
async function submitNew(vendor: APIRequestContext, letter: string) {
  const body = completeDraft(letter)
  const created = await vendor.post('/api/v1/cabinet/products', { data: body })
  expect(created.status(), await created.text()).toBe(201)
  const id = (await created.json()).data.id as string
  // Moderation needs a photo.
  const photo = await vendor.post(`/api/v1/cabinet/products/${id}/photos`, {
    multipart: { file: await photoFile(`${letter}.png`, 'png', { r: 40, g: 90, b: 160 }) },
  })
  expect(photo.status(), await photo.text()).toBe(201)
  const submitted = await vendor.post(`/api/v1/cabinet/products/${id}/submit`)
  expect(submitted.status(), await submitted.text()).toBe(200)
  return { id, title: body.title }
}

// «118 750 ₽» with whatever spaces Intl puts between the groups and before the sign.
const money = (roubles: string) => new RegExp(roubles.replace(/ /g, '\\s') + '\\s₽')

test('staff moderate products: the queue, an update beside the version on sale, sending back, approving', async ({
  browser,
  page,
}) => {
  test.slow() // two users, four products, two viewports and four axe runs

  // The vendor prepares three products: two new ones and a new price for one already on sale.
  const vendorContext = await browser.newContext()
  const vendor = vendorContext.request
  await signIn(vendor, 'vendor@example.com')
  await signIn(page.request, 'staff@example.com')
  const fixes = await submitNew(vendor, 'А')
  const approve = await submitNew(vendor, 'Б')
  const update = await submitNew(vendor, 'В')
  expect((await page.request.post(`/api/v1/staff/products/${update.id}/approve`)).status()).toBe(200)
  const edited = await vendor.patch(`/api/v1/cabinet/products/${update.id}`, {
    data: completeDraft('В', {
      priceKopecks: 118_750_00,
      description: '<p>Лёгкий квадрокоптер для аэрофотосъёмки, мониторинга и <em>инспекции</em> объектов.</p>',
    }),
  })
  expect(edited.status(), await edited.text()).toBe(200)
  expect((await vendor.post(`/api/v1/cabinet/products/${update.id}/submit`)).status()).toBe(200)

  // The queue, narrowed to the demo vendor with the keyboard-usable filter form.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(QUEUE)
  await waitForHydration(page)
  const tab = page.getByRole('navigation', { name: 'Разделы модерации' }).getByRole('link', { name: 'Товары' })
  await expect(tab).toHaveAttribute('aria-current', 'page')
  const vendorSelect = page.getByLabel('Продавец', { exact: true })
  const aerotech = await vendorSelect.locator('option', { hasText: 'АэроТех' }).getAttribute('value')
  await vendorSelect.selectOption(aerotech!)
  await page.getByRole('button', { name: 'Показать' }).press('Enter')
  await expect(page).toHaveURL(new RegExp(`vendor=${aerotech}`))

  const queue = page.getByRole('list', { name: 'Очередь товаров' })
  const rowOf = (title: string) => queue.getByRole('listitem').filter({ hasText: title })
  await expect(rowOf(update.title)).toContainText('Изменение опубликованного')
  await expect(rowOf(update.title)).toContainText(`E2E-${TAG}-В`)
  await expect(rowOf(update.title)).toContainText('ООО «АэроТех Системы»')
  await expect(rowOf(update.title)).toContainText('Мультироторные')
  await expect(rowOf(update.title)).toContainText(money('118 750'))
  await expect(rowOf(update.title)).toContainText(/ждёт меньше часа/)
  await expect(rowOf(fixes.title)).toContainText('Новый товар')
  await expect(rowOf(approve.title)).toContainText('Новый товар')
  await expectNoSeriousViolations(page)

  // The update: the new price beside the one on sale, highlighted, and the summary.
  await rowOf(update.title).getByRole('link', { name: update.title }).click()
  await expect(page).toHaveURL(`${QUEUE}/${update.id}`)
  await expect(page.getByRole('heading', { name: update.title })).toBeVisible()
  await expect(page.getByText('Изменено: цена, описание')).toBeVisible()
  // An update of a product on sale proposes no new model: its own is not offered as a duplicate.
  await expect(page.getByRole('region', { name: 'Каталог моделей' })).toContainText('Похожих моделей в каталоге нет')
  const price = page.getByRole('group', { name: 'Цена', exact: true })
  await expect(price).toHaveAttribute('data-changed', 'true')
  await expect(price.getByText('Изменено', { exact: true })).toBeVisible()
  await expect(price).toContainText(money('118 750'))
  await expect(price).toContainText(money('125 000'))
  const brand = page.getByRole('group', { name: 'Бренд', exact: true })
  await expect(brand).not.toHaveAttribute('data-changed')
  await expect(page.getByRole('group', { name: 'Время полёта' })).toContainText('42 мин')
  await expect(page.getByRole('group', { name: 'Описание' })).toContainText('инспекции')
  await expect(page.getByRole('link', { name: 'ООО «АэроТех Системы»' })).toHaveAttribute(
    'href',
    /^\/sellers\/[a-z0-9-]+$/,
  )
  await expect(page.getByRole('region', { name: 'История' })).toContainText('На модерации → Одобрен')
  await expectNoSeriousViolations(page)

  // At 375 px the columns are stacked and each value says which version it is.
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(price.getByText('На модерации', { exact: true })).toBeVisible()
  await expect(price.getByText('Сейчас в каталоге', { exact: true })).toBeVisible()
  const [draftBox, liveBox] = await Promise.all([
    price.getByText(money('118 750')).boundingBox(),
    price.getByText(money('125 000')).boundingBox(),
  ])
  expect(liveBox!.y).toBeGreaterThan(draftBox!.y)
  await expectNoHorizontalOverflow(page)
  await expectNoSeriousViolations(page)

  await page.goto(QUEUE)
  await waitForHydration(page)
  await expect(page.getByRole('list', { name: 'Очередь товаров' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await expectNoSeriousViolations(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  // Sending back needs a comment: the error sits at the field; with one, the product leaves the queue.
  await page.goto(`${QUEUE}/${fixes.id}`)
  await waitForHydration(page)
  await expect(page.getByText('Изменено:')).toHaveCount(0) // a new product: one column, nothing to compare
  await expect(page.getByText('Сейчас в каталоге')).toHaveCount(0)
  const comment = page.getByRole('textbox', { name: 'Что исправить продавцу' })
  await page.getByRole('button', { name: 'Вернуть на доработку' }).click()
  await expect(comment).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Напишите, что нужно исправить')).toBeVisible()
  await expect(comment).toBeFocused()
  await comment.fill('Добавьте фотографии и сертификат соответствия.')
  await page.getByRole('button', { name: 'Вернуть на доработку' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Товар возвращён на доработку' })).toBeVisible()
  await expect(page.getByText('Комментарий модератора: Добавьте фотографии и сертификат соответствия.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Вернуть на доработку' })).toHaveCount(0)

  // Approving: on sale at once, with a link to its page.
  await page.goto(`${QUEUE}/${approve.id}`)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Одобрить' }).click()
  const approved = page.getByRole('status').filter({ hasText: 'Товар одобрен и уже в каталоге.' })
  await expect(approved).toBeVisible()
  const productLink = approved.getByRole('link', { name: /Открыть страницу товара/ })
  const href = await productLink.getAttribute('href')
  expect(href).toMatch(/^\/product\/[a-z0-9-]+$/)
  // A new product just approved is one version, not «a change of the published one».
  await expect(page.getByText('Изменение опубликованного')).toHaveCount(0)
  await expect(page.getByText('Изменений нет')).toHaveCount(0)
  // The next product waiting is a click away; the update is still in the queue.
  await expect(approved.getByRole('link', { name: 'Следующий в очереди' })).toHaveAttribute(
    'href',
    new RegExp(`^${QUEUE}/[0-9a-f-]{36}$`),
  )

  await approved.getByRole('link', { name: 'Вернуться к очереди' }).click()
  await expect(page).toHaveURL(QUEUE)
  await expect(page.getByRole('list', { name: 'Очередь товаров' })).toBeVisible()
  await expect(page.getByText(update.title)).toBeVisible()
  await expect(page.getByText(fixes.title)).toHaveCount(0)
  await expect(page.getByText(approve.title)).toHaveCount(0)

  const publicPage = await page.goto(href!)
  expect(publicPage?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: approve.title })).toBeVisible()

  // Someone else decides while the page is open: the late decision is refused in Russian, and
  // the page shows where the product stands now.
  const raced = await submitNew(vendor, 'Г')
  await page.goto(`${QUEUE}/${raced.id}`)
  await waitForHydration(page)
  expect((await page.request.post(`/api/v1/staff/products/${raced.id}/approve`)).status()).toBe(200)
  await page.getByRole('textbox', { name: 'Что исправить продавцу' }).fill('Уточните комплектацию.')
  await page.getByRole('button', { name: 'Вернуть на доработку' }).click()
  await expect(page.getByRole('alert').filter({ hasText: /вернуть на доработку можно только/i })).toBeVisible()
  await expect(page.getByText('Товар одобрен и продаётся в каталоге.')).toBeVisible()

  // The vendor is no staff: the forbidden page.
  const vendorPage = await vendorContext.newPage()
  const refused = await vendorPage.goto(QUEUE)
  expect(refused?.status()).toBe(403)
  await expect(vendorPage.getByRole('heading', { level: 1, name: 'Ошибка 403' })).toBeVisible()
  expect((await vendorPage.goto(`${QUEUE}/${update.id}`))?.status()).toBe(403)
  await vendorContext.close()
})
