import { lazy, Suspense, useEffect } from 'react'
import { useOverlaysWanted, watchNotifications } from '#app/lib/overlays.ts'

// Notifications and modals are driven by stores (`notifications.show`, `modals.open`); their
// containers load when first wanted (see overlays.ts), off the first load of every page.
// The import goes through our own module: importing the package barrel dynamically would pull
// the whole barrel into the first-load chunk.
const OverlayContainers = lazy(() => import('./OverlayContainers.tsx'))

export function Overlays() {
  const wanted = useOverlaysWanted()
  useEffect(watchNotifications, [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <OverlayContainers />
    </Suspense>
  )
}
