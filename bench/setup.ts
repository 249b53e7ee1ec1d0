import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** A desktop browser: the path real visitors take (not the crawler one, which waits for all data). */
export const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  accept: 'text/html',
}

/** A positive number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${raw}`)
  return n
}

/** Builds the app when there is no build (a stale build is measured as it is: run `npm run build`). */
export function ensureServerBuild(): void {
  const serverBuild = `${process.env.BUILD_DIR ?? 'build'}/server/index.js`
  if (existsSync(serverBuild)) return
  console.log(`${serverBuild} is missing: running react-router build…`)
  execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
}

/**
 * The production build in a process of its own, on a scratch embedded database with the demo data
 * and the in-memory broker (whatever this shell has set), so a browser's or a client's own work
 * never shares its event loop. `stop` ends it and removes its data.
 */
export async function startBenchServer(opts: {
  root: string
  port: number
  name: string
  env?: Record<string, string>
}): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `bas-${opts.name}-`))
  const origin = `http://127.0.0.1:${opts.port}`
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env
  // Node with production's runtime settings (scripts/node.sh, as `npm start` runs it), this Node.
  const server = spawn('sh', ['scripts/node.sh', 'server/main.ts'], {
    cwd: opts.root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      PUBLIC_URL: origin,
      PGLITE_DIR: join(dataDir, 'db'),
      MAIL_DIR: join(dataDir, 'mail'),
      MAP_TILES_URL: '',
      ...opts.env,
    },
  })
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
      if (i === 240) throw new Error('the server was not ready within 120 s')
      const ready = await fetch(`${origin}/readyz`).then(
        (res) => res.ok,
        () => false,
      )
      if (ready) return { origin, pid: server.pid!, stop }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  } catch (error) {
    await stop()
    throw error
  }
}
