import '@mantine/notifications/styles.layer.css'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { NOTIFICATION_OFFSET_PX } from '#app/lib/notify.ts'
import { MantineScope } from './MantineScope.tsx'

/** Where notifications (at most 3, 16 px from the edge) and modals render. */
export default function OverlayContainers() {
  return (
    <MantineScope>
      {/* The (padded) containers are always there, even empty: they must not swallow clicks on the header. */}
      <Notifications
        limit={3}
        style={{ padding: NOTIFICATION_OFFSET_PX }}
        styles={{ root: { pointerEvents: 'none' }, notification: { pointerEvents: 'auto' } }}
      />
      <ModalsProvider />
    </MantineScope>
  )
}
