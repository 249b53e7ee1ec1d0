import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const STYLES = 'node_modules/@mantine/core/styles'
const listed = new Set(
  [
    ...readFileSync('app/components/mantine-styles.ts', 'utf8').matchAll(/@mantine\/core\/styles\/(\w+)\.layer\.css/g),
  ].map((m) => m[1]!),
)

/** Every name a module imports from '@mantine/core', in the app and in Mantine's other packages. */
function importedComponents(): Map<string, string> {
  const found = new Map<string, string>()
  const scan = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) scan(path)
      else if (/\.(tsx?|mjs)$/.test(entry.name) && !/\.test\./.test(entry.name))
        for (const m of readFileSync(path, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g))
          for (const name of m[1]!.split(',').map(
            (n) =>
              n
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)[0]!,
          ))
            if (/^[A-Z]/.test(name)) found.set(name, path)
    }
  }
  scan('app')
  for (const pkg of ['dates', 'tiptap', 'modals', 'notifications']) scan(`node_modules/@mantine/${pkg}/esm`)
  return found
}

describe("Mantine's component styles", () => {
  it('include the sheet of every component the app or a Mantine package imports', () => {
    const missing = [...importedComponents()]
      .filter(([name]) => existsSync(join(STYLES, `${name}.layer.css`)) && !listed.has(name))
      .map(([name, where]) => `${name} (${where})`)
    expect(missing).toEqual([])
  })

  it('name only sheets that exist, in the order the whole sheet has them', () => {
    for (const name of listed) expect(existsSync(join(STYLES, `${name}.layer.css`)), name).toBe(true)
    // Where a sheet's first class stands in Mantine's whole stylesheet.
    const whole = readFileSync('node_modules/@mantine/core/styles.layer.css', 'utf8')
    const at = (name: string) => {
      const first = /\.(m_[0-9a-f]+)/.exec(readFileSync(join(STYLES, `${name}.layer.css`), 'utf8'))![1]!
      return whole.indexOf(`.${first}`)
    }
    const names = [...listed]
    expect(names).toEqual([...names].sort((a, b) => at(a) - at(b)))
  })
})
