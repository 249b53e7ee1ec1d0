import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A marketplace server of a spec's own, beside the suite's shared one: for a restart, or for a
 * configuration the shared server does not have. It runs the build the shared server was started
 * from (npm start builds it), with an embedded database and mail directory of its own, seeded
 * with the demo data on its first start.
 */
export function ownServer(portOffset: number, env: Record<string, string> = {}) {
  const port = Number(process.env.E2E_PORT ?? 3210) + portOffset
  const baseURL = `http://127.0.0.1:${port}`
  // Made on the first start: Playwright loads a spec file in processes that never run its tests.
  let dir: string | null = null
  // Without a database or Redis of the machine: the embedded defaults.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL' && key !== 'REDIS_URL'),
  )
  let server: ChildProcess | null = null

  async function ready(timeoutMs: number) {
    const end = Date.now() + timeoutMs
    while (Date.now() < end) {
      if (server && server.exitCode !== null) throw new Error(`the server on ${baseURL} exited with ${server.exitCode}`)
      const ok = await fetch(`${baseURL}/readyz`)
        .then((r) => r.ok)
        .catch(() => false)
      if (ok) return
      await new Promise((r) => setTimeout(r, 250))
    }
    throw new Error(`the server on ${baseURL} did not start within ${timeoutMs} ms`)
  }

  async function stop() {
    if (!server || server.exitCode !== null) return
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }

  return {
    baseURL,
    /** Starts it and waits until it answers; the first start migrates and seeds its database. */
    async start(timeoutMs = 180_000) {
      dir ??= mkdtempSync(join(tmpdir(), 'bas-market-e2e-own-'))
      server = spawn('./node_modules/.bin/node', ['server/main.ts'], {
        env: {
          ...inherited,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          PGLITE_DIR: join(dir, 'db'),
          MAIL_DIR: join(dir, 'mail'),
          LOG_LEVEL: 'warn',
          RATE_LIMIT_SCALE: '20',
          PUBLIC_URL: baseURL,
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      await ready(timeoutMs)
    },
    stop,
    /** Stops it and removes its database. */
    async dispose() {
      await stop()
      if (dir) rmSync(dir, { recursive: true, force: true })
    },
  }
}
