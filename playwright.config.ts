import { readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { STAND_IN_KEY } from './server/modules/organizations/company-registry/registry-stand-in.testing.ts'
import { REGISTRY_STAND_IN_PORT } from './tests/e2e/registry-stand-in.setup.ts'

const PORT = Number(process.env.E2E_PORT ?? 3210)
const BASE_URL = `http://127.0.0.1:${PORT}`
const CI = Boolean(process.env.CI)

// A fresh embedded database for every run. The config is evaluated again in each worker; the
// variable keeps the main process's choice (workers inherit its environment).
const DB_PREFIX = 'bas-market-e2e-db-'
const PGLITE_DIR = (process.env.E2E_PGLITE_DIR ??= join(tmpdir(), `${DB_PREFIX}${Date.now()}`))
// The server writes every e-mail there too; tests open the links in them (tests/e2e/mail.ts).
const MAIL_DIR = (process.env.E2E_MAIL_DIR ??= `${PGLITE_DIR}-mail`)

// The main process (not a worker) clears databases that earlier runs left behind (~40 MB each).
if (!process.env.TEST_WORKER_INDEX) {
  for (const name of readdirSync(tmpdir())) {
    const createdAt = name.startsWith(DB_PREFIX) ? Number.parseInt(name.slice(DB_PREFIX.length), 10) : NaN
    if (createdAt < Date.now() - 6 * 60 * 60 * 1000) rmSync(join(tmpdir(), name), { recursive: true, force: true })
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/registry-stand-in.setup.ts',
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: CI ? 2 : undefined,
  reporter: CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    headless: true,
    // Locally a failed test keeps its trace: the actions, the DOM before and after each, the
    // network and the console (without the screencast, whose frames show the same pages). CI
    // records none: its clone is thrown away with the traces, and taking a DOM snapshot at every
    // action of every test cost its two CPUs a fifth of the browser run.
    trace: CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        // Headless Chromium says "HeadlessChrome", which isbot (rightly) calls a crawler, and the
        // app then answers errors without a page. Tests play a person with an ordinary Chrome.
        userAgent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
        launchOptions: {
          // Debian's Chromium: never download a browser.
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'npm start',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: !CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PGLITE_DIR,
      MAIL_DIR,
      LOG_LEVEL: 'warn',
      // Every test request comes from 127.0.0.1; the limits themselves are tested in integration tests.
      RATE_LIMIT_SCALE: '20',
      // Sign-ins and registrations hash at a test's cost (passwords.ts), not production's.
      PASSWORD_HASH_COST: '10',
      PUBLIC_URL: BASE_URL,
      // No map tiles: browser tests never connect beyond this machine.
      MAP_TILES_URL: '',
      // Company details by INN from a local stand-in for DaData (tests/e2e/registry-stand-in.setup.ts).
      DADATA_URL: `http://127.0.0.1:${REGISTRY_STAND_IN_PORT}`,
      // The import's pictures come from a picture host the test starts on the loopback.
      IMPORT_PICTURES_ALLOWED_ADDRESSES: '127.0.0.1',
      DADATA_API_KEY: STAND_IN_KEY,
    },
  },
})
