import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin } from '../../server/testing/database.ts'
import { ADMIN_URL, type Instance, createFaultDatabase, startInstance } from './instance.ts'
import { until } from '../../server/testing/poll.ts'
import { DEMO_PASSWORD } from '../../server/seed/accounts.ts'
import { BUYER } from './shop.ts'

/**
 * PostgreSQL drops the app's connections (a restart, a failover, an administrator's
 * `pg_terminate_backend`) while buyers sign in, browse and read their orders: the process stays
 * up, every failure is a 503 with Retry-After, and it recovers by itself.
 */
describe('the database drops every connection under load', () => {
  let database: Awaited<ReturnType<typeof createFaultDatabase>>
  let app: Instance

  beforeAll(async () => {
    database = await createFaultDatabase()
    app = await startInstance({ DATABASE_URL: database.url })
  })

  afterAll(async () => {
    await app?.crash()
    await database?.drop()
  })

  it('stays up, answers 503 with Retry-After, and recovers', async () => {
    const tally = { requests: 0, ok: 0, unavailable: 0, errorPages: 0, unexplained: [] as string[] }
    let running = true
    const signIn = async () => {
      const res = await fetch(`${app.origin}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
        body: JSON.stringify({ email: BUYER, password: DEMO_PASSWORD }),
      })
      return res
    }
    const paths = ['/api/v1/catalog/products?limit=5', '/media', '/catalog/bespilotniki', '/readyz']
    const worker = async (index: number) => {
      while (running) {
        const path = paths[tally.requests % paths.length]!
        const page = index % 3 !== 0 && !path.startsWith('/api/') && path !== '/readyz'
        const res =
          index % 3 === 0
            ? await signIn()
            : await fetch(`${app.origin}${path}`, {
                headers: { 'user-agent': 'Mozilla/5.0 Chrome/140.0', accept: page ? 'text/html' : '*/*' },
              })
        await res.arrayBuffer()
        tally.requests++
        // A browser's page load that fails gets the error page, never the API's JSON.
        const shape = res.headers.get('content-type') ?? ''
        if (res.status < 500 && res.status !== 429) tally.ok++
        else if (res.status === 503 && res.headers.get('retry-after') && (!page || shape.startsWith('text/html'))) {
          tally.unavailable++
          tally.errorPages += page ? 1 : 0
        } else if (res.status !== 429) tally.unexplained.push(`${res.status} ${shape} ${res.url}`)
      }
    }
    const workers = Array.from({ length: 6 }, (_, index) => worker(index))

    await until(async () => tally.requests > 30, 30_000, 'load before the faults')
    for (let round = 0; round < 3; round++) {
      await runAdmin(
        ADMIN_URL,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}' and pid <> pg_backend_pid()`,
      )
      const before = tally.requests
      await until(async () => tally.requests > before + 20, 60_000, `load after fault ${round + 1}`)
    }
    running = false
    await Promise.all(workers)

    expect(app.alive).toBe(true)
    expect(tally.unexplained).toEqual([])
    expect(tally.ok).toBeGreaterThan(60)
    await until(async () => (await fetch(`${app.origin}/readyz`)).ok, 10_000, 'recovery')
    expect((await signIn()).status).toBe(200)
    console.log(
      `database faults: ${tally.requests} requests, ${tally.unavailable} answered 503 (${tally.errorPages} of them ` +
        `page loads, with the error page), ${tally.ok} ok`,
    )
  })

  it('hands SIGTERM from npm to the server, which finishes and exits', async () => {
    expect(await app.stop('SIGTERM')).toBe(0)
    // Nobody answers there any more: the server itself got the signal and exited.
    const closed = () =>
      fetch(`${app.origin}/healthz`).then(
        () => false,
        () => true,
      )
    await until(closed, 10_000, 'the port freed')
  })
})
