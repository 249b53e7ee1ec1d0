import { randomUUID } from 'node:crypto'
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { ownServer } from './own-server.ts'

// A server of its own, stopped and started again while a vendor has the chat open: messages
// written after the restart reach the open room without a page reload (recovered, or reloaded
// from the REST API when the history is gone), and nothing is lost.

const server = ownServer(11)
const BASE_URL = server.baseURL
const BUYER_ORG = 'ООО «Агрохолдинг Заря»'

async function signedIn(email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const login = await api.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
  return api
}

const history = (page: Page) => page.getByRole('region', { name: 'История сообщений' })

test.afterAll(() => server.dispose())

test('after the server restarts, messages written meanwhile appear in the open room without a reload', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  await server.start()

  const { userAgent } = test.info().project.use
  const vendorContext = await browser.newContext({ baseURL: BASE_URL, userAgent })
  const vendor = await vendorContext.newPage()
  const login = await vendor.request.post('/api/v1/auth/login', {
    data: { email: 'vendor@example.com', password: 'demo-password' },
  })
  expect(login.status()).toBe(200)
  const rooms = (await (await vendor.request.get('/api/v1/chat/rooms')).json()).data.items as {
    guid: string
    name: string
  }[]
  const room = rooms.find((r) => r.name === BUYER_ORG)
  expect(room, 'the demo conversation with the buyer').toBeTruthy()

  let subscriptions = 0
  vendor.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"subscribe":')) subscriptions++
    }),
  )
  await vendor.goto(`/chat?roomId=${room!.guid}`)
  await waitForHydration(vendor)
  await expect.poll(() => subscriptions).toBe(1)

  const buyer = await signedIn('buyer@example.com')
  const before = `До перезапуска ${randomUUID().slice(0, 8)}`
  const send = (api: APIRequestContext, content: string) =>
    api.post(`/api/v1/chat/rooms/${room!.guid}/messages`, { data: { clientId: randomUUID(), content } })
  expect((await send(buyer, before)).status()).toBe(201)
  await expect(history(vendor).getByText(before)).toBeVisible()

  // The server goes away and comes back; the page stays as it is.
  await server.stop()
  await server.start(60_000)
  const after = `После перезапуска ${randomUUID().slice(0, 8)}`
  const buyerAgain = await signedIn('buyer@example.com')
  expect((await send(buyerAgain, after)).status()).toBe(201)

  // The client reconnects by itself (its back-off is at most 20 s) and the message shows up.
  await expect(history(vendor).getByText(after)).toBeVisible({ timeout: 45_000 })
  await expect(history(vendor).getByText(before)).toHaveCount(1)
  expect(subscriptions).toBeGreaterThanOrEqual(2)
  await buyer.dispose()
  await buyerAgain.dispose()
  await vendorContext.close()
})
