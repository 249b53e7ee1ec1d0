import { dirname, normalize, relative, resolve, sep } from 'node:path'
import type { Rule } from 'eslint'
import type { ExportAllDeclaration, ExportNamedDeclaration, ImportDeclaration } from 'estree'

/**
 * A domain module (server/modules/<name>/) is entered only through its index.ts: what it lets
 * others use is exported there, and everything else is its own to change. A module, or a flow
 * (server/flows/), that imports another module's file directly is refused. Tests and their
 * helpers (`*.testing.ts`), which set up rows of several modules at once, may reach into any.
 */
const MODULES = join('server', 'modules')

function join(...parts: string[]): string {
  return parts.join(sep)
}

/** The module a file belongs to (`orders` for server/modules/orders/x/y.ts), or null. */
function moduleOf(path: string): string | null {
  if (!path.startsWith(MODULES + sep)) return null
  const [name, ...rest] = path.slice(MODULES.length + 1).split(sep)
  return rest.length ? name! : null
}

const isTesting = (path: string) => path.endsWith('.testing.ts')

const moduleDoors: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: "Another module's files are imported only through its index.ts" },
    messages: {
      door: "«{{target}}» is inside module «{{module}}»: import it from '{{door}}', and export it there if others may use it.",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd
    const file = relative(root, context.filename)
    if (file.endsWith('.test.ts') || isTesting(file)) return {}
    const own = moduleOf(file)
    const inFlows = file.startsWith(join('server', 'flows') + sep)
    if (!own && !inFlows) return {}

    function check(node: ImportDeclaration | ExportNamedDeclaration | ExportAllDeclaration) {
      const source = node.source?.value
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = normalize(relative(root, resolve(dirname(context.filename), source)))
      const module = moduleOf(target)
      if (!module || module === own) return
      if (target === join(MODULES, module, 'index.ts')) return
      const door = relative(dirname(context.filename), resolve(root, MODULES, module, 'index.ts'))
        .split(sep)
        .join('/')
      context.report({ node: node.source!, messageId: 'door', data: { target, module, door } })
    }

    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}

export const moduleDoorsPlugin = { rules: { 'module-doors': moduleDoors } }
