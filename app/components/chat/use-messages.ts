import { useCallback, useRef, useState } from 'react'
import { showToast } from '#app/lib/notify.ts'
import type { ChatMessage, ChatMessagePage } from '#common/chat.ts'
import { chatApi } from './chat-api.ts'
import { prependMessages, upsertMessage } from './chat-state.ts'

/** Within this many pixels of the end the list counts as «at the end» and follows new messages. */
const END_SLACK_PX = 80

/**
 * The open room's messages, oldest first: the loader's latest page, older pages loaded upward,
 * new and changed ones from realtime or our own sends. Keeps where the reader is: at the end it
 * follows new messages, and a page loaded above does not move what is on screen.
 */
export function useMessages(guid: string, page: ChatMessagePage) {
  const [items, setItems] = useState(page.items)
  const [hasMore, setHasMore] = useState(page.hasMore)
  const [source, setSource] = useState(page)
  if (source !== page) {
    setSource(page)
    setItems(page.items)
    setHasMore(page.hasMore)
  }
  const [loadingOlder, setLoadingOlder] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const atEnd = useRef(true)
  const toEnd = useRef(true)
  /** The distance from the bottom to restore after older messages are put above. */
  const keep = useRef<number | null>(null)
  const busy = useRef(false)
  const first = items[0]?.id

  const upsert = useCallback((message: ChatMessage) => setItems((list) => upsertMessage(list, message)), [])

  /** The latest page again: new messages, edits and read marks the events did not bring. */
  const refresh = useCallback(async () => {
    try {
      const latest = await chatApi.listMessages(guid)
      setItems((list) => {
        const next = latest.items.reduce(upsertMessage, list)
        // Nothing new: the same array, so nothing renders again.
        return JSON.stringify(next) === JSON.stringify(list) ? list : next
      })
    } catch {
      // What is on screen stays; the next event or reconnect reads again.
    }
  }, [guid])

  const loadOlder = useCallback(async () => {
    if (busy.current || !hasMore || !first) return
    busy.current = true
    setLoadingOlder(true)
    try {
      const older = await chatApi.listMessages(guid, first)
      const el = ref.current
      if (el) keep.current = el.scrollHeight - el.scrollTop
      setItems((list) => prependMessages(list, older.items))
      setHasMore(older.hasMore)
    } catch {
      showToast('Не удалось загрузить ранние сообщения. Попробуйте ещё раз', 'error')
    } finally {
      busy.current = false
      setLoadingOlder(false)
    }
  }, [guid, hasMore, first])

  /** The next render scrolls to the end (after sending). */
  const stickToEnd = useCallback(() => {
    toEnd.current = true
  }, [])

  const onScroll = useCallback(() => {
    const el = ref.current
    if (el) atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < END_SLACK_PX
  }, [])

  /** What ends the list (its last message, our unsent ones): only a new end is followed. */
  const lastEnd = useRef<string | null>(null)

  /**
   * After the list rendered: keep the reader's place when older messages came above; follow the
   * end when a message was added there and the reader was at the end (or has just sent one).
   * An edit or a read mark moves nothing.
   */
  const placeScroll = useCallback((end: string) => {
    const el = ref.current
    if (!el) return
    const grew = end !== lastEnd.current
    lastEnd.current = end
    if (keep.current !== null) {
      el.scrollTop = el.scrollHeight - keep.current
      keep.current = null
    } else if (toEnd.current || (grew && atEnd.current)) {
      el.scrollTop = el.scrollHeight
      toEnd.current = false
      atEnd.current = true
    }
  }, [])

  return { items, hasMore, loadingOlder, loadOlder, upsert, refresh, stickToEnd, scrollRef: ref, onScroll, placeScroll }
}

export type Messages = ReturnType<typeof useMessages>
