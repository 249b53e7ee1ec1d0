import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lintTargets, listTrackedFiles } from './lint-files.ts'

describe('what npm run lint checks', () => {
  let dir: string
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('the files git tracks, staged ones included; not stray or deleted files', () => {
    dir = mkdtempSync(join(tmpdir(), 'bas-lint-'))
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' })
    git('init', '-q')
    for (const name of ['app.ts', 'page.tsx', 'README.md', 'gone.ts', 'stray.ts', 'scratch.md']) {
      writeFileSync(join(dir, name), 'const broken = \n')
    }
    git('add', 'app.ts', 'page.tsx', 'README.md', 'gone.ts')
    rmSync(join(dir, 'gone.ts')) // deleted, not yet committed

    const tracked = listTrackedFiles(dir)
    expect(tracked?.sort()).toEqual(['README.md', 'app.ts', 'page.tsx'])
    expect(lintTargets(tracked)).toEqual({ eslint: ['app.ts', 'page.tsx'], prettier: tracked })
  })

  it('the whole tree outside a git checkout', () => {
    dir = mkdtempSync(join(tmpdir(), 'bas-lint-'))
    expect(listTrackedFiles(dir)).toBeNull()
    expect(lintTargets(null)).toEqual({ eslint: ['.'], prettier: ['.'] })
  })
})
