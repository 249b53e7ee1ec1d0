import { useSyncExternalStore } from 'react'

/**
 * A value the browser keeps outside React (the session, the header's counters, the auth modal…),
 * read by components through `useStore`. One per browser tab, never per request: the server only
 * ever renders the initial value, and hydration starts from it too, so the first client render
 * matches the server's HTML whatever the store holds by then.
 */
export interface Store<T> {
  get(): T
  /** Sets the value and tells every subscriber; the same value (Object.is) changes nothing. */
  set(next: T): void
  /** The next value from the current one, e.g. `update((s) => ({ ...s, opened: false }))`. */
  update(next: (current: T) => T): void
  subscribe(listener: () => void): () => void
  /** What the store started with: the server's snapshot. */
  readonly initial: T
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial
  const listeners = new Set<() => void>()
  const set = (next: T) => {
    if (Object.is(next, value)) return
    value = next
    for (const listener of [...listeners]) listener()
  }
  return {
    initial,
    get: () => value,
    set,
    update: (next) => set(next(value)),
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** The store's value; the server render and hydration see its initial value. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.initial)
}
