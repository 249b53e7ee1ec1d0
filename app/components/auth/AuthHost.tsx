import { useHydrated } from '#app/lib/use-hydrated.ts'
import { lazy, Suspense } from 'react'
import { setUserParams } from '#app/lib/analytics.ts'
import { loadDeferred } from '#app/components/load-deferred.ts'

// Nothing of signing in is needed to show a page: it all loads after hydration.
const AuthClient = lazy(() => loadDeferred().then((m) => m.loadAuthClient()))

/** Mounted once in the root layout; see AuthClient. */
export function AuthHost() {
  const mounted = useHydrated()
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      {/* Handed in rather than imported there: analytics stays in the first-load chunk. */}
      <AuthClient sendUserParams={setUserParams} />
    </Suspense>
  )
}
