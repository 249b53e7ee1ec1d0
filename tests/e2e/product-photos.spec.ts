import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { MEDIA_MESSAGES } from '#common/product-media.ts'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { photoFile } from './photos.ts'

async function signIn(page: Page) {
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'vendor@example.com', password: 'demo-password' },
  })
  expect(login.status()).toBe(200)
}

/** The path below the image service of the n-th thumbnail in the form (what its `src` asks for). */
async function photoPath(page: Page, n: number) {
  const src = await page.getByTestId('product-photo').nth(n).locator('img').getAttribute('src')
  return /product-photos\/[0-9a-f]{32}\.webp/.exec(src ?? '')?.[0]
}

test('the vendor adds photos to a new product, makes the second the main one and sees it in the preview', async ({
  page,
  consoleErrors,
}) => {
  // A new product, uploads encoded by the server, a refused file, reordering and the preview:
  // past 30 s on a busy machine.
  test.slow()
  // The text file posing as a PNG is refused by the server with a 400; the browser reports it.
  consoleErrors.allow(/status of 400 \(Bad Request\)/)
  await signIn(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/personal-account/products/edit/new')
  await waitForHydration(page)
  await expect(page.getByText('Их можно добавить, как только черновик сохранится')).toBeVisible()

  const title = `Квадрокоптер Фото ${randomUUID().slice(0, 8)}`
  await page.getByLabel('Название').fill(title)
  await page.waitForURL(/\/personal-account\/products\/edit\/[0-9a-f-]{36}$/)
  await waitForHydration(page)
  const photos = page.getByTestId('product-photo')
  await expect(page.getByRole('heading', { name: 'Фотографии', exact: true })).toBeVisible()
  await expect(page.getByText(/не хватает:.*фотографии/)).toBeVisible()

  // Two at once: they go up in the order chosen, the first becomes the main one.
  await page
    .getByLabel('Выбрать фотографии')
    .setInputFiles([
      await photoFile('front.jpg', 'jpeg', { r: 200, g: 40, b: 40 }),
      await photoFile('side.png', 'png', { r: 40, g: 160, b: 60 }),
    ])
  await expect(photos).toHaveCount(2)
  await expect(photos.first().getByText('Главная')).toBeVisible()
  await expect(page.getByLabel('Подпись к фото 1')).toHaveValue(title)
  await expect(page.getByText(/не хватает:.*фотографии/)).toHaveCount(0)
  const first = await photoPath(page, 0)
  const second = await photoPath(page, 1)
  expect(first).toBeTruthy()
  expect(second).toBeTruthy()

  // A text file named .png is refused by its content; the photos already there stay.
  await page
    .getByLabel('Выбрать фотографии')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('это не картинка') })
  await expect(page.getByRole('alert').filter({ hasText: MEDIA_MESSAGES.photoType })).toBeVisible()
  await expect(photos).toHaveCount(2)

  // From the keyboard: the second becomes the main one.
  await page.getByRole('button', { name: 'Сделать главной: фото 2' }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => photoPath(page, 0)).toBe(second)
  await expect(photos.first().getByText('Главная')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Переместить выше: фото 1' })).toBeDisabled()
  await page.getByLabel('Подпись к фото 1').fill('Квадрокоптер сбоку')
  await page.getByLabel('Подпись к фото 1').press('Tab')

  await expectNoSeriousViolations(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(photos.first()).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await expectNoSeriousViolations(page)

  // Saved on the server: a reload shows the same order and caption.
  await page.reload()
  await waitForHydration(page)
  await expect.poll(() => photoPath(page, 0)).toBe(second)
  await expect(page.getByLabel('Подпись к фото 1')).toHaveValue('Квадрокоптер сбоку')
  expect(await photoPath(page, 1)).toBe(first)

  // The preview shows them as the product page will: the main one first.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('link', { name: 'Предпросмотр' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const main = page.locator('[data-gallery-main] img')
  await expect(main).toHaveAttribute('src', new RegExp(second!.replace('.', '\\.')))
  await expect(main).toHaveAttribute('alt', 'Квадрокоптер сбоку')
  await expect(page.getByRole('list', { name: 'Фотографии товара' }).getByRole('button')).toHaveCount(2)
  // The picture itself comes from the image service, resized.
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
})
