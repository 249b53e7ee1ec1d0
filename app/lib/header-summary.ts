import { useEffect } from 'react'
import { createStore, useStore } from './store.ts'

/** The header's counters (GET /header/summary): unread chat messages, cart lines, compared products. */
export interface HeaderSummary {
  chatUnreadMessagesCount: number
  cartCount: number
  compareCount: number
}

const EMPTY: HeaderSummary = { chatUnreadMessagesCount: 0, cartCount: 0, compareCount: 0 }
const summary = createStore(EMPTY)
/** Bumped by every write, so that an answer to an older fetch does not overwrite a newer value. */
let version = 0

function set(next: HeaderSummary) {
  version++
  summary.set(next)
}

export function getHeaderSummary(): HeaderSummary {
  return summary.get()
}

export function useHeaderSummary(): HeaderSummary {
  return useStore(summary)
}

/** Fetches the counters again; on failure the old ones stay (they are a hint, not data). */
export async function loadHeaderSummary(): Promise<void> {
  const started = ++version
  try {
    const { api } = await import('./api.ts')
    const next = await api.get<HeaderSummary>('/header/summary')
    if (started === version) set({ ...EMPTY, ...next })
    if (next.compareCount === 0) markGuestCompareList(false)
  } catch {
    // The next change of the signed-in state asks again.
  }
}

/** The compared products' count as a compare write answered it. */
export function setCompareCount(compareCount: number) {
  set({ ...summary.get(), compareCount })
}

/** The cart's line count as a cart write answered it. */
export function setCartCount(cartCount: number) {
  set({ ...summary.get(), cartCount })
}

/**
 * A guest's compare list lives behind an httpOnly cookie the page cannot see; this mark says the
 * browser has one, so a guest's first page asks for the counters only when there is one to show.
 */
const GUEST_COMPARE_KEY = 'compare:guest'

export function markGuestCompareList(has: boolean) {
  try {
    if (has) localStorage.setItem(GUEST_COMPARE_KEY, '1')
    else localStorage.removeItem(GUEST_COMPARE_KEY)
  } catch {
    // Storage may be off (private mode): the count then shows after the next compare write.
  }
}

export function hasGuestCompareList(): boolean {
  try {
    return localStorage.getItem(GUEST_COMPARE_KEY) === '1'
  } catch {
    return false
  }
}

/** Spec section 4: the unread count rises by one per chat event and never drops below 0. */
export function changeUnreadChatCount(delta: number) {
  const current = summary.get()
  set({ ...current, chatUnreadMessagesCount: Math.max(0, current.chatUnreadMessagesCount + delta) })
}

/** The unread count as the server just counted it (the answer to marking a chat room read). */
export function setUnreadChatCount(count: number) {
  set({ ...summary.get(), chatUnreadMessagesCount: Math.max(0, count) })
}

let lastAuthenticated: boolean | undefined

/**
 * Spec section 4: the summary is fetched again whenever the signed-in state changes. A guest's
 * first page asks only when the browser keeps a compare list (the one thing a guest can count);
 * at sign-in that list moves to the account.
 */
export function useHeaderSummarySync(isAuthenticated: boolean, loaded: boolean) {
  useEffect(() => {
    if (!loaded || lastAuthenticated === isAuthenticated) return
    const first = lastAuthenticated === undefined
    lastAuthenticated = isAuthenticated
    if (!isAuthenticated) set(EMPTY)
    else markGuestCompareList(false)
    if (isAuthenticated || !first || hasGuestCompareList()) void loadHeaderSummary()
  }, [isAuthenticated, loaded])
}
