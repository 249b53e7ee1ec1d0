import { useEffect } from 'react'
import type { CompareIds } from '#common/compare.ts'
import { hasGuestCompareList, markGuestCompareList, setCompareCount } from './header-summary.ts'
import { getSession, useSessionState } from './session-store.ts'
import { createStore, useStore } from './store.ts'

/**
 * The products this browser compares, for the compare buttons on cards and product pages. Small
 * on purpose (every catalogue page loads it): the ids come after hydration from
 * GET /compare/ids, once per signed-in state, and each write answers the new ids and count.
 */
export type { CompareIds }

const NONE: ReadonlySet<string> = new Set()
const compared = createStore(NONE)
/** Whose ids the store holds: a user's id or 'guest'; undefined until first asked. */
let holder: string | undefined
let ticket = 0

/** Takes the ids and count a compare call answered, and passes the count on to the header. */
export function applyCompareIds(next: CompareIds) {
  ticket++ // a write's answer is newer than any read still on its way
  holder = getSession().user?.id ?? 'guest'
  if (!getSession().user) markGuestCompareList(next.count > 0)
  setCompareCount(next.count)
  compared.set(new Set(next.ids))
}

async function loadIds(owner: string) {
  holder = owner
  if (owner === 'guest' && !hasGuestCompareList()) {
    if (compared.get().size > 0) applyCompareIds({ ids: [], count: 0 })
    return
  }
  const started = ++ticket
  try {
    const { api } = await import('./api.ts')
    const { data } = await api.get<{ data: CompareIds }>('/compare/ids')
    if (started === ticket) applyCompareIds(data)
  } catch {
    // The buttons stay unpressed; a click still adds or removes on the server.
    if (started === ticket) holder = undefined
  }
}

/** The compared ids; the first caller after hydration (and after a change of user) loads them. */
export function useCompareIds(): ReadonlySet<string> {
  const { status, user } = useSessionState()
  const owner = status === 'loaded' ? (user?.id ?? 'guest') : undefined
  useEffect(() => {
    if (owner !== undefined && owner !== holder) void loadIds(owner)
  }, [owner])
  return useStore(compared)
}
