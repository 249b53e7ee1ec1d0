import { ActionIcon, Alert, Anchor, Button, Menu, Text, VisuallyHidden } from '@mantine/core'
import { modals } from '@mantine/modals'
import { IconBan, IconDotsVertical, IconLockOpen } from '@tabler/icons-react'
import { type DragEvent, useCallback, useEffect, useRef, useState } from 'react'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { onChatEvent } from '#app/lib/chat/events.ts'
import { setUnreadChatCount } from '#app/lib/header-summary.ts'
import { showNotification, showToast } from '#app/lib/notify.ts'
import { useSession } from '#app/lib/session.ts'
import { failureMessage } from '#app/lib/upload.ts'
import { CHAT_MESSAGES, type ChatMessage, type ChatMessagePage, type ChatRoom } from '#common/chat.ts'
import { chatApi } from './chat-api.ts'
import classes from './chat.module.css'
import { BackToList } from './BackToList.tsx'
import { Composer } from './Composer.tsx'
import { MessageList } from './MessageList.tsx'
import type { MessageActions } from './MessageItem.tsx'
import { ReportModal } from './ReportModal.tsx'
import { useAttachments } from './use-attachments.ts'
import { useMessages } from './use-messages.ts'
import { useDraft } from './use-draft.ts'
import { type Pending, usePending } from './use-pending.ts'
import { quote } from '#common/format.ts'

/** Whether the user is looking at the page: only then does a new message count as read. */
const viewing = () => document.visibilityState === 'visible' && document.hasFocus()

/**
 * One room: its header (the other organization, blocking), the context card, the messages (older
 * ones load when scrolled to the top), and the composer, or why there is none (a block).
 */
export function RoomView({
  room: loadedRoom,
  page,
  onRead,
  onRoomChange,
  onSent,
}: {
  room: ChatRoom
  page: ChatMessagePage
  onRead: (guid: string) => void
  onRoomChange: (room: ChatRoom) => void
  /** A message of ours was stored (our own side hears of it from no event). */
  onSent: (message: ChatMessage) => void
}) {
  const guid = loadedRoom.guid
  const { user } = useSession()
  const organizationId = user?.organizations.find((o) => o.isSelected)?.id ?? null
  const [room, setRoom] = useState(loadedRoom)
  const [roomSource, setRoomSource] = useState(loadedRoom)
  if (roomSource !== loadedRoom) {
    setRoomSource(loadedRoom)
    setRoom(loadedRoom)
  }
  const messages = useMessages(guid, page)
  const [text, setText] = useDraft(guid)
  const attachments = useAttachments(organizationId)
  const [reporting, setReporting] = useState<ChatMessage | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState(false)
  const inputRef = useRef<HTMLTextAreaElement>(null)

  const markRead = useCallback(async () => {
    try {
      setUnreadChatCount(await chatApi.markRead(guid))
      onRead(guid)
    } catch {
      // The count stays as it was; the next opening marks the room read.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onRead only updates the list
  }, [guid])

  // Opening a room marks it read; a message that came while the user looked away, once back.
  useEffect(() => {
    void markRead()
  }, [markRead])
  const unseen = useRef(false)
  useEffect(() => {
    const back = () => {
      if (unseen.current && viewing()) {
        unseen.current = false
        void markRead()
      }
    }
    window.addEventListener('focus', back)
    document.addEventListener('visibilitychange', back)
    return () => {
      window.removeEventListener('focus', back)
      document.removeEventListener('visibilitychange', back)
    }
  }, [markRead])

  const { upsert, refresh } = messages
  useEffect(
    () =>
      onChatEvent((event) => {
        if (event.room.guid !== guid) return
        setRoom(event.room)
        const message = event.message
        if (message && event.eventType !== 'roomRead') upsert(message)
        if (event.eventType === 'messageCreated' || event.eventType === 'roomCreated') {
          if (message && !message.isOwn) setAnnouncement(`Новое сообщение от ${message.author?.name ?? room.name}`)
          if (viewing()) void markRead()
          else unseen.current = true
        }
        // Someone read the room: the read marks on screen come from the server again.
        if (event.eventType === 'roomRead') void refresh()
      }),
    [guid, markRead, upsert, refresh, room.name],
  )

  const pending = usePending(guid, (saved) => {
    upsert(saved)
    onSent(saved)
  })

  function submit() {
    const content = text
    const files = attachments.ready
    setText('')
    attachments.clear()
    messages.stickToEnd()
    void pending.send({ content, files })
  }

  /** An unsent message goes back into the field to be changed (what is typed there stays too). */
  function takeBack(item: Pending) {
    pending.drop(item.clientId)
    setText((current) => (current.trim() ? `${current}\n${item.content}` : item.content))
    attachments.restore(item.files)
    inputRef.current?.focus()
  }

  const actions: MessageActions = {
    async edit(message, content) {
      try {
        upsert(await chatApi.editMessage(message.id, content))
        return true
      } catch (error) {
        showNotification({ tone: 'error', title: 'Не удалось изменить сообщение', message: failureMessage(error) })
        return false
      }
    },
    remove(message) {
      modals.openConfirmModal({
        title: 'Удалить сообщение?',
        children: <Text size="sm">Собеседник увидит на его месте {quote(CHAT_MESSAGES.deleted)}.</Text>,
        labels: { confirm: 'Удалить', cancel: 'Отмена' },
        confirmProps: { color: 'red' },
        onConfirm: async () => {
          try {
            upsert(await chatApi.deleteMessage(message.id))
          } catch (error) {
            showNotification({ tone: 'error', title: 'Не удалось удалить сообщение', message: failureMessage(error) })
          }
        },
      })
    },
    report: setReporting,
  }

  async function setBlocked(block: boolean) {
    try {
      await (block ? chatApi.block(room.counterpart.organizationId) : chatApi.unblock(room.counterpart.organizationId))
      const next: ChatRoom = { ...room, blocked: block ? 'us' : null }
      setRoom(next)
      onRoomChange(next)
      showToast(block ? 'Организация заблокирована' : 'Организация разблокирована', 'success')
    } catch (error) {
      showNotification({
        tone: 'error',
        title: block ? 'Не удалось заблокировать' : 'Не удалось разблокировать',
        message: failureMessage(error),
      })
    }
  }

  function confirmBlock() {
    modals.openConfirmModal({
      title: `Заблокировать ${quote(room.counterpart.name)}?`,
      children: <Text size="sm">Организация не сможет писать вам в этом чате, пока вы её не разблокируете.</Text>,
      labels: { confirm: 'Заблокировать', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => void setBlocked(true),
    })
  }

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files')
  const canWrite = room.blocked === null

  return (
    <div
      className={classes.roomView}
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        if (!canWrite || !hasFiles(event)) return
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
      }}
      onDrop={(event) => {
        if (!canWrite || !hasFiles(event)) return
        event.preventDefault()
        setDragging(false)
        attachments.add(Array.from(event.dataTransfer.files))
      }}
    >
      <header className={classes.roomHead}>
        <BackToList />
        <div className={classes.roomTitle}>
          <h2 className={classes.roomHeading}>
            {room.counterpart.slug ? (
              <Anchor component={AppLink} to={`/sellers/${room.counterpart.slug}`} inherit>
                {room.name}
              </Anchor>
            ) : (
              room.name
            )}
          </h2>
          {room.name !== room.counterpart.name && (
            <Text size="sm" c="dimmed">
              {room.counterpart.name}
            </Text>
          )}
        </div>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Действия с чатом">
              <IconDotsVertical size={20} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {room.blocked === 'us' ? (
              <Menu.Item leftSection={<IconLockOpen size={16} aria-hidden="true" />} onClick={() => setBlocked(false)}>
                Разблокировать организацию
              </Menu.Item>
            ) : (
              <Menu.Item color="red" leftSection={<IconBan size={16} aria-hidden="true" />} onClick={confirmBlock}>
                Заблокировать организацию
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </header>

      {room.context && (
        <AppLink to={room.context.href} className={`mantine-focus-auto ${classes.context}`}>
          {room.context.image && <ContextImage src={room.context.image} />}
          <span className={classes.contextText}>
            <span className={classes.contextLabel}>{room.context.type === 'order' ? 'Заказ' : 'Товар'}</span>
            <span className={classes.contextTitle}>{room.context.title}</span>
            {room.context.subtitle && <span className={classes.contextSubtitle}>{room.context.subtitle}</span>}
          </span>
        </AppLink>
      )}

      <MessageList
        messages={messages}
        pending={pending.items}
        actions={actions}
        onRetry={(item) => void pending.send(item)}
        onTakeBack={takeBack}
        onDrop={(item) => pending.drop(item.clientId)}
      />
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>

      {canWrite ? (
        <Composer text={text} onText={setText} attachments={attachments} onSend={submit} inputRef={inputRef} />
      ) : (
        <Alert color="gray" className={classes.blocked} role="status">
          <Text size="sm">{room.blocked === 'us' ? CHAT_MESSAGES.blockedByUs : CHAT_MESSAGES.blockedByThem}</Text>
          {room.blocked === 'us' && (
            <Button size="xs" variant="light" mt="xs" onClick={() => setBlocked(false)}>
              Разблокировать
            </Button>
          )}
        </Alert>
      )}
      {dragging && (
        <div className={classes.dropHint} aria-hidden="true">
          Отпустите файлы, чтобы прикрепить их к сообщению
        </div>
      )}
      <ReportModal message={reporting} onClose={() => setReporting(null)} />
    </div>
  )
}

/** The context card's picture: a product photo's path below the CDN, or an address as it is. */
function ContextImage({ src }: { src: string }) {
  if (/^(https?:)?\/\//.test(src) || src.startsWith('/'))
    return <img src={src} alt="" className={classes.contextImage} />
  return (
    <span className={classes.contextImage}>
      <AppImage src={src} alt="" size="chatContext" />
    </span>
  )
}
