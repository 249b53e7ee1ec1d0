import { useMemo } from 'react'
import { deriveSessionFlags, type WhoamiUser } from '#common/organizations.ts'
import { setSessionUser, useSessionState } from './session-store.ts'

/**
 * The client session of spec section 4: not loaded, then loaded with a user or with none;
 * authenticated, confirmed, seller and seller-confirmed derived from the selected organization.
 * The store itself lives in session-store.ts, the part the header needs on the first load.
 */
export {
  clearUser,
  getSession,
  type SessionState,
  type SessionStatus,
  setSessionUser,
  useSessionState,
} from './session-store.ts'

/** Asks the server who is signed in; a failed whoami (401 or anything else) leaves no user. */
let refreshes = 0

export async function refresh(): Promise<WhoamiUser | null> {
  const ticket = ++refreshes
  let user: WhoamiUser | null
  try {
    const { api } = await import('./api.ts')
    user = (await api.get<{ data: WhoamiUser }>('/users/whoami')).data
  } catch {
    user = null
  }
  // When two overlap, the one asked last has the last word.
  if (ticket === refreshes) setSessionUser(user)
  return user
}

/** The session with the flags every screen asks about. */
export function useSession() {
  const { status, user } = useSessionState()
  return useMemo(() => ({ status, user, ...deriveSessionFlags(user) }), [status, user])
}
