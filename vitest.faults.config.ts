import { defineConfig } from 'vitest/config'

/**
 * The fault-injection scenarios (`npm run test:faults`): real app instances started with
 * `npm start` over the machine's PostgreSQL, broken on purpose. One file at a time: each starts
 * its own instances and loads them.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/faults/**/*.fault.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 400_000,
  },
})
