import type { Page } from '@playwright/test'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts'
import { photoFile } from './photos.ts'

/** The demo vendor, signed in through the API (the cookie lands in the page's context). */
async function signInAs(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

// Autosaves, the first save's move to the product's own address and the form's reloads are form
// posts and page loads: on a busy two-core machine they take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 })

const unique = () => Date.now().toString(36).toUpperCase()

test('a new product is saved as the vendor types, survives a reload, and refuses bad input next to the field', async ({
  page,
  consoleErrors,
}) => {
  test.slow() // typing, autosaves, a reload, the preview, a photo and the moderation, one after another
  // The refused price answers 400; the browser reports it.
  consoleErrors.allow(/status of 400 \(Bad Request\)/)
  await signInAs(page, 'vendor@example.com')
  await page.goto('/personal-account/products/edit/new')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Новый товар' })).toBeVisible()

  const sku = `E2E-${unique()}`
  await page.getByLabel('Название').fill(`Квадрокоптер Проверка ${sku}`)
  // The first save creates the draft and moves to its own address.
  await page.waitForURL(/\/personal-account\/products\/edit\/[0-9a-f-]{36}$/)
  await expect(page.getByText(/Все изменения сохранены в \d\d:\d\d/)).toBeVisible()

  await page.getByLabel('Бренд').fill('Проверка')
  await page.getByLabel('Модель').fill('П-1')
  await page.getByLabel('Артикул').fill(sku)
  await page.getByLabel('Категория').selectOption('multirotornye')
  await page.getByLabel('Цена, ₽').fill('сто рублей')
  await expect(page.getByText('Цена: введите число')).toBeVisible()
  await expect(page.getByText(/Не сохранено/)).toBeVisible()
  // The bad value stays where it was typed.
  await expect(page.getByLabel('Цена, ₽')).toHaveValue('сто рублей')

  await page.getByLabel('Цена, ₽').fill('125 000')
  // The seller's own terms: warranty, minimum order and the regions it delivers to.
  await page.getByLabel('Гарантия, месяцев').fill('24')
  await page.getByLabel('Минимальный заказ, шт.').fill('2')
  const regions = page.getByRole('combobox', { name: 'Регионы доставки' })
  await regions.fill('Свердлов')
  await page.getByRole('option', { name: 'Свердловская область' }).click()
  await regions.fill('Челяб')
  await page.getByRole('option', { name: 'Челябинская область' }).click()
  await page.getByLabel('Максимальная взлётная масса, кг').fill('2,4')
  const editor = page.getByRole('textbox', { name: 'Описание товара' })
  await editor.click()
  await page.keyboard.type('Лёгкий квадрокоптер для обследования кровли и фасадов.')
  await expect(page.getByText(/Все изменения сохранены в/)).toBeVisible()

  // A reload mid-edit loses nothing.
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByLabel('Артикул')).toHaveValue(sku)
  await expect(page.getByLabel('Цена, ₽')).toHaveValue('125000')
  await expect(page.getByLabel('Максимальная взлётная масса, кг')).toHaveValue('2,4')
  await expect(page.getByLabel('Гарантия, месяцев')).toHaveValue('24')
  await expect(page.getByLabel('Минимальный заказ, шт.')).toHaveValue('2')
  await expect(page.locator('input[type=hidden][name=deliveryRegions]')).toHaveValue('66,74')
  await expect(page.getByRole('textbox', { name: 'Описание товара' })).toContainText('обследования кровли')

  // The preview shows it as its product page will.
  await page.getByRole('link', { name: 'Предпросмотр' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Квадрокоптер Проверка ${sku}` })).toBeVisible()
  await expect(page.getByText('Предпросмотр: так товар будет выглядеть в каталоге')).toBeVisible()
  await expect(page.getByText('Цена с НДС 22%')).toBeVisible()
  const terms = page.getByRole('definition').filter({ hasText: /^(2 года|2 региона|2 шт\.)$/ })
  await expect(terms).toHaveCount(3)
  await page.getByRole('link', { name: 'Вернуться к редактированию' }).click()

  // Moderation needs a photo.
  await page
    .getByLabel('Выбрать фотографии')
    .setInputFiles(await photoFile('front.png', 'png', { r: 20, g: 80, b: 140 }))
  await expect(page.getByTestId('product-photo')).toHaveCount(1)

  // A toast confirms it for three seconds; the page itself keeps saying where the product stands.
  // The page notes the toast when it appears, so a busy machine's slow polling cannot miss it.
  const toast = 'Товар отправлен на модерацию. Мы напишем, когда модератор его проверит.'
  await page.evaluate((text) => {
    const seen = window as unknown as { toastSeen?: boolean }
    new MutationObserver((_records, observer) => {
      if (!document.body.textContent?.includes(text)) return
      seen.toastSeen = true
      observer.disconnect()
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  }, toast)
  await page.getByRole('button', { name: 'Отправить на модерацию' }).click()
  // Saving every field and sending it to moderation can take over 15 s on a slow, busy machine.
  // Until then the poll reads the form's save state, so a failure says what the page said instead.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            (window as unknown as { toastSeen?: boolean }).toastSeen ??
            [...document.querySelectorAll('[aria-live], [role=alert]')].map((node) => node.textContent).join(' | '),
        ),
      { timeout: 30_000 },
    )
    .toBe(true)
  await expect(page.getByRole('alert', { name: 'Товар на модерации' })).toBeVisible()
  await expect(page.getByText('Товар на модерации', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Название')).toBeDisabled()
})

test('a published product keeps its country of origin and customs declaration for the УПД, without moderation', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 400 \(Bad Request\)/)
  await signInAs(page, 'vendor@example.com')
  const list = await page.request.get('/api/v1/cabinet/products?tab=published')
  const product = (await list.json()).data.items[0] as { id: string; title: string }
  await page.goto(`/personal-account/products/edit/${product.id}`)
  await waitForHydration(page)
  const block = page.getByRole('region', { name: 'Происхождение товара для УПД' })
  // Chosen from the keyboard: type, the first match, Enter.
  const country = block.getByRole('combobox', { name: 'Страна происхождения' })
  await country.fill('Изра')
  await expect(page.getByRole('option', { name: 'Израиль (376)' })).toBeVisible()
  await country.press('ArrowDown')
  await country.press('Enter')
  await expect(country).toHaveValue('Израиль (376)')
  const declaration = block.getByLabel('Номер декларации на товары')
  await declaration.fill('10702070-151026')
  await block.getByRole('button', { name: 'Сохранить сведения для УПД' }).click()
  await expect(block.getByText(/Номер декларации на товары — в формате/)).toBeVisible()
  await expect(declaration).toHaveValue('10702070-151026')
  await expectNoSeriousViolations(page)

  await declaration.fill('10702070/151026/5012345/1')
  await block.getByRole('button', { name: 'Сохранить сведения для УПД' }).click()
  await expect(page.getByText('Сведения для УПД сохранены')).toBeVisible()
  await page.reload()
  await waitForHydration(page)
  await expect(block.getByRole('combobox', { name: 'Страна происхождения' })).toHaveValue('Израиль (376)')
  await expect(declaration).toHaveValue('10702070/151026/5012345/1')
  // Still on sale: these are the seller's document data, not the catalogue's.
  await expect(page.getByText('Опубликован в каталоге')).toBeVisible()
  await page.setViewportSize({ width: 390, height: 800 })
  await expectNoHorizontalOverflow(page)
})

test('leaving with unsaved changes asks first', async ({ page }) => {
  await signInAs(page, 'vendor@example.com')
  await page.goto('/personal-account/products/edit/new')
  await waitForHydration(page)
  await page.getByLabel('Название').fill(`Квадрокоптер Уход ${unique()}`)
  await page.waitForURL(/edit\/[0-9a-f-]{36}$/)
  await expect(page.getByText(/Все изменения сохранены/)).toBeVisible()
  await page.getByLabel('Модель').fill('У-1')
  // Before the form saves itself, a link out of the page is held.
  await page.getByRole('link', { name: '← Все товары' }).click()
  await expect(page.getByRole('dialog', { name: 'Изменения ещё не сохранены' })).toBeVisible()
  await page.getByRole('button', { name: 'Остаться' }).click()
  await expect(page.getByLabel('Модель')).toHaveValue('У-1')
})

test('a buyer is told how to sell instead of getting a form', async ({ page }) => {
  await signInAs(page, 'buyer@example.com')
  await page.goto('/personal-account/products/edit/new')
  await expect(page.getByText(/Товары размещают организации с ролью «Поставщик»/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Перейти на страницу компании' })).toBeVisible()
})

for (const width of [375, 1280]) {
  test(`the product form at ${width} px has no serious axe violations and no sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await signInAs(page, 'vendor@example.com')
    await page.goto('/personal-account/products/edit/new')
    await waitForHydration(page)
    await page.getByLabel('Категория').selectOption('vtol')
    await expect(
      page
        .getByRole('toolbar')
        .or(page.getByRole('button', { name: 'Полужирный' }))
        .first(),
    ).toBeVisible()
    await expectNoSeriousViolations(page)
    await expectNoHorizontalOverflow(page)
  })
}
