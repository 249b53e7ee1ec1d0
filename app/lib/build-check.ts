import { useEffect } from 'react'

/** Spec section 9: look for a new release once an hour. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000

/** `builds/latest.json` with a timestamp query, so no cache in between can answer. */
export async function fetchLatestBuildId(): Promise<string | null> {
  try {
    const response = await fetch(`/builds/latest.json?${Date.now()}`, { cache: 'no-store' })
    if (!response.ok) return null
    const body = (await response.json()) as { id?: unknown }
    return typeof body.id === 'string' ? body.id : null
  } catch {
    return null // offline or deploying: try again next hour
  }
}

export function useNewBuildCheck(currentBuildId: string) {
  useEffect(() => {
    if (!currentBuildId) return // the page failed before it learned its build
    let notified = false
    const timer = window.setInterval(async () => {
      const latest = await fetchLatestBuildId()
      if (!latest || latest === currentBuildId || notified) return
      notified = true
      // The notice's code loads only when there is something to announce.
      const { announceNewBuild } = await import('./new-build-notice.tsx')
      announceNewBuild()
    }, BUILD_CHECK_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [currentBuildId])
}
