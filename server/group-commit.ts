/** What one item of a group came to: its value, or the error that is its caller's alone. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown }

/**
 * Group commit: `run` takes every item that arrived while the previous group was in flight, so
 * a burst of concurrent calls costs a few statements for all of them instead of a few each. An
 * item that arrives when nothing is in flight goes at once, alone: no timer, no added latency
 * when the server is quiet. `run` answers an outcome per item, in order; if it throws, every item
 * of the group fails with that error.
 *
 * One runner per key (a database handle): items of a transaction never join the pool's group.
 */
export function groupCommit<K extends object, I, O>(
  run: (key: K, items: I[]) => Promise<Outcome<O>[]>,
  /** The most items in one group: a statement's size and a group's time stay bounded under any burst. */
  maxGroup = 256,
): (key: K, item: I) => Promise<O> {
  interface Waiting {
    item: I
    resolve: (value: O) => void
    reject: (error: unknown) => void
  }
  const queues = new WeakMap<K, { waiting: Waiting[]; busy: boolean }>()

  async function drain(key: K, queue: { waiting: Waiting[]; busy: boolean }) {
    queue.busy = true
    while (queue.waiting.length) {
      const group = queue.waiting.splice(0, maxGroup)
      try {
        const outcomes = await run(
          key,
          group.map((w) => w.item),
        )
        group.forEach((w, i) => {
          const outcome = outcomes[i]
          if (!outcome) w.reject(new Error('group commit: no outcome for an item'))
          else if (outcome.ok) w.resolve(outcome.value)
          else w.reject(outcome.error)
        })
      } catch (error) {
        for (const w of group) w.reject(error)
      }
    }
    queue.busy = false
  }

  return (key, item) =>
    new Promise<O>((resolve, reject) => {
      let queue = queues.get(key)
      if (!queue) queues.set(key, (queue = { waiting: [], busy: false }))
      queue.waiting.push({ item, resolve, reject })
      if (!queue.busy) void drain(key, queue)
    })
}
