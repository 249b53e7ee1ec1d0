import { defineConfig } from 'vitest/config'

// Unit and integration tests. The React Router plugin stays out: tests import modules directly.
export default defineConfig({
  test: {
    include: ['{app,server,common,content,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
