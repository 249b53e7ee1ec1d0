import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

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
