import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { RU } from '#common/messages.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Marks a catch-all route (the page renderer, the API's 404) with the methods it really
     * serves: a path that no route of its own claims accepts these and no others.
     */
    fallbackMethods?: readonly string[]
  }
}

/** Pages answer GET and HEAD, and POST for route actions; our forms and fetchers send nothing else. */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const

/**
 * A request whose method its path does not accept (TRACE, PROPFIND, DELETE on a page) gets 405
 * with `Allow`, before it reaches a handler: the page renderer cannot even build a web Request
 * for TRACE or CONNECT. Register it before the routes, so that it sees every one of them.
 */
export const allowedMethodsPlugin = fp(async (app: FastifyInstance) => {
  const table = new MethodTable()
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    table.add(route.url, route.config?.fallbackMethods ?? methods, Boolean(route.config?.fallbackMethods))
  })

  app.addHook('onRequest', async (req, reply) => {
    if (!landedOnFallback(req)) return // a route of its own matched, method and all
    const allowed = table.methodsOf(req.url.split('?')[0]!)
    if (allowed.size === 0 || allowed.has(req.method)) return
    return reply
      .status(405)
      .header('allow', [...allowed].join(', '))
      .send({ error: { code: 'method_not_allowed', message: RU.methodNotAllowed(req.method) } })
  })
})

/** Unknown methods reach no route at all (the 404 handler); others may reach a catch-all. */
function landedOnFallback(req: FastifyRequest): boolean {
  return req.routeOptions.url === undefined || req.routeOptions.config.fallbackMethods !== undefined
}

type Pattern = { regex: RegExp; methods: Set<string> }

/** A path's first segment: `api` for `/api/v1/files/:id` and for `/api`. */
const headOf = (path: string) => path.split('/', 2)[1] ?? ''

/**
 * What each registered path accepts: exact paths by lookup, parametric ones by pattern. The
 * patterns are kept by their first segment, so a page's path is not tried against the hundreds
 * of API patterns on every request (they all start with `/api`).
 */
class MethodTable {
  private readonly exact = new Map<string, Set<string>>()
  private readonly patternsByHead = new Map<string, Pattern[]>()
  /** Patterns whose first segment holds a parameter or a wildcard: tried for every path. */
  private readonly anyHead: Pattern[] = []
  /** Catch-alls by their prefix; the longest prefix that fits a path wins. */
  private readonly fallbacks: { prefix: string; methods: Set<string> }[] = []

  add(url: string, methods: readonly string[], fallback: boolean) {
    if (fallback) {
      this.fallbacks.push({ prefix: url.replace(/\*$/, ''), methods: new Set(methods) })
      this.fallbacks.sort((a, b) => b.prefix.length - a.prefix.length)
    } else if (/[:*]/.test(url)) {
      const pattern = { regex: patternOf(url), methods: new Set(methods) }
      const head = headOf(url)
      if (/[:*]/.test(head)) this.anyHead.push(pattern)
      else if (this.patternsByHead.has(head)) this.patternsByHead.get(head)!.push(pattern)
      else this.patternsByHead.set(head, [pattern])
    } else {
      const known = this.exact.get(url) ?? new Set<string>()
      for (const method of methods) known.add(method)
      this.exact.set(url, known)
    }
  }

  methodsOf(path: string): Set<string> {
    const methods = new Set(this.exact.get(path))
    for (const patterns of [this.patternsByHead.get(headOf(path)) ?? [], this.anyHead]) {
      for (const { regex, methods: own } of patterns) {
        if (regex.test(path)) for (const method of own) methods.add(method)
      }
    }
    if (methods.size > 0) return methods
    return this.fallbacks.find((f) => path.startsWith(f.prefix))?.methods ?? methods
  }
}

/** `/files/:id` and `/docs/*` as a RegExp: a parameter spans one segment, a wildcard the rest. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/) // odd places hold the parameters and wildcards
    .map((part, i) => (i % 2 === 0 ? part.replace(/[.+?^${}()|[\]\\]/g, '\\$&') : part === '*' ? '.*' : '[^/]+'))
    .join('')
  return new RegExp(`^${source}$`)
}
