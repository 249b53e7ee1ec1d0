import { useCallback, useSyncExternalStore } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { WhoamiUser } from '#common/organizations.ts'
import type { RootData } from './root-data.ts'
import { createStore } from './store.ts'

/**
 * The core of the client session (spec section 4), small enough for the first load: the header
 * needs it on every page. `session.ts` is the full API (flags, refresh) for everything else.
 *
 * The root loader reads the user on the server, so the first render (server and hydration alike)
 * takes it from the root loader data; the store takes over once it has been loaded on the client
 * (from that same data after hydration, from whoami, or cleared by a 401). The server never
 * writes the store: it is one per browser tab, not one per request.
 */
export type SessionStatus = 'notLoaded' | 'loaded'

export interface SessionState {
  status: SessionStatus
  user: WhoamiUser | null
}

const session = createStore<SessionState>({ status: 'notLoaded', user: null })
/** The user as JSON: revalidations hand over equal users as new objects, which must not re-render. */
let stateKey = ''

export function getSession(): SessionState {
  return session.get()
}

export function setSessionUser(user: WhoamiUser | null) {
  const key = JSON.stringify(user)
  if (session.get().status === 'loaded' && key === stateKey) return
  stateKey = key
  session.set({ status: 'loaded', user })
}

export function clearUser() {
  setSessionUser(null)
}

/**
 * The root loader's user into the store, after hydration and after each revalidation. The sync
 * runs from lazily loaded code, which on a busy phone mounts after the page has already changed
 * the store (a 401 cleared the user, whoami refreshed it): on that first run (`mounting`) the
 * store is newer than the page's root data and keeps what it has.
 */
export function adoptRootUser(user: WhoamiUser | null, mounting: boolean) {
  if (mounting && session.get().status === 'loaded') return
  setSessionUser(user)
}

/**
 * The root loader's user as a session state, once per loader result: a catalogue page has some
 * fifty components that read the session, and each wrote the user out as JSON for itself.
 */
const rootStates = new WeakMap<object, { state: SessionState; key: string }>()
const NO_USER = { state: { status: 'loaded', user: null } satisfies SessionState, key: 'null' }

function rootStateOf(user: WhoamiUser | null): { state: SessionState; key: string } {
  if (user === null) return NO_USER
  let known = rootStates.get(user)
  if (!known) {
    known = { state: { status: 'loaded', user }, key: JSON.stringify(user) }
    rootStates.set(user, known)
  }
  return known
}

/**
 * The session's status and user: the store once loaded, the root loader's user until then.
 *
 * Right after hydration the store is loaded with the root loader's own user (session-sync.ts).
 * That changes nothing on the page, so the snapshot stays the object rendered before: every
 * card's cart and compare buttons read the session, and a new object would re-render them all at
 * once in the middle of a phone's start-up.
 */
export function useSessionState(): SessionState {
  const rootUser = (useRouteLoaderData('root') as RootData | undefined)?.user
  const fromRoot = rootUser === undefined ? undefined : rootStateOf(rootUser)
  const snapshot = useCallback(() => {
    const stored = session.get()
    if (!fromRoot) return stored
    return stored.status !== 'loaded' || stateKey === fromRoot.key ? fromRoot.state : stored
  }, [fromRoot])
  return useSyncExternalStore(session.subscribe, snapshot, snapshot)
}
