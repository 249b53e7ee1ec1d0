/**
 * The client's floors, as `npm run lint` checks them: no circle of imports in `app/` runs through
 * more than two files. dpdm reads the imports (type-only and dynamic ones too, since both tie
 * files together for a reader) and finds the circles; this prints those that are too long.
 * ESLint keeps the floors' direction (lib below components below routes); this catches a circle
 * that stays within one floor.
 */
import { globSync } from 'node:fs'
import { join } from 'node:path'
import { parseCircular, parseDependencyTree } from 'dpdm'

const root = join(import.meta.dirname, '..')
const MAX_CIRCLE = 2

const entries = globSync('app/**/*.{ts,tsx}', { cwd: root, exclude: (name) => name.includes('.test.') })
const tree = await parseDependencyTree(entries, {
  cwd: root,
  tsconfig: join(root, 'tsconfig.json'),
  transform: false,
  skipDynamicImports: false,
  // Only the client's own files: what it reaches in common/ and server/ types is not its floors.
  include: new RegExp(`^${join(root, 'app').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/.*\\.tsx?$`),
})
const circles = parseCircular(tree).filter((circle) => circle.length > MAX_CIRCLE)
for (const circle of circles) console.error(`circular imports in app/: ${[...circle, circle[0]].join(' → ')}`)
if (circles.length) {
  console.error(
    `${circles.length} circle(s) of more than ${MAX_CIRCLE} files: break them by moving the shared part down a floor.`,
  )
  process.exit(1)
}
console.log(`app/: ${Object.keys(tree).length} files, no circle of more than ${MAX_CIRCLE}`)
