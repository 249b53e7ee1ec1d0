import { Button, Group, Loader, Text } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react'
import { formatDate } from '#app/lib/format.ts'
import classes from './chat.module.css'
import { type MessageActions, MessageItem } from './MessageItem.tsx'
import { MessageText } from './MessageText.tsx'
import type { Messages } from './use-messages.ts'
import type { Pending } from './use-pending.ts'

const DAY_KEY = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeZone: 'Europe/Moscow' })
const dayOf = (iso: string) => DAY_KEY.format(new Date(iso))

/** The history: day by day, older pages loading when the top comes into view, our unsent ones last. */
export function MessageList({
  messages,
  pending,
  actions,
  onRetry,
  onTakeBack,
  onDrop,
}: {
  messages: Messages
  pending: readonly Pending[]
  actions: MessageActions
  onRetry: (item: Pending) => void
  onTakeBack: (item: Pending) => void
  onDrop: (item: Pending) => void
}) {
  const { items, hasMore, loadingOlder, loadOlder, scrollRef, onScroll, placeScroll } = messages
  const top = useRef<HTMLDivElement>(null)

  const end = `${items.at(-1)?.id ?? ''}:${pending.map((p) => p.clientId).join(',')}`
  useLayoutEffect(() => placeScroll(end), [items, pending, end, placeScroll])

  useEffect(() => {
    const el = top.current
    const root = scrollRef.current
    if (!el || !root || !hasMore) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadOlder(), {
      root,
      rootMargin: '200px 0px 0px 0px',
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [hasMore, loadOlder, scrollRef])

  return (
    <div
      ref={scrollRef}
      className={classes.messages}
      onScroll={onScroll}
      tabIndex={0}
      role="region"
      aria-label="История сообщений"
    >
      {hasMore && (
        <div ref={top} className={classes.older}>
          <Button variant="subtle" size="xs" onClick={() => void loadOlder()} loading={loadingOlder}>
            Показать ранние сообщения
          </Button>
        </div>
      )}
      {items.length === 0 && pending.length === 0 && (
        <Text c="dimmed" ta="center" my="xl">
          Сообщений пока нет. Напишите первым.
        </Text>
      )}
      <ol className={classes.list}>
        {items.map((message, i) => {
          const previous = items[i - 1]
          return (
            <Fragment key={message.id}>
              {(!previous || dayOf(previous.createdAt) !== dayOf(message.createdAt)) && (
                <li className={classes.day}>
                  <span>{formatDate(message.createdAt)}</span>
                </li>
              )}
              <MessageItem message={message} actions={actions} />
            </Fragment>
          )
        })}
        {pending.map((item) => (
          <li key={item.clientId} className={classes.row} data-own data-pending={item.status}>
            <article className={classes.bubble} aria-label="Ваше сообщение">
              {item.content && (
                <p className={classes.text}>
                  <MessageText text={item.content} />
                </p>
              )}
              {item.files.map((file) => (
                <p key={file.id} className={classes.fileName}>
                  {file.name}
                </p>
              ))}
              {item.status === 'sending' ? (
                <footer className={classes.meta}>
                  <Loader size={12} aria-hidden="true" />
                  <span>Отправляется…</span>
                </footer>
              ) : (
                <footer className={classes.failed} role="alert">
                  <Text size="xs" c="red.8">
                    <IconAlertCircle size={14} aria-hidden="true" /> {item.error}
                  </Text>
                  <Group gap={4}>
                    <Button size="compact-xs" variant="light" onClick={() => onRetry(item)}>
                      Повторить
                    </Button>
                    <Button size="compact-xs" variant="subtle" onClick={() => onTakeBack(item)}>
                      Изменить
                    </Button>
                    <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onDrop(item)}>
                      Удалить
                    </Button>
                  </Group>
                </footer>
              )}
            </article>
          </li>
        ))}
      </ol>
    </div>
  )
}
