import { randomUUID } from 'node:crypto'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { CHAT_MESSAGES } from '#common/chat.ts'
import { axeViolations, expectNoSeriousViolations, seriousFindings } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { photoFile } from './photos.ts'

// Two people in two browsers: the demo buyer (ООО «Агрохолдинг Заря») and the demo vendor
// (ООО «АэроТех Системы»). The room between them is shared by every test of the run, so each
// test looks for its own words, never for counts of messages.

// One after another: the tests share the buyer's and the vendor's room, and a message of one
// test must not land in another's notifications or scroll another's history.
test.describe.configure({ mode: 'serial' })

const VENDOR_SLUG = 'aerotekh-sistemy'
const BUYER_ORG = 'ООО «Агрохолдинг Заря»'
const VENDOR_ORG = 'ООО «АэроТех Системы»'

// A minimal real PDF (the server checks the %PDF- signature as well as the extension).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
}

/** A second person: a context of their own with the project's options (base URL, user agent). */
async function newPerson(browser: Browser): Promise<BrowserContext> {
  const { baseURL, userAgent, viewport } = test.info().project.use
  return browser.newContext({ baseURL, userAgent, viewport })
}

/** Chat notifications: alerts whose title links to the room. */
const chatNotifications = (page: Page) =>
  page.getByRole('alert').filter({ has: page.getByRole('link', { name: /^Новое сообщение:/ }) })
const unreadBadge = (page: Page) => page.locator('#header-count-chatUnreadMessagesCount')
const history = (page: Page) => page.getByRole('region', { name: 'История сообщений' })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Сообщение' })
/** The direct room with an organization in the list: its entry names it, with no subject below. */
const directRoom = (page: Page, organization: string) =>
  page
    .getByRole('list', { name: 'Список чатов' })
    .getByRole('link', { name: new RegExp(organization) })
    .filter({ hasNot: page.locator('[data-subject]') })

/** The unread messages of the room with the other organization, from the room list (0 without one). */
async function roomUnread(page: Page, otherOrganization: string): Promise<number> {
  const res = await page.request.get('/api/v1/chat/rooms')
  expect(res.status()).toBe(200)
  const rooms = ((await res.json()) as { data: { items: { name: string; unreadCount: number }[] } }).data.items
  return rooms.find((r) => r.name === otherOrganization)?.unreadCount ?? 0
}

/** Resolves once the page's realtime client is subscribed: publications reach it from then on. */
function subscription(page: Page): Promise<void> {
  return new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"subscribe":')) resolve()
      }),
    ),
  )
}

async function unreadCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/header/summary')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { chatUnreadMessagesCount: number }).chatUnreadMessagesCount
}

test('a buyer asks from a product page; the vendor hears live, answers with a picture, the buyer sends a PDF', async ({
  page: buyer,
  browser,
}) => {
  test.setTimeout(90_000)
  const vendorContext = await newPerson(browser)
  const vendor = await vendorContext.newPage()
  const vendorErrors: string[] = []
  vendor.on('console', (m) => m.type() === 'error' && vendorErrors.push(m.text()))
  vendor.on('pageerror', (e) => vendorErrors.push(e.message))
  await signIn(buyer, 'buyer@example.com')
  await signIn(vendor, 'vendor@example.com')

  // The vendor works elsewhere on the site: the realtime client is connected there too (the
  // server's answer to its subscription is the sign that publications will reach it).
  const vendorUnread = await unreadCount(vendor)
  // What of it is in the room with the buyer (the demo conversation may have left some unread).
  const unreadFromBuyer = await roomUnread(vendor, BUYER_ORG)
  const subscribed = subscription(vendor)
  await vendor.goto('/personal-account/profile')
  await waitForHydration(vendor)
  await subscribed

  // The buyer finds a product of the vendor and asks about it.
  await buyer.goto(`/sellers/${VENDOR_SLUG}`)
  const productHref = await buyer.locator('main a[href^="/product/"]').first().getAttribute('href')
  expect(productHref).toBeTruthy()
  await buyer.goto(productHref!)
  await waitForHydration(buyer)
  await buyer.getByRole('button', { name: 'Написать продавцу' }).click()
  await expect(buyer).toHaveURL(/\/chat\?roomId=[0-9a-f-]{36}$/)
  const roomUrl = new URL(buyer.url())
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(buyer.getByRole('heading', { level: 2, name: VENDOR_ORG })).toBeVisible()
  // The product is the room's context card.
  await expect(history(buyer).locator('xpath=..').locator(`a[href="${productHref}"]`)).toContainText('Товар')

  const question = `Добрый день! Есть ли в наличии? Подробнее: https://example.com/spec ${randomUUID().slice(0, 8)}`
  await composer(buyer).fill(question)
  await composer(buyer).press('Enter')
  await expect(composer(buyer)).toHaveValue('')
  const sent = history(buyer).getByRole('article', { name: 'Ваше сообщение' }).filter({ hasText: question })
  await expect(sent).toBeVisible()
  await expect(sent.getByRole('img', { name: 'Отправлено' })).toBeVisible()
  // Links in a message open in a new tab, marked as user content.
  const link = sent.getByRole('link', { name: 'https://example.com/spec' })
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc')
  await expect(link).toHaveAttribute('target', '_blank')

  // The vendor, off the chat page, gets the notification and the header counter without a reload.
  await expect(chatNotifications(vendor)).toHaveCount(1)
  await expect(chatNotifications(vendor)).toContainText(BUYER_ORG)
  await expect(chatNotifications(vendor)).toContainText(question.slice(0, 40))
  await expect(unreadBadge(vendor)).toHaveText(String(vendorUnread + 1))
  // Its text is readable (WCAG contrast), once it has slid in.
  await expect
    .poll(async () => seriousFindings(await axeViolations(vendor, { include: '.mantine-Notification-root' })))
    .toEqual([])
  // A second tab of the vendor's counts the same.
  const vendorTab = await vendorContext.newPage()
  const tabSubscribed = subscription(vendorTab)
  await vendorTab.goto('/personal-account/profile')
  await waitForHydration(vendorTab)
  await tabSubscribed
  await expect(unreadBadge(vendorTab)).toHaveText(String(vendorUnread + 1))

  // A click on the notification opens the room; reading it lowers the counter again.
  await chatNotifications(vendor).getByRole('link').click()
  await expect(vendor).toHaveURL(`/chat?roomId=${roomUrl.searchParams.get('roomId')}`)
  await expect(history(vendor).getByText(question.slice(0, 40))).toBeVisible()
  await expect(chatNotifications(vendor)).toHaveCount(0)
  const left = vendorUnread - unreadFromBuyer
  await expect.poll(() => unreadCount(vendor)).toBe(left)
  expect(await roomUnread(vendor, BUYER_ORG)).toBe(0)
  if (left === 0) await expect(unreadBadge(vendor)).toHaveCount(0)
  else await expect(unreadBadge(vendor)).toHaveText(String(left))
  // …in the other tab too, without a reload.
  if (left === 0) await expect(unreadBadge(vendorTab)).toHaveCount(0)
  else await expect(unreadBadge(vendorTab)).toHaveText(String(left))
  await vendorTab.close()

  // The buyer sees the question read.
  await expect(sent.getByRole('img', { name: 'Прочитано' })).toBeVisible()

  // The vendor answers with a picture; the buyer, on the chat page, gets it live and no notification.
  const answer = `Да, есть на складе в Москве ${randomUUID().slice(0, 8)}`
  const picture = await photoFile('foto-sklada.png', 'png', { r: 30, g: 120, b: 200 })
  const vendorChooser = vendor.waitForEvent('filechooser')
  await vendor.getByRole('button', { name: 'Прикрепить файлы' }).click()
  await (await vendorChooser).setFiles(picture)
  const attached = vendor.getByRole('list', { name: 'Прикреплённые файлы' }).getByRole('listitem')
  await expect(attached).toContainText('foto-sklada.png')
  await expect(attached.getByRole('progressbar')).toHaveCount(0)
  await composer(vendor).fill(answer)
  await vendor.getByRole('button', { name: 'Отправить' }).click()
  await expect(
    history(vendor).getByRole('article', { name: 'Ваше сообщение' }).filter({ hasText: answer }),
  ).toBeVisible()

  const received = history(buyer).getByRole('article').filter({ hasText: answer })
  await expect(received).toBeVisible()
  const image = received.getByRole('img', { name: 'foto-sklada.png' })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(chatNotifications(buyer)).toHaveCount(0)

  // The buyer sends a PDF alone; the vendor, now on the chat page, sees it live without a notification.
  const buyerChooser = buyer.waitForEvent('filechooser')
  await buyer.getByRole('button', { name: 'Прикрепить файлы' }).click()
  await (await buyerChooser).setFiles({ name: 'rekvizity-zarya.pdf', mimeType: 'application/pdf', buffer: PDF })
  await expect(buyer.getByRole('list', { name: 'Прикреплённые файлы' })).toContainText('rekvizity-zarya.pdf')
  await expect(buyer.getByRole('button', { name: 'Отправить' })).toBeEnabled()
  await composer(buyer).press('Enter')
  const pdfCard = history(vendor).getByRole('link', { name: /rekvizity-zarya\.pdf/ })
  await expect(pdfCard).toBeVisible()
  const download = await vendor.request.get((await pdfCard.getAttribute('href'))!)
  expect(download.status()).toBe(200)
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await expect(chatNotifications(vendor)).toHaveCount(0)

  // The room list of each shows the other side with the latest message.
  await expect(directRoom(vendor, BUYER_ORG)).toContainText('Вложение')

  expect(vendorErrors).toEqual([])
  await vendorContext.close()
})

test("a guest's «Написать продавцу» opens the sign-in window, which says what it is for", async ({ page }) => {
  await page.goto(`/sellers/${VENDOR_SLUG}`)
  const productHref = await page.locator('main a[href^="/product/"]').first().getAttribute('href')
  await page.goto(productHref!)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Написать продавцу' }).click()
  await expect(page.getByRole('dialog', { name: 'Вход' })).toContainText('Войдите, чтобы написать продавцу.')
})

test('an unknown room is said so, not replaced by another one', async ({ page }) => {
  await signIn(page, 'buyer@example.com')
  await page.goto(`/chat?roomId=${randomUUID()}`)
  await expect(page.getByText(CHAT_MESSAGES.roomNotFound)).toBeVisible()
  await expect(page.getByRole('region', { name: 'История сообщений' })).toHaveCount(0)
  await page.goto('/chat?roomId=not-a-room')
  await expect(page.getByText(CHAT_MESSAGES.roomNotFound)).toBeVisible()
})

test('an edit reaches the other side live; a complaint goes to the staff, who close it', async ({
  page: buyer,
  browser,
}) => {
  await signIn(buyer, 'buyer@example.com')
  const opened = await buyer.request.post('/api/v1/chat/rooms', { data: { sellerSlug: VENDOR_SLUG } })
  expect([200, 201]).toContain(opened.status())
  const guid = ((await opened.json()) as { data: { guid: string } }).data.guid

  // The vendor writes through the API (its own side hears of nothing, so no other test is disturbed).
  const vendorContext = await newPerson(browser)
  const vendor = await vendorContext.newPage()
  await signIn(vendor, 'vendor@example.com')
  const offer = `Для вас цена со скидкой, пишите на почту ${randomUUID().slice(0, 8)}`
  const sent = await vendor.request.post(`/api/v1/chat/rooms/${guid}/messages`, {
    data: { clientId: randomUUID(), content: offer, fileIds: [] },
  })
  expect(sent.status()).toBe(201)
  const messageId = ((await sent.json()) as { data: { id: string } }).data.id

  await buyer.goto(`/chat?roomId=${guid}`)
  await waitForHydration(buyer)
  const row = history(buyer).getByRole('listitem').filter({ hasText: offer })
  await expect(row).toBeVisible()

  // The vendor corrects the message: the buyer sees the new text without a reload.
  const corrected = `${offer} (до конца месяца)`
  const edit = await vendor.request.patch(`/api/v1/chat/messages/${messageId}`, { data: { content: corrected } })
  expect(edit.status()).toBe(200)
  const edited = history(buyer).getByRole('listitem').filter({ hasText: corrected })
  await expect(edited).toContainText('изменено')

  // The buyer complains about it.
  await edited.getByRole('button', { name: 'Действия с сообщением' }).click()
  await buyer.getByRole('menuitem', { name: 'Пожаловаться' }).click()
  const dialog = buyer.getByRole('dialog', { name: 'Пожаловаться на сообщение' })
  const reason = `Навязчивая реклама ${randomUUID().slice(0, 8)}`
  await dialog.getByRole('textbox', { name: 'Причина' }).fill(reason)
  await dialog.getByRole('button', { name: 'Отправить жалобу' }).click()
  await expect(buyer.getByText(CHAT_MESSAGES.reported)).toBeVisible()
  await expect(dialog).toBeHidden()
  await vendorContext.close()

  // The staff see it among the open complaints and close it.
  const staffContext = await newPerson(browser)
  const staff = await staffContext.newPage()
  await signIn(staff, 'staff@example.com')
  await staff.goto('/personal-account/staff/chat-reports')
  await waitForHydration(staff)
  const complaint = staff.getByRole('table', { name: 'Жалобы' }).getByRole('row').filter({ hasText: reason })
  await expect(complaint).toContainText(corrected)
  await expect(complaint).toContainText(BUYER_ORG)
  await complaint.getByRole('button', { name: 'Закрыть жалобу' }).click()
  await expect(complaint).toHaveCount(0)
  await staff.getByRole('link', { name: 'Закрытые' }).click()
  await expect(staff.getByRole('table', { name: 'Жалобы' }).getByRole('row').filter({ hasText: reason })).toBeVisible()
  await staffContext.close()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('one column: the list, the room with a way back; no serious accessibility findings', async ({ page }) => {
    await signIn(page, 'buyer@example.com')
    // The room with the vendor (opened or reused: one per pair of organizations).
    const opened = await page.request.post('/api/v1/chat/rooms', { data: { sellerSlug: VENDOR_SLUG } })
    expect([200, 201]).toContain(opened.status())
    const guid = ((await opened.json()) as { data: { guid: string } }).data.guid

    await page.goto('/chat')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    // The header keeps the chat, with its counter, on a phone too.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Чат' })).toBeVisible()
    const rooms = page.getByRole('list', { name: 'Список чатов' })
    await expect(rooms).toBeVisible()
    // A request's room names the other organization above the request it is about.
    const requestRoom = rooms
      .getByRole('link')
      .filter({ has: page.locator('[data-subject]', { hasText: /^Заявка № / }) })
      .first()
    await expect(requestRoom.locator('[data-counterpart]')).toHaveText(/\S/)
    await expect(requestRoom.locator('[data-counterpart]')).not.toHaveText(/^Заявка/)
    await expectNoSeriousViolations(page)

    await directRoom(page, VENDOR_ORG).click()
    await expect(page).toHaveURL(`/chat?roomId=${guid}`)
    await expect(page.getByRole('heading', { level: 2, name: VENDOR_ORG })).toBeVisible()
    await expect(rooms).toBeHidden()
    await expect(composer(page)).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(375)
    await expectNoSeriousViolations(page)

    await page.getByRole('button', { name: 'К списку чатов' }).click()
    await expect(page).toHaveURL('/chat')
    await expect(rooms).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: VENDOR_ORG })).toHaveCount(0)
  })
})

test('an unsent message and a half-typed one stay with their room while another room is open', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/net::ERR_FAILED/) // the send refused below
  await signIn(page, 'buyer@example.com')
  const listed = await (await page.request.get('/api/v1/chat/rooms')).json()
  const [first, second] = listed.data.items as { guid: string; name: string }[]
  expect(second, 'the demo buyer has two conversations').toBeTruthy()
  const roomLink = (guid: string) => page.getByRole('list', { name: 'Список чатов' }).locator(`a[href*="${guid}"]`)
  await page.goto(`/chat?roomId=${first!.guid}`)
  await waitForHydration(page)

  // The connection is lost as a message goes out.
  await page.route('**/api/v1/chat/rooms/*/messages', (route) =>
    route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
  )
  const text = `Сообщение без связи ${randomUUID().slice(0, 8)}`
  await composer(page).fill(text)
  await composer(page).press('Enter')
  const unsent = history(page).getByRole('article', { name: 'Ваше сообщение' }).filter({ hasText: text })
  await expect(unsent.getByRole('alert')).toContainText('Нет связи с сервером')
  await composer(page).fill('Ещё пишу')

  // Another room has its own empty field and none of it.
  await roomLink(second!.guid).click()
  await expect(page).toHaveURL(new RegExp(`roomId=${second!.guid}`))
  await expect(composer(page)).toHaveValue('')
  await expect(history(page).getByText(text)).toHaveCount(0)

  // Back in the first room both are there; once the connection is back, the retry sends it.
  await roomLink(first!.guid).click()
  await expect(composer(page)).toHaveValue('Ещё пишу')
  await expect(unsent.getByRole('alert')).toBeVisible()
  await page.unroute('**/api/v1/chat/rooms/*/messages')
  await unsent.getByRole('button', { name: 'Повторить' }).click()
  await expect(unsent.getByRole('alert')).toHaveCount(0)
  await expect(unsent.getByRole('img', { name: /Отправлено|Прочитано/ })).toBeVisible()
})
