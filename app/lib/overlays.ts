import { notificationsStore } from '@mantine/notifications'
import { createStore, useStore } from './store.ts'

/**
 * Whether the page needs Mantine's notification and modal containers (Overlays). They load on
 * demand: a guest who only reads a page never opens a modal nor gets a notification, and the
 * containers bring Mantine's provider, its components' CSS and some 60 kB of scripts with them.
 *
 * What asks for them: any MantineScope that mounts (every modal is opened from Mantine UI, which
 * then has them ready before the user can act) and the first notification shown (Mantine's
 * notifications store keeps it until the container renders it). Once wanted, they stay.
 */
const wanted = createStore(false)

export function requestOverlays() {
  wanted.set(true)
}

export function useOverlaysWanted(): boolean {
  return useStore(wanted)
}

/** From the first notification on; returns the unsubscribe. */
export function watchNotifications(): () => void {
  const check = () => {
    const { notifications, queue } = notificationsStore.getState()
    if (notifications.length + queue.length > 0) requestOverlays()
  }
  check()
  return notificationsStore.subscribe(check)
}
