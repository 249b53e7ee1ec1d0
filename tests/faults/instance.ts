import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { databaseUrl, runAdmin } from '../../server/testing/database.ts'
import { until } from '../../server/testing/poll.ts'

/**
 * A real app instance for the fault scenarios: `npm start` (built if stale, production mode) on a
 * free loopback port, over a PostgreSQL database of its own with the demo data.
 */
export interface Instance {
  origin: string
  child: ChildProcess
  /** Whether the process is still running. */
  readonly alive: boolean
  /** SIGTERM (or another signal) to `npm start`, which hands it to the server; the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
  /** kill -9 of the server and npm at once, as a crash or an OOM kill would. */
  crash(): Promise<void>
}

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? ''

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** A fresh database next to TEST_DATABASE_URL's, dropped by the returned function. */
export async function createFaultDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `faults_${randomBytes(4).toString('hex')}`
  await runAdmin(ADMIN_URL, `create database ${name}`)
  return {
    name,
    url: databaseUrl(ADMIN_URL, name),
    drop: () => runAdmin(ADMIN_URL, `drop database if exists ${name} with (force)`),
  }
}

export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort()
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '10',
      RATE_LIMIT_SCALE: '50',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: a crash kills npm and the server together.
    detached: true,
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const origin = `http://127.0.0.1:${port}`
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  try {
    // A first start may build the app: up to 5 minutes.
    await until(async () => (await fetch(`${origin}/readyz`)).ok, 300_000, `instance on ${port}`)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error })
  }
  return {
    origin,
    child,
    get alive() {
      return child.exitCode === null && child.signalCode === null
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      child.kill(signal)
      return exited
    },
    async crash() {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        return // already gone
      }
      await exited
    },
  }
}

/**
 * A scenario's stage, set up before its tests and torn down after them: a database of its own,
 * `count` instances of `npm start` over it (with `env` besides DATABASE_URL), and a SQL client
 * for the checks. Instances a test starts later go into `instances` to be killed at the end too.
 */
export function stage(count: number, env: Record<string, string> = {}) {
  const scene = {
    database: undefined as unknown as Awaited<ReturnType<typeof createFaultDatabase>>,
    sql: undefined as unknown as pg.Client,
    instances: [] as Instance[],
  }
  beforeAll(async () => {
    scene.database = await createFaultDatabase()
    for (let i = 0; i < count; i++) {
      scene.instances.push(await startInstance({ DATABASE_URL: scene.database.url, ...env }))
    }
    scene.sql = new pg.Client({ connectionString: scene.database.url })
    await scene.sql.connect()
  })
  afterAll(async () => {
    for (const instance of scene.instances) await instance.crash()
    await scene.sql?.end()
    await scene.database?.drop()
  })
  return scene
}
