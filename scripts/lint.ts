/**
 * `npm run lint`: ESLint and the Prettier check over the files git tracks, so a stray file in the
 * working tree cannot fail the build; a new file is checked from the moment it is added
 * (`git add`). Prettier skips what it has no parser for, as `prettier --check .` did. Then the
 * client's import circles (`check-cycles.ts`). All run at once and to the end, so one run shows
 * every problem.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { lintTargets, listTrackedFiles } from './lint-files.ts'

const root = join(import.meta.dirname, '..')
const targets = lintTargets(listTrackedFiles(root))

function run(tool: string, args: string[], files: string[]): Promise<number> {
  if (!files.length) return Promise.resolve(0)
  const child = spawn(join(root, 'node_modules', '.bin', tool), [...args, ...files], { cwd: root, stdio: 'inherit' })
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)))
}

function runScript(script: string): Promise<number> {
  const child = spawn(process.execPath, [join(root, 'scripts', script)], { cwd: root, stdio: 'inherit' })
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)))
}

const codes = await Promise.all([
  run('eslint', ['--no-warn-ignored'], targets.eslint),
  run('prettier', ['--check', '--ignore-unknown'], targets.prettier),
  runScript('check-cycles.ts'),
])
process.exit(codes.find((code) => code !== 0) ?? 0)
