/**
 * The import structure `npm run lint` checks beyond ESLint:
 * - the client's floors: no circle of imports in `app/` runs through more than two files;
 * - the server's modules: no circle between domain modules (server/modules/<name>/), type
 *   imports included, so each module can be read and changed knowing only those below it.
 * dpdm reads the imports (type-only and dynamic ones too, since both tie files together for a
 * reader) and finds the circles. ESLint keeps the direction of the client's floors (lib below
 * components below routes) and the modules' doors (index.ts); this catches what a rule per
 * import cannot see, a circle.
 */
import { globSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { parseCircular, parseDependencyTree } from 'dpdm'

const root = join(import.meta.dirname, '..')
const MAX_CIRCLE = 2
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function importsOf(pattern: string, under: string) {
  const entries = globSync(pattern, { cwd: root, exclude: (name) => name.includes('.test.') })
  return parseDependencyTree(entries, {
    cwd: root,
    tsconfig: join(root, 'tsconfig.json'),
    transform: false,
    skipDynamicImports: false,
    include: new RegExp(`^${escape(join(root, under))}/.*\\.tsx?$`),
  })
}

/** Circles of more than MAX_CIRCLE files in the client. */
async function clientCircles(): Promise<string[]> {
  const tree = await importsOf('app/**/*.{ts,tsx}', 'app')
  const circles = parseCircular(tree).filter((circle) => circle.length > MAX_CIRCLE)
  const problems = circles.map((circle) => `circular imports in app/: ${[...circle, circle[0]].join(' → ')}`)
  if (!problems.length) console.log(`app/: ${Object.keys(tree).length} files, no circle of more than ${MAX_CIRCLE}`)
  return problems
}

/** The module of a file under server/modules (its first folder there), or undefined. */
function moduleOf(file: string): string | undefined {
  const parts = relative(join(root, 'server', 'modules'), join(root, file)).split(sep)
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined
}

/** Circles between the server's modules, found on the graph of which module imports which. */
async function moduleCircles(): Promise<string[]> {
  const tree = await importsOf('server/modules/**/*.ts', 'server/modules')
  const edges = new Map<string, Set<string>>()
  const example = new Map<string, string>()
  for (const [file, dependencies] of Object.entries(tree)) {
    const from = moduleOf(file)
    if (!from || file.endsWith('.testing.ts')) continue
    for (const dependency of dependencies ?? []) {
      const to = dependency.id && moduleOf(dependency.id)
      if (!to || to === from) continue
      if (!edges.has(from)) edges.set(from, new Set())
      edges.get(from)!.add(to)
      example.set(`${from}→${to}`, `${file} imports ${dependency.id}`)
    }
  }
  const circles = stronglyConnected(edges).filter((group) => group.length > 1)
  const problems = circles.map((group) => {
    const within = group.flatMap((from) => group.map((to) => example.get(`${from}→${to}`)).filter(Boolean))
    return `modules import one another in a circle: ${group.join(', ')} (${within.join('; ')})`
  })
  if (!problems.length) console.log(`server/modules: ${edges.size} modules import others, no circle between modules`)
  return problems
}

/** Tarjan's strongly connected components of a small directed graph. */
function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const groups: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        group.push(member)
      } while (member !== node)
      groups.push(group.sort())
    }
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node)
  return groups
}

const problems = [...(await clientCircles()), ...(await moduleCircles())]
for (const problem of problems) console.error(problem)
if (problems.length) {
  console.error(`${problems.length} circle(s): move the shared part down a floor, or to the module both depend on.`)
  process.exit(1)
}
