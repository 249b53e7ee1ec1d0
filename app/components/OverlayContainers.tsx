import { useEffect } from 'react'
import '@mantine/notifications/styles.layer.css'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { NOTIFICATION_OFFSET_PX } from '#app/lib/notify.ts'
import { MantineScope } from './MantineScope.tsx'
import classes from './OverlayContainers.module.css'

/**
 * The sticky header's height as `--site-header-height` on the page: notifications placed at the
 * top start below it, so a notice never covers the cart, the chat or «Войти».
 */
function useHeaderHeight() {
  useEffect(() => {
    const header = document.querySelector('[data-site-header]')
    if (!header) return
    const root = document.documentElement
    const measure = () =>
      root.style.setProperty('--site-header-height', `${Math.ceil(header.getBoundingClientRect().height)}px`)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(header)
    return () => observer.disconnect()
  }, [])
}

/** Where notifications (at most 3, 16 px from the edge, the top ones below the header) and modals render. */
export default function OverlayContainers() {
  useHeaderHeight()
  return (
    <MantineScope>
      {/* The (padded) containers are always there, even empty: they must not swallow clicks on the header. */}
      <Notifications
        limit={3}
        style={{ padding: NOTIFICATION_OFFSET_PX }}
        classNames={{ root: classes.notifications }}
        styles={{ root: { pointerEvents: 'none' }, notification: { pointerEvents: 'auto' } }}
      />
      <ModalsProvider />
    </MantineScope>
  )
}
