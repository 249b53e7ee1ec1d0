import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { NOTIFICATION_OFFSET_PX } from '#app/lib/notify.ts'

/** Where notifications (at most 3, 16 px from the edge) and modals render. */
export default function OverlayContainers() {
  return (
    <>
      <Notifications limit={3} style={{ padding: NOTIFICATION_OFFSET_PX }} />
      <ModalsProvider />
    </>
  )
}
