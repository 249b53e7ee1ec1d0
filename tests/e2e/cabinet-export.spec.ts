import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

const HEADER = 'Артикул;Название;Бренд;Модель;Категория;Цена;НДС;Наличие;Описание;Фото'

test('the demo vendor downloads its products as CSV and opens its YML feed from the product list', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'vendor@example.com')
  await page.goto('/personal-account/products')
  await waitForHydration(page)
  const panel = page.getByRole('region', { name: 'Экспорт' })
  await panel.scrollIntoViewIfNeeded()

  const download = page.waitForEvent('download')
  await panel.getByRole('link', { name: 'Скачать CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^tovary-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await file.path())!, 'utf8')
  expect(csv.charCodeAt(0)).toBe(0xfeff)
  const lines = csv.slice(1).split('\r\n')
  expect(lines[0]!.startsWith(HEADER)).toBe(true)
  expect(lines.filter(Boolean).length).toBeGreaterThan(1)

  // Only the versions on sale: the link follows the choice.
  await panel.getByText('Только опубликованные').click()
  await expect(panel.getByRole('link', { name: 'Скачать CSV' })).toHaveAttribute('href', /scope=published$/)

  const address = panel.getByRole('textbox', { name: 'Адрес фида' })
  const feedUrl = await address.inputValue()
  expect(feedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/sellers\/[a-z0-9-]+\/feed\.yml$/)
  await expect(panel.getByText(/автозагрузке Яндекс Маркета или Авито/)).toBeVisible()
  await panel.getByRole('button', { name: 'Скопировать' }).click()
  await expect(panel.getByRole('button', { name: 'Скопировано' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl)

  // The address opens for anyone (a robot has no session) and is the vendor's YML.
  const feed = await page.request.get(feedUrl, { headers: { cookie: '' } })
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('application/xml; charset=utf-8')
  const xml = await feed.text()
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog ')).toBe(true)
  expect(xml).toMatch(/<offer id="[0-9a-f-]{36}" available="(true|false)">/)
  expect(xml.trimEnd().endsWith('</yml_catalog>')).toBe(true)
})
