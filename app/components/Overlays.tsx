import { useMounted } from '@mantine/hooks'
import { lazy, Suspense } from 'react'

// Notifications and modals are driven by stores (`notifications.show`, `modals.open`) that work
// before their containers exist; the containers load after hydration, off the first-load budget.
// The import goes through our own module: importing the package barrel dynamically would pull
// the whole barrel into the first-load chunk.
const OverlayContainers = lazy(() => import('./OverlayContainers.tsx'))

export function Overlays() {
  const mounted = useMounted()
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <OverlayContainers />
    </Suspense>
  )
}
