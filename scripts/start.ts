/**
 * `npm start`: build the app if there is no build or the sources are newer, then run the server
 * in production mode (it migrates the database and seeds the demo data on first run).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { enableCompileCache } from 'node:module'
import { join, resolve } from 'node:path'

// Modules compiled once (the server's TypeScript with its types stripped, the build) are kept on
// disk and reused by the next start: a restart after a crash loads in about a quarter less time.
// Beside the data (var/), not in /tmp, so that it outlives a container's restart.
enableCompileCache(process.env.NODE_COMPILE_CACHE ?? resolve('var/cache/node-compile'))

const BUILD_MARKER = `${process.env.BUILD_DIR ?? 'build'}/server/index.js`
const SOURCES = ['app', 'common', 'content', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json']

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Сборка приложения…')
  execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
}

process.env.NODE_ENV ??= 'production'
await import('../server/main.ts')
