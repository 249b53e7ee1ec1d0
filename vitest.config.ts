import { globSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const shared = {
  environment: 'node',
  // Password hashes at a test's cost (passwords.ts): a millisecond each instead of a hundred.
  env: { PASSWORD_HASH_COST: '10' },
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const

/**
 * The generated-request test (`*.fuzz.test.ts`, about 100 s of one worker) goes first. Sorted like
 * the rest, it started last on a fresh clone and ran on alone while the other worker idled.
 */
class FuzzFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const fuzz = (file: TestSpecification) => file.moduleId.endsWith('.fuzz.test.ts')
    return [...sorted.filter(fuzz), ...sorted.filter((file) => !fuzz(file))]
  }
}

/** The browser-side test files that replace modules with vi.mock: each needs a module graph of its own. */
const MOCKING = globSync('app/**/*.test.{ts,tsx}').filter((file) => readFileSync(file, 'utf8').includes('vi.mock('))

// Unit and integration tests. The React Router plugin stays out: tests import modules directly.
export default defineConfig({
  test: {
    // Vitest keeps a core free by default; the tests wait on their databases often enough that
    // using every core is faster (on 2 cores: 290 s instead of 470 s).
    maxWorkers: availableParallelism(),
    // One migrated database per backend for the run; each test file's database is a copy of it.
    globalSetup: ['server/testing/template-databases.ts'],
    sequence: { sequencer: FuzzFirst },
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
        // The browser-side files share their workers too: importing React, Mantine and the
        // router afresh for each of ~50 files took a quarter of the run.
        test: { ...shared, name: 'app', include: ['app/**/*.test.{ts,tsx}'], exclude: MOCKING, isolate: false },
      },
      { test: { ...shared, name: 'app-mocked', include: MOCKING } },
    ],
  },
})
