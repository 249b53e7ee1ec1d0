import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const shared = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const

// Unit and integration tests. The React Router plugin stays out: tests import modules directly.
export default defineConfig({
  test: {
    // Vitest keeps a core free by default; the tests wait on their databases often enough that
    // using every core is faster (on 2 cores: 290 s instead of 470 s).
    maxWorkers: availableParallelism(),
    // One migrated database per backend for the run; each test file's database is a copy of it.
    globalSetup: ['server/testing/template-databases.ts'],
    projects: [
      {
        // The server's files share their worker processes (isolate: false): loading the server's
        // modules again for each of ~100 files cost a third of the run. Their tests hold no
        // module-level state between files: each opens its own database and app.
        test: {
          ...shared,
          name: 'server',
          include: ['{server,common,content,scripts}/**/*.test.{ts,tsx}'],
          isolate: false,
        },
      },
      {
        // The browser-side files replace modules with vi.mock, which needs a fresh module graph each.
        test: { ...shared, name: 'app', include: ['app/**/*.test.{ts,tsx}'] },
      },
    ],
  },
})
