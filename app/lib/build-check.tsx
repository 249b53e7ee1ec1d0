import { Button } from '@mantine/core'
import { useEffect } from 'react'
import { RU } from '#common/messages.ts'
import { showNotification } from './notify.ts'

/** Spec section 9: look for a new release once an hour. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000
export const NEW_BUILD_NOTIFICATION_ID = 'new-build'

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
    let notified = false
    const timer = window.setInterval(async () => {
      const latest = await fetchLatestBuildId()
      if (!latest || latest === currentBuildId || notified) return
      notified = true
      showNotification({
        id: NEW_BUILD_NOTIFICATION_ID,
        title: RU.newBuildTitle,
        message: (
          <>
            {RU.newBuildMessage}{' '}
            <Button size="xs" mt="xs" onClick={() => window.location.reload()}>
              {RU.newBuildReload}
            </Button>
          </>
        ),
        autoClose: false,
      })
    }, BUILD_CHECK_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [currentBuildId])
}
