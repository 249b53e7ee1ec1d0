import { ActionIcon, Alert, Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconAlertCircle, IconCheck, IconPaperclip, IconX } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { api } from '#app/lib/api.ts'
import { getApiBaseUrl } from '#app/lib/api-config.ts'
import { isApiError } from '#app/lib/api-client.ts'
import {
  checkFileBeforeUpload,
  cleanFileName,
  FILE_FIELD,
  FILE_LIMITS,
  FILE_MESSAGES,
  FILES_PATH,
  type FileMeta,
  filesAfterLimit,
  formatFileSize,
} from '#common/files.ts'
import { MESSAGES } from '#common/messages.ts'

/** FileMeta as it arrives over JSON. */
export type UploadedFile = Omit<FileMeta, 'createdAt'> & { createdAt: string }

type Item =
  | { key: number; name: string; size: number; status: 'uploading' }
  | { key: number; name: string; size: number; status: 'done'; meta: UploadedFile }
  | { key: number; name: string; size: number; status: 'error'; error: string; detail?: string }

export interface FileUploadProps {
  /** Files become documents of this organization (the uploader must be its member). */
  organizationId?: string
  /** How many files the list may hold; more chosen at once calls `onExceed` and adds none. */
  maxFiles?: number
  onUploaded?: (meta: UploadedFile) => void
  /** The spec's exceed callback: more files were chosen than allowed. */
  onExceed?: (files: File[]) => void
  /** A stored file was taken off the list (it stays on the server until nothing refers to it). */
  onRemove?: (meta: UploadedFile) => void
  label?: string
  disabled?: boolean
}

/** Why an upload failed: the spec's line (`fail to POST /api/v1/files 413`) and the server's words. */
function describeFailure(error: unknown, url: string): { error: string; detail?: string } {
  const status = isApiError(error) ? error.status : 0
  const line = MESSAGES.uploadFailed('POST', url, status)
  if (!isApiError(error) || error.cancelled) return { error: line }
  if (status === 0) return { error: line, detail: error.timeout ? 'Сервер не ответил вовремя' : 'Нет связи с сервером' }
  return { error: line, detail: error.message === MESSAGES.networkErrorDefault ? undefined : error.message }
}

/**
 * Document upload for the personal account: PDF, JPEG or PNG up to 10 MB, each file its own
 * multipart POST with the field `file`. Checks type and size before sending; the server checks
 * the bytes again.
 */
export function FileUpload({
  organizationId,
  maxFiles = FILE_LIMITS.maxFiles,
  onUploaded,
  onExceed,
  onRemove,
  label = 'Прикрепить файлы',
  disabled,
}: FileUploadProps) {
  const [items, setItems] = useState<Item[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const nextKey = useRef(0)
  const resetRef = useRef<() => void>(null)

  const update = (key: number, item: Item) => setItems((list) => list.map((i) => (i.key === key ? item : i)))

  async function upload(key: number, file: File, name: string) {
    const url = `${getApiBaseUrl().replace(/\/+$/, '')}${FILES_PATH}`
    const form = new FormData()
    if (organizationId) form.append('organizationId', organizationId)
    form.append(FILE_FIELD, file, file.name)
    try {
      const { data } = await api.post<{ data: UploadedFile }>(FILES_PATH, form)
      update(key, { key, name: data.originalName, size: file.size, status: 'done', meta: data })
      onUploaded?.(data)
    } catch (error) {
      update(key, { key, name, size: file.size, status: 'error', ...describeFailure(error, url) })
    }
  }

  function choose(payload: File | File[] | null) {
    resetRef.current?.() // choosing the same file again must fire onChange again
    const picked = payload === null ? [] : Array.isArray(payload) ? payload : [payload]
    if (!picked.length) return
    const kept = items.filter((i) => i.status !== 'error').length
    if (kept + picked.length > maxFiles) {
      setNotice(FILE_MESSAGES.tooMany(maxFiles))
      onExceed?.(picked)
      return
    }
    setNotice(null)
    const added: Item[] = picked.map((file) => {
      const key = nextKey.current++
      // Shown as the server will store it: a name with a bidi override must not pose as another.
      const name = cleanFileName(file.name)
      const problem = checkFileBeforeUpload(file)
      if (problem) return { key, name, size: file.size, status: 'error', error: problem }
      void upload(key, file, name)
      return { key, name, size: file.size, status: 'uploading' }
    })
    setItems((list) => [...list.filter((i) => i.status !== 'error'), ...added])
  }

  function remove(item: Item) {
    setItems((list) => list.filter((i) => i.key !== item.key))
    if (item.status === 'done') onRemove?.(item.meta)
  }

  const uploading = items.some((i) => i.status === 'uploading')
  const full = items.filter((i) => i.status !== 'error').length >= maxFiles

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <FileButton onChange={choose} accept={FILE_LIMITS.accept} multiple={maxFiles > 1} resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPaperclip size={18} aria-hidden="true" />}
              disabled={disabled || full}
            >
              {label}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          PDF, JPEG или PNG, до {formatFileSize(FILE_LIMITS.maxBytes)}, не больше {filesAfterLimit(maxFiles)}
        </Text>
      </Group>

      {notice && (
        <Alert color="accent" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
          {notice}
        </Alert>
      )}

      {items.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={uploading}>
          {items.map((item) => (
            <Paper key={item.key} component="li" withBorder px="sm" py={6}>
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  {item.status === 'uploading' && <Loader size={16} aria-label="Загрузка" style={{ flexShrink: 0 }} />}
                  {item.status === 'done' && (
                    <IconCheck size={16} color="var(--mantine-color-teal-7)" style={{ flexShrink: 0 }} aria-hidden />
                  )}
                  {item.status === 'error' && (
                    <IconAlertCircle
                      size={16}
                      color="var(--mantine-color-red-7)"
                      style={{ flexShrink: 0 }}
                      aria-hidden
                    />
                  )}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" truncate="end" title={item.name}>
                      {item.name}
                    </Text>
                    <Text
                      size="xs"
                      c={item.status === 'error' ? 'red.8' : 'dimmed'}
                      role={item.status === 'error' ? 'alert' : undefined}
                    >
                      {item.status === 'uploading' && `Загружается… ${formatFileSize(item.size)}`}
                      {item.status === 'done' && `Загружен, ${formatFileSize(item.size)}`}
                      {item.status === 'error' && [item.error, item.detail].filter(Boolean).join('. ')}
                    </Text>
                  </Stack>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => remove(item)}
                  disabled={item.status === 'uploading'}
                  aria-label={`Убрать файл ${item.name}`}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
