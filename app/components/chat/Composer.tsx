import { ActionIcon, FileButton, Group, Progress, Text, Textarea } from '@mantine/core'
import { IconPaperclip, IconSend, IconX } from '@tabler/icons-react'
import type { RefObject } from 'react'
import { CHAT_LIMITS } from '#common/chat.ts'
import { CHAT_FILE_TYPES, formatFileSize } from '#common/files.ts'
import classes from './chat.module.css'
import type { Attachments } from './use-attachments.ts'

/** The file types the chat takes (the server checks the bytes again). */
const ACCEPT = CHAT_FILE_TYPES.flatMap((t) => [t.mimeType, ...t.extensions.map((e) => `.${e}`)]).join(',')
/** The counter shows from here on, before the limit is reached. */
const COUNTER_FROM = CHAT_LIMITS.maxContent - 500

/**
 * The message field: Enter sends, Shift+Enter starts a new line; files come by the button, by
 * pasting and by dropping them on the room. Nothing typed is lost when sending fails: the text
 * stays with the unsent message or comes back here.
 */
export function Composer({
  text,
  onText,
  attachments,
  onSend,
  inputRef,
}: {
  text: string
  onText: (text: string) => void
  attachments: Attachments
  onSend: () => void
  inputRef: RefObject<HTMLTextAreaElement | null>
}) {
  const tooLong = text.length > CHAT_LIMITS.maxContent
  const empty = !text.trim() && attachments.ready.length === 0
  const blocked = empty || tooLong || attachments.uploading
  const send = () => {
    if (!blocked) onSend()
  }
  const counterId = 'chat-composer-counter'
  return (
    <div className={classes.composer}>
      {attachments.items.length > 0 && (
        <ul className={classes.attachments} aria-label="Прикреплённые файлы">
          {attachments.items.map((a) => (
            <li key={a.key} className={classes.attachment} data-error={a.error ? true : undefined}>
              <span className={classes.attachmentText}>
                <span className={classes.fileName}>{a.name}</span>
                <span className={classes.fileSize}>{formatFileSize(a.size)}</span>
                {a.error && (
                  <Text size="xs" c="red.8" role="alert">
                    {a.error}
                    {a.detail && <span className={classes.detail}> ({a.detail})</span>}
                  </Text>
                )}
                {!a.file && !a.error && (
                  <Progress value={a.progress * 100} size="sm" aria-label={`Загрузка ${a.name}`} mt={4} />
                )}
              </span>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Убрать файл ${a.name}`}
                onClick={() => attachments.remove(a.key)}
              >
                <IconX size={14} aria-hidden="true" />
              </ActionIcon>
            </li>
          ))}
        </ul>
      )}
      {attachments.notice && (
        <Text size="sm" c="red.8" role="alert" px="sm">
          {attachments.notice}
        </Text>
      )}
      <form
        className={classes.composerForm}
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <FileButton onChange={(files) => attachments.add(files)} accept={ACCEPT} multiple>
          {(props) => (
            <ActionIcon {...props} variant="subtle" size="lg" aria-label="Прикрепить файлы">
              <IconPaperclip size={20} aria-hidden="true" />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          ref={inputRef}
          className={classes.input}
          value={text}
          onChange={(event) => onText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              send()
            }
          }}
          onPaste={(event) => {
            const files = Array.from(event.clipboardData.files)
            if (files.length) {
              event.preventDefault()
              attachments.add(files)
            }
          }}
          placeholder="Напишите сообщение…"
          aria-label="Сообщение"
          aria-describedby={text.length >= COUNTER_FROM ? counterId : undefined}
          aria-invalid={tooLong || undefined}
          autosize
          minRows={1}
          maxRows={8}
        />
        <ActionIcon type="submit" size="lg" aria-label="Отправить" disabled={blocked}>
          <IconSend size={20} aria-hidden="true" />
        </ActionIcon>
      </form>
      {text.length >= COUNTER_FROM && (
        <Group justify="flex-end" px="sm">
          <Text id={counterId} size="xs" c={tooLong ? 'red.8' : 'dimmed'} aria-live="polite">
            {text.length.toLocaleString('ru-RU')} / {CHAT_LIMITS.maxContent.toLocaleString('ru-RU')}
          </Text>
        </Group>
      )}
    </div>
  )
}
