import { useEffect, useSyncExternalStore } from 'react'

/** The header's counters (GET /header/summary): unread chat messages, cart lines, compared products. */
export interface HeaderSummary {
  chatUnreadMessagesCount: number
  cartCount: number
  compareCount: number
}

const EMPTY: HeaderSummary = { chatUnreadMessagesCount: 0, cartCount: 0, compareCount: 0 }
let summary: HeaderSummary = EMPTY
let version = 0
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function set(next: HeaderSummary) {
  version++
  summary = next
  listeners.forEach((l) => l())
}

export function getHeaderSummary(): HeaderSummary {
  return summary
}

export function useHeaderSummary(): HeaderSummary {
  return useSyncExternalStore(subscribe, getHeaderSummary, () => EMPTY)
}

/** Fetches the counters again; on failure the old ones stay (they are a hint, not data). */
export async function loadHeaderSummary(): Promise<void> {
  const started = ++version
  try {
    const { api } = await import('./api.ts')
    const next = await api.get<HeaderSummary>('/header/summary')
    if (started === version) set({ ...EMPTY, ...next })
  } catch {
    // The next change of the signed-in state asks again.
  }
}

/** Spec section 4: the unread count rises by one per chat event and never drops below 0. */
export function changeUnreadChatCount(delta: number) {
  set({ ...summary, chatUnreadMessagesCount: Math.max(0, summary.chatUnreadMessagesCount + delta) })
}

let lastAuthenticated: boolean | undefined

/**
 * Spec section 4: the summary is fetched again whenever the signed-in state changes. A guest's
 * first page asks nothing: a guest has nothing to count yet.
 */
export function useHeaderSummarySync(isAuthenticated: boolean, loaded: boolean) {
  useEffect(() => {
    if (!loaded || lastAuthenticated === isAuthenticated) return
    const first = lastAuthenticated === undefined
    lastAuthenticated = isAuthenticated
    if (!isAuthenticated) set(EMPTY)
    if (isAuthenticated || !first) void loadHeaderSummary()
  }, [isAuthenticated, loaded])
}
