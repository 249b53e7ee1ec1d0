import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** What ESLint reads: the JavaScript and TypeScript files (eslint.config.js says how). */
const ESLINT_FILES = /\.[cm]?[jt]sx?$/

/**
 * The files git tracks under `root` (staged new files included) that are still on disk, or null
 * outside a git checkout. Untracked files are not the project's yet: a scratch script or a
 * tool's output in the working tree must not fail the lint.
 */
export function listTrackedFiles(root: string): string[] | null {
  let out: string
  try {
    out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  } catch {
    return null
  }
  return out.split('\0').filter((path) => path && existsSync(join(root, path)))
}

/** The arguments for ESLint and for the Prettier check; the whole tree when git knows nothing. */
export function lintTargets(tracked: string[] | null): { eslint: string[]; prettier: string[] } {
  if (!tracked) return { eslint: ['.'], prettier: ['.'] }
  return { eslint: tracked.filter((path) => ESLINT_FILES.test(path)), prettier: tracked }
}
