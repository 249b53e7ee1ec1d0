import { ActionIcon, Button, Group, Progress, Stack, Text } from '@mantine/core'
import { IconUpload, IconX } from '@tabler/icons-react'
import { type DragEvent, useId, useRef, useState } from 'react'
import classes from './media.module.css'

/** One file on its way up, or refused: shown under the drop zone until it lands or is dismissed. */
export interface UploadItem {
  key: number
  name: string
  progress: number
  error: string | null
}

/**
 * A drop zone over a visually hidden file input: files are dropped on it or chosen with its
 * button (keyboard and screen readers use the button). Each chosen file goes to `onFiles`.
 */
export function MediaDropzone({
  label,
  hint,
  accept,
  multiple,
  disabled,
  onFiles,
}: {
  label: string
  hint: string
  accept: string
  multiple: boolean
  disabled: boolean
  onFiles: (files: File[]) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const hintId = useId()

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setOver(false)
    if (disabled) return
    const files = [...event.dataTransfer.files]
    if (files.length) onFiles(multiple ? files : files.slice(0, 1))
  }

  return (
    <div
      className={classes.dropzone}
      data-over={over || undefined}
      data-disabled={disabled || undefined}
      onDragOver={(event) => {
        // Only files: a photo dragged to a new place in the list is not an upload.
        if (disabled || !event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <IconUpload size={28} aria-hidden="true" />
      <Text size="sm">Перетащите файлы сюда или</Text>
      <Button variant="light" onClick={() => input.current?.click()} disabled={disabled} aria-describedby={hintId}>
        {label}
      </Button>
      <Text size="xs" c="dimmed" id={hintId}>
        {hint}
      </Text>
      <input
        ref={input}
        type="file"
        className={classes.visuallyHidden}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        tabIndex={-1}
        aria-label={label}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          event.currentTarget.value = '' // the same file chosen again must upload again
          if (files.length) onFiles(files)
        }}
      />
    </div>
  )
}

/** Files going up with their progress, and refused ones with the reason, each on its own. */
export function UploadList({ items, onDismiss }: { items: UploadItem[]; onDismiss: (key: number) => void }) {
  if (!items.length) return null
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <li key={item.key}>
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" truncate="end" title={item.name}>
                {item.name}
              </Text>
              {item.error ? (
                <Text size="xs" c="red.8" role="alert">
                  {item.error}
                </Text>
              ) : (
                <Progress
                  value={Math.round(item.progress * 100)}
                  size="sm"
                  aria-label={`Загрузка ${item.name}: ${Math.round(item.progress * 100)}%`}
                />
              )}
            </Stack>
            {item.error && (
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => onDismiss(item.key)}
                aria-label={`Скрыть ошибку: ${item.name}`}
              >
                <IconX size={16} aria-hidden="true" />
              </ActionIcon>
            )}
          </Group>
        </li>
      ))}
    </Stack>
  )
}
