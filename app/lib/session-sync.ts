import { useEffect, useRef } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { deriveSessionFlags } from '#common/organizations.ts'
import type { AnalyticsUserStatus, AnalyticsUserType, setUserParams } from './analytics.ts'
import { useHeaderSummarySync } from './header-summary.ts'
import { useSession } from './session.ts'
import type { RootData } from './root-data.ts'
import { adoptRootUser } from './session-store.ts'

type SessionFlags = ReturnType<typeof deriveSessionFlags>

/** Spec section 1: status confirmed | registrated | guest, type seller | buyer | guest. */
export function analyticsUserParams(flags: SessionFlags): { status: AnalyticsUserStatus; type: AnalyticsUserType } {
  if (!flags.isAuthenticated) return { status: 'guest', type: 'guest' }
  return {
    status: flags.isConfirmed ? 'confirmed' : 'registrated',
    type: flags.isSeller ? 'seller' : 'buyer',
  }
}

/**
 * What follows the client session, run once after hydration (from the lazily loaded AuthClient:
 * none of it is needed to show the page): the store follows the root loader after every load and
 * revalidation, analytics learns who the visitor is, and the header's counters are fetched again
 * when the signed-in state changes. `sendUserParams` is analytics' `setUserParams`, handed in by
 * the first-load code that already has it.
 */
export function useSessionSync(sendUserParams: typeof setUserParams) {
  const rootUser = (useRouteLoaderData('root') as RootData | undefined)?.user
  const mounting = useRef(true)
  useEffect(() => {
    if (rootUser !== undefined) adoptRootUser(rootUser, mounting.current)
    mounting.current = false
  }, [rootUser])

  const session = useSession()
  const loaded = session.status === 'loaded'
  const { status, type } = analyticsUserParams(session)
  useEffect(() => {
    if (loaded) sendUserParams(status, type)
  }, [loaded, status, type, sendUserParams])

  useHeaderSummarySync(session.isAuthenticated, loaded)
}
