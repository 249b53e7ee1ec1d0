import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconMessageCircle, IconSearch } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useNavigation, useRevalidator, useSearchParams } from 'react-router'
import { onChatEvent, onChatResync } from '#app/lib/chat/events.ts'
import { showToast } from '#app/lib/notify.ts'
import { CHAT_MESSAGES, type ChatMessagePage, type ChatRoom, type ChatRoomList } from '#common/chat.ts'
import { chatApi } from './chat-api.ts'
import { applyEventToRooms, withOwnMessage, withUnread } from './chat-state.ts'
import classes from './chat.module.css'
import { RoomList } from './RoomList.tsx'
import { BackToList } from './BackToList.tsx'
import { RoomView } from './RoomView.tsx'

/** What the /chat page loads for a confirmed organization: its rooms and the room `?roomId=` names. */
export interface ChatPageData {
  kind: 'chat'
  q: string
  rooms: ChatRoomList
  open: { kind: 'room'; room: ChatRoom; page: ChatMessagePage } | { kind: 'missing'; guid: string } | null
}

/**
 * The chat: the room list beside the open room (one column below 768 px: the list, or the room
 * with a way back). The loader's data is where it starts and what a reload or a reconnect brings;
 * realtime events change it in between.
 */
export function ChatScreen({ data }: { data: ChatPageData }) {
  const [, setSearchParams] = useSearchParams()
  const revalidator = useRevalidator()
  const [rooms, setRooms] = useState(data.rooms.items)
  const [cursor, setCursor] = useState(data.rooms.nextCursor)
  const [source, setSource] = useState(data.rooms)
  if (source !== data.rooms) {
    setSource(data.rooms)
    setRooms(data.rooms.items)
    setCursor(data.rooms.nextCursor)
  }
  const [loadingMore, setLoadingMore] = useState(false)
  const [query, setQuery] = useState(data.q)

  const q = data.q
  useEffect(() => onChatEvent((event) => setRooms((list) => applyEventToRooms(list, event, q))), [q])

  // After a reconnect the database is the source of truth: the loader reads list and room again.
  const revalidate = useRef(revalidator.revalidate)
  useEffect(() => {
    revalidate.current = revalidator.revalidate
  })
  useEffect(() => onChatResync(() => void revalidate.current()), [])

  const search = useDebouncedCallback((value: string) => {
    setSearchParams(
      (params) => {
        if (value.trim()) params.set('q', value.trim())
        else params.delete('q')
        return params
      },
      { replace: true, preventScrollReset: true },
    )
  }, 300)

  async function loadMore() {
    if (!cursor) return
    setLoadingMore(true)
    try {
      const next = await chatApi.listRooms({ q: q || undefined, before: cursor })
      setRooms((list) => [...list, ...next.items.filter((r) => !list.some((known) => known.guid === r.guid))])
      setCursor(next.nextCursor)
    } catch {
      showToast('Не удалось загрузить чаты. Попробуйте ещё раз', 'error')
    } finally {
      setLoadingMore(false)
    }
  }

  const open = data.open
  const openGuid = open?.kind === 'room' ? open.room.guid : (open?.guid ?? null)
  // Another room on its way: a skeleton instead of the room it replaces.
  const navigation = useNavigation()
  const next = navigation.location?.pathname === '/chat' ? new URLSearchParams(navigation.location.search) : null
  const nextRoom = next?.get('roomId') ?? null
  const switching = navigation.state === 'loading' && nextRoom !== null && nextRoom !== openGuid
  const onRoomChange = (room: ChatRoom) => setRooms((list) => list.map((r) => (r.guid === room.guid ? room : r)))

  return (
    <div className={classes.screen} data-view={open || switching ? 'room' : 'list'}>
      <section className={classes.listPane} aria-labelledby="chat-title">
        <div className={classes.listHead}>
          <h1 id="chat-title" className={classes.title}>
            Сообщения
          </h1>
          <TextInput
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value)
              search(event.currentTarget.value)
            }}
            placeholder="Поиск по названию"
            aria-label="Поиск чатов по названию"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
          />
        </div>
        <RoomList rooms={rooms} q={q} selected={openGuid} />
        {cursor && (
          <Button variant="subtle" onClick={loadMore} loading={loadingMore} m="xs">
            Показать ещё
          </Button>
        )}
      </section>
      <section className={classes.roomPane} aria-label="Переписка">
        {switching && <RoomSkeleton />}
        {!switching && open?.kind === 'room' && (
          <RoomView
            key={open.room.guid}
            room={open.room}
            page={open.page}
            onRead={(guid) => setRooms((list) => withUnread(list, guid, 0))}
            onRoomChange={onRoomChange}
            onSent={(message) => setRooms((list) => withOwnMessage(list, message))}
          />
        )}
        {!switching && open?.kind === 'missing' && (
          <Stack p="lg">
            <BackToList />
            <Alert color="red" title={CHAT_MESSAGES.roomNotFound} role="alert">
              Проверьте ссылку или выберите чат из списка.
            </Alert>
          </Stack>
        )}
        {!switching && !open && (
          <Stack align="center" justify="center" h="100%" p="xl" c="dimmed">
            <IconMessageCircle size={48} aria-hidden="true" />
            <Text>Выберите чат из списка</Text>
          </Stack>
        )}
      </section>
    </div>
  )
}

/** The room's shape while it loads. */
function RoomSkeleton() {
  return (
    <Stack p="md" gap="md" role="status" aria-busy="true" aria-label="Загрузка чата">
      <Skeleton height={28} width="40%" />
      <Skeleton height={56} radius="md" />
      {[60, 45, 70, 50].map((width, i) => (
        <Group key={i} justify={i % 2 ? 'flex-end' : 'flex-start'}>
          <Skeleton height={44} width={`${width}%`} radius="lg" />
        </Group>
      ))}
    </Stack>
  )
}
