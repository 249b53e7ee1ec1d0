import { expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// The demo buyer's request with three proposals (server/seed/service-requests.data.ts); read only.
const TITLE = 'Маркшейдерская съёмка мелового карьера, 97 га'

test('three proposals fit side by side at 1280 px, each with its executor’s rating and completed orders', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'buyer@example.com', password: 'demo-password' },
  })
  expect(login.status()).toBe(200)
  const mine = await page.request.get('/api/v1/exchange/cabinet/requests?filter=open')
  expect(mine.status()).toBe(200)
  const request = ((await mine.json()).data as { number: string; title: string }[]).find((r) => r.title === TITLE)
  expect(request, `the demo request «${TITLE}»`).toBeDefined()

  await page.goto(`/services/requests/${request!.number}`)
  await waitForHydration(page)
  const comparison = page.getByRole('region', { name: 'Сравнение предложений' })
  const vendors = comparison.getByRole('columnheader')
  await expect(vendors).toHaveCount(4) // the lines' names, then a column per proposal
  // Every column is whole inside the section: nothing is cut off behind a sideways scroll.
  const section = (await comparison.boundingBox())!
  for (const header of await vendors.all()) {
    const box = (await header.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(section.x + section.width)
  }
  const record = comparison.getByRole('row', { name: /^Рейтинг и опыт/ })
  await expect(record.getByRole('cell')).toHaveCount(3)
  await expect(record).toContainText(/★ \d,\d · \d+ отзыв|Отзывов пока нет/)
  await expect(record).toContainText(/Выполнено \d+ заказ|Выполненных заказов пока нет/)
  await expectNoSeriousViolations(page)
})
