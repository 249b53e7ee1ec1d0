import { notifications } from '@mantine/notifications'
import type { ReactNode } from 'react'

/** Spec section 9: toasts last 3000 ms, notifications 4500 ms, both 16 px from the edge. */
export const TOAST_DURATION_MS = 3000
export const NOTIFICATION_DURATION_MS = 4500
export const NOTIFICATION_OFFSET_PX = 16

type Tone = 'info' | 'success' | 'error'
/** Mantine's close button is an icon alone: it needs its name (as the chat's notifications give it). */
const CLOSE_BUTTON = { 'aria-label': 'Закрыть уведомление' }
const COLORS: Record<Tone, string> = { info: 'blue', success: 'teal', error: 'red' }

/** A short confirmation at the bottom of the screen. */
export function showToast(message: ReactNode, tone: Tone = 'info') {
  return notifications.show({
    message,
    color: COLORS[tone],
    autoClose: TOAST_DURATION_MS,
    position: 'bottom-center',
    closeButtonProps: CLOSE_BUTTON,
  })
}

/** A titled notice at the top right; `autoClose: false` keeps it until the user acts. */
export function showNotification(opts: {
  id?: string
  title: ReactNode
  message: ReactNode
  tone?: Tone
  autoClose?: number | false
  position?: 'top-right' | 'bottom-left'
  withCloseButton?: boolean
}) {
  return notifications.show({
    id: opts.id,
    title: opts.title,
    message: opts.message,
    color: COLORS[opts.tone ?? 'info'],
    autoClose: opts.autoClose ?? NOTIFICATION_DURATION_MS,
    position: opts.position ?? 'top-right',
    withCloseButton: opts.withCloseButton ?? true,
    closeButtonProps: CLOSE_BUTTON,
  })
}
