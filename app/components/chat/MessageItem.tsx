import { ActionIcon, Button, Group, Menu, Textarea } from '@mantine/core'
import { IconCheck, IconChecks, IconDots, IconFlag, IconPencil, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { formatTime } from '#app/lib/format.ts'
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatMessage } from '#common/chat.ts'
import classes from './chat.module.css'
import { MessageFiles } from './MessageFiles.tsx'
import { MessageText } from './MessageText.tsx'

export interface MessageActions {
  edit(message: ChatMessage, content: string): Promise<boolean>
  remove(message: ChatMessage): void
  report(message: ChatMessage): void
}

/** One message: a system line in the middle, or a bubble (ours on the right) with its menu. */
export function MessageItem({ message, actions }: { message: ChatMessage; actions: MessageActions }) {
  const [editing, setEditing] = useState(false)
  if (message.isSystem) {
    return (
      <li className={classes.row} data-system>
        <p className={classes.system}>
          <MessageText text={message.content} />
          <time dateTime={message.createdAt} className={classes.systemTime}>
            {formatTime(message.createdAt)}
          </time>
        </p>
      </li>
    )
  }
  const deleted = message.deletedAt !== null
  const menu = !deleted && (message.isOwn ? message.canChange : true)
  return (
    <li className={classes.row} data-own={message.isOwn || undefined}>
      <article
        className={classes.bubble}
        aria-label={message.isOwn ? 'Ваше сообщение' : `Сообщение от ${message.author?.name ?? message.roomName}`}
      >
        {!message.isOwn && message.author && (
          <p className={classes.author}>
            {message.author.name}
            <span className={classes.authorOrg}> · {message.author.organizationName}</span>
          </p>
        )}
        {deleted ? (
          <p className={classes.deleted}>{CHAT_MESSAGES.deleted}</p>
        ) : editing ? (
          <EditForm message={message} actions={actions} onDone={() => setEditing(false)} />
        ) : (
          <>
            {message.content && (
              <p className={classes.text}>
                <MessageText text={message.content} />
              </p>
            )}
            <MessageFiles roomGuid={message.roomGuid} files={message.files} />
          </>
        )}
        <footer className={classes.meta}>
          {message.editedAt && !deleted && <span>изменено</span>}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {message.isOwn && message.state === 'read' && (
            <IconChecks size={16} className={classes.tick} role="img" aria-label="Прочитано" />
          )}
          {message.isOwn && message.state === 'sent' && <IconCheck size={16} role="img" aria-label="Отправлено" />}
        </footer>
      </article>
      {menu && !editing && (
        <Menu position={message.isOwn ? 'bottom-end' : 'bottom-start'} withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label="Действия с сообщением" className={classes.menu}>
              <IconDots size={18} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {message.isOwn ? (
              <>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setEditing(true)}>
                  Изменить
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => actions.remove(message)}
                >
                  Удалить
                </Menu.Item>
              </>
            ) : (
              <Menu.Item
                leftSection={<IconFlag size={16} aria-hidden="true" />}
                onClick={() => actions.report(message)}
              >
                Пожаловаться
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </li>
  )
}

function EditForm({ message, actions, onDone }: { message: ChatMessage; actions: MessageActions; onDone: () => void }) {
  const [value, setValue] = useState(message.content)
  const [busy, setBusy] = useState(false)
  const tooLong = value.length > CHAT_LIMITS.maxContent
  async function save() {
    if (!value.trim() || tooLong) return
    setBusy(true)
    const saved = await actions.edit(message, value)
    setBusy(false)
    if (saved) onDone()
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <Textarea
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        aria-label="Текст сообщения"
        autosize
        minRows={2}
        maxRows={10}
        autoFocus
        error={tooLong ? CHAT_MESSAGES.tooLong : !value.trim() ? CHAT_MESSAGES.empty : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone()
        }}
      />
      <Group gap="xs" mt="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onDone}>
          Отмена
        </Button>
        <Button size="xs" type="submit" loading={busy} disabled={!value.trim() || tooLong}>
          Сохранить
        </Button>
      </Group>
    </form>
  )
}
