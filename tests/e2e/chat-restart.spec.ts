import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// A server of its own, stopped and started again while a vendor has the chat open: messages
// written after the restart reach the open room without a page reload (recovered, or reloaded
// from the REST API when the history is gone), and nothing is lost.

const PORT = Number(process.env.E2E_PORT ?? 3210) + 11
const BASE_URL = `http://127.0.0.1:${PORT}`
const BUYER_ORG = 'ООО «Агрохолдинг Заря»'
const dir = mkdtempSync(join(tmpdir(), 'bas-market-e2e-restart-'))

/** The environment without a database or Redis of the machine: the embedded defaults. */
const ownEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL' && key !== 'REDIS_URL'),
)

function startServer(): ChildProcess {
  // The build the main e2e server was started from (npm start builds it).
  return spawn('./node_modules/.bin/node', ['server/main.ts'], {
    env: {
      ...ownEnv,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PGLITE_DIR: join(dir, 'db'),
      MAIL_DIR: join(dir, 'mail'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '20',
      PUBLIC_URL: BASE_URL,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function ready(timeoutMs: number) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    const ok = await fetch(`${BASE_URL}/readyz`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the server on ${BASE_URL} did not start within ${timeoutMs} ms`)
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}

async function signedIn(email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const login = await api.post('/api/v1/auth/login', { data: { email, password: 'demo-password' } })
  expect(login.status()).toBe(200)
  return api
}

const history = (page: Page) => page.getByRole('region', { name: 'История сообщений' })

let server: ChildProcess
test.afterAll(async () => {
  if (server) await stop(server)
  rmSync(dir, { recursive: true, force: true })
})

test('after the server restarts, messages written meanwhile appear in the open room without a reload', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  server = startServer()
  await ready(180_000) // the first start migrates and seeds a database of its own

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
  await stop(server)
  server = startServer()
  await ready(60_000)
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
