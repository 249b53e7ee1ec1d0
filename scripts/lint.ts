/**
 * `npm run lint`: ESLint and the Prettier check over the files git tracks, so a stray file in the
 * working tree cannot fail the build; a new file is checked from the moment it is added
 * (`git add`). Prettier skips what it has no parser for, as `prettier --check .` did. Both run
 * even when the first fails, so one run shows every problem.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { lintTargets, listTrackedFiles } from './lint-files.ts'

const root = join(import.meta.dirname, '..')
const targets = lintTargets(listTrackedFiles(root))

function run(tool: string, args: string[], files: string[]): number {
  if (!files.length) return 0
  const result = spawnSync(join(root, 'node_modules', '.bin', tool), [...args, ...files], {
    cwd: root,
    stdio: 'inherit',
  })
  return result.status ?? 1
}

const eslint = run('eslint', ['--no-warn-ignored'], targets.eslint)
const prettier = run('prettier', ['--check', '--ignore-unknown'], targets.prettier)
process.exit(eslint || prettier)
