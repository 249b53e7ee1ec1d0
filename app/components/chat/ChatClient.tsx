import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { isChatPath, isNotifiable, onChatEvent, onChatResync, raisesUnreadCount } from '#app/lib/chat/events.ts'
import {
  closeChatNotifications,
  hideChatDisconnected,
  showChatDisconnected,
  showChatNotification,
} from './notifications.tsx'
import { realtimeEndpoint, startRealtime } from '#app/lib/chat/realtime.ts'
import { playMessageSound } from '#app/lib/chat/sound.ts'
import { changeUnreadChatCount, loadHeaderSummary } from '#app/lib/header-summary.ts'

/**
 * The chat's presence on every page, for a signed-in user whose selected organization is
 * confirmed (AuthClient mounts it then, and unmounts it on sign-out or on switching to an
 * unconfirmed organization, which disconnects). It keeps the realtime connection, the header's
 * unread count, the notifications and their sound.
 */
export default function ChatClient({ userId, chatWsUrl }: { userId: string; chatWsUrl: string | null }) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const onChat = isChatPath(pathname)
  const onChatRef = useRef(onChat)
  const navigateRef = useRef(navigate)
  useEffect(() => {
    onChatRef.current = onChat
    navigateRef.current = navigate
  })

  useEffect(() => {
    if (onChat) closeChatNotifications()
  }, [onChat])

  useEffect(() => {
    const stopEvents = onChatEvent((event) => {
      if (raisesUnreadCount(event)) changeUnreadChatCount(+1)
      // A room read in another tab (or by the other side): the server counts what is left unread.
      if (event.eventType === 'roomRead') void loadHeaderSummary()
      if (onChatRef.current || !isNotifiable(event)) return
      showChatNotification(event.message, (href) => void navigateRef.current(href))
      void playMessageSound()
    })
    // What the counter says may have changed while the connection was down.
    const stopResync = onChatResync(() => void loadHeaderSummary())
    const stop = startRealtime(userId, realtimeEndpoint(chatWsUrl, window.location), { onLost: showChatDisconnected })
    return () => {
      stop()
      stopResync()
      stopEvents()
      closeChatNotifications()
      hideChatDisconnected()
    }
  }, [userId, chatWsUrl])

  return null
}
