import type { JobHandler } from './runner.ts'
import { quote } from '#common/format.ts'

/** A job kind: `<domain>.<what_is_done>`, snake case after the one dot. */
export const JOB_KIND = /^[a-z]+\.[a-z]+(?:_[a-z]+)*$/

/**
 * The kinds every module and the flows declared, and which of them got a handler: each builder
 * registers through its own view (`declaredBy`), which refuses what its owner did not declare.
 */
export function createJobDeclarations() {
  const declared = new Map<string, string>()
  const registered = new Set<string>()

  return {
    /** The owner's kinds, checked for their form and for being declared once. */
    declare(owner: string, kinds: readonly string[]) {
      for (const kind of kinds) {
        if (!JOB_KIND.test(kind))
          throw new Error(`${owner}: the job kind ${quote(kind)} is not <domain>.<what_is_done>`)
        const other = declared.get(kind)
        if (other) throw new Error(`${owner}: the job kind ${quote(kind)} is declared by ${other} already`)
        declared.set(kind, owner)
      }
    },

    /** What `owner`'s builder registers with: the real registration, for its own kinds only. */
    registrarFor(owner: string, register: (kind: string, handler: JobHandler) => void) {
      return (kind: string, handler: JobHandler) => {
        if (declared.get(kind) !== owner)
          throw new Error(
            `${owner} registers the job kind ${quote(kind)}, which it did not declare (defineModule jobs)`,
          )
        registered.add(kind)
        register(kind, handler)
      }
    },

    /** After every builder ran: a declared kind without a handler would wait in the queue for ever. */
    checkComplete() {
      const missing = [...declared.keys()].filter((kind) => !registered.has(kind))
      if (missing.length) throw new Error(`Declared jobs without a handler: ${missing.join(', ')}`)
    },
  }
}
