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
import { ButtonContent, ButtonSpinner, buttonClass } from './ui/button.tsx'
import { Notice } from './ui/fields.tsx'
import ui from './ui/ui.module.css'
import classes from './FileUpload.module.css'

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
  /**
   * Narrower than documents, for a field that takes pictures only: the input's `accept` and the
   * hint beside the button. The server still takes any document; the form that uses the file
   * checks what it needs.
   */
  only?: { accept: string; hint: string }
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
  only,
}: FileUploadProps) {
  const [items, setItems] = useState<Item[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const nextKey = useRef(0)
  const input = useRef<HTMLInputElement>(null)

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

  function choose(files: FileList | null) {
    const picked = files ? [...files] : []
    if (input.current) input.current.value = '' // choosing the same file again must fire onChange again
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
    <div className={classes.upload}>
      <div className={classes.row}>
        <input
          ref={input}
          type="file"
          hidden
          accept={only?.accept ?? FILE_LIMITS.accept}
          multiple={maxFiles > 1}
          onChange={(event) => choose(event.currentTarget.files)}
        />
        <button
          type="button"
          className={buttonClass({ variant: 'light', left: true })}
          disabled={disabled || full}
          onClick={() => input.current?.click()}
        >
          <ButtonContent left={<IconPaperclip size={18} aria-hidden="true" />}>{label}</ButtonContent>
        </button>
        <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
          {only?.hint ??
            `PDF, JPEG или PNG, до ${formatFileSize(FILE_LIMITS.maxBytes)}, не больше ${filesAfterLimit(maxFiles)}`}
        </p>
      </div>

      {notice && (
        <Notice tone="orange" role="alert" compact icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {notice}
        </Notice>
      )}

      {items.length > 0 && (
        <ul className={classes.list} aria-busy={uploading}>
          {items.map((item) => (
            <li key={item.key} className={`${ui.panel} ${classes.item}`}>
              <div className={classes.file}>
                {item.status === 'uploading' && (
                  <span className={classes.status} role="img" aria-label="Загрузка">
                    <ButtonSpinner />
                  </span>
                )}
                {item.status === 'done' && <IconCheck size={16} className={classes.done} aria-hidden="true" />}
                {item.status === 'error' && <IconAlertCircle size={16} className={classes.failed} aria-hidden="true" />}
                <div className={classes.about}>
                  <p className={`${ui.text} ${ui.sm} ${classes.name}`} title={item.name}>
                    {item.name}
                  </p>
                  <p
                    className={`${ui.text} ${ui.xs} ${item.status === 'error' ? classes.error : ui.dimmed}`}
                    role={item.status === 'error' ? 'alert' : undefined}
                  >
                    {item.status === 'uploading' && `Загружается… ${formatFileSize(item.size)}`}
                    {item.status === 'done' && `Загружен, ${formatFileSize(item.size)}`}
                    {item.status === 'error' && [item.error, item.detail].filter(Boolean).join('. ')}
                  </p>
                </div>
              </div>
              <button
                type="button"
                className={`${ui.iconButton} ${classes.remove}`}
                onClick={() => remove(item)}
                disabled={item.status === 'uploading'}
                aria-label={`Убрать файл ${item.name}`}
              >
                <IconX size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
