import { useRef, useState } from 'react'
import { getApiBaseUrl } from '#app/lib/api-config.ts'
import { UploadError, uploadWithProgress } from '#app/lib/upload.ts'
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatFile } from '#common/chat.ts'
import { checkFileBeforeUpload, FILES_PATH } from '#common/files.ts'
import { MESSAGES } from '#common/messages.ts'

/** A file on its way into a message: uploading (progress 0..1), refused (error) or stored (file). */
export interface Attachment {
  key: number
  name: string
  size: number
  progress: number
  error: string | null
  /** The spec's line for a failed upload (`fail to POST /api/v1/files 413`), under the Russian words. */
  detail: string | null
  file: ChatFile | null
}

interface StoredFile {
  id: string
  originalName: string
  mimeType: string
  size: number
}

/** What the server stored, as a message will show it. */
export const toChatFile = (stored: StoredFile): ChatFile => ({
  id: stored.id,
  name: stored.originalName,
  mimeType: stored.mimeType,
  size: stored.size,
  isImage: stored.mimeType.startsWith('image/'),
})

/** Why a file was not stored, in Russian, with the spec's technical line beside it. */
function describeUploadFailure(error: unknown): Pick<Attachment, 'error' | 'detail'> {
  const status = error instanceof UploadError ? error.status : 0
  const url = `${getApiBaseUrl().replace(/\/+$/, '')}${FILES_PATH}`
  const words =
    error instanceof Error && error.message && error.message !== MESSAGES.networkErrorDefault
      ? error.message
      : 'Не удалось загрузить файл. Попробуйте ещё раз'
  return { error: words, detail: MESSAGES.uploadFailed('POST', url, status) }
}

/**
 * The composer's files: each uploaded at once through the generic upload (purpose `chat`, on
 * behalf of the selected organization) with its own progress, so the message goes with file ids
 * only. At most ten per message; a refused file keeps its error until removed.
 */
export function useAttachments(organizationId: string | null) {
  const [items, setItems] = useState<Attachment[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const nextKey = useRef(0)
  const patch = (key: number, change: Partial<Attachment>) =>
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)))

  function add(files: File[]) {
    if (files.length === 0) return
    const room = CHAT_LIMITS.maxFiles - items.length
    setNotice(files.length > room ? CHAT_MESSAGES.tooManyFiles : null)
    const taken = files.slice(0, Math.max(0, room))
    const added = taken.map((file) => {
      const problem = checkFileBeforeUpload(file, 'chat')
      return {
        item: {
          key: nextKey.current++,
          name: file.name,
          size: file.size,
          progress: 0,
          error: problem,
          detail: null,
          file: null,
        },
        file,
      }
    })
    setItems((list) => [...list, ...added.map((a) => a.item)])
    for (const { item, file } of added) {
      if (item.error) continue
      const fields: Record<string, string> = { purpose: 'chat' }
      if (organizationId) fields.organizationId = organizationId
      uploadWithProgress<StoredFile>(FILES_PATH, file, (share) => patch(item.key, { progress: share }), fields).then(
        (stored) => patch(item.key, { progress: 1, file: toChatFile(stored) }),
        (error: unknown) => patch(item.key, describeUploadFailure(error)),
      )
    }
  }

  return {
    items,
    notice,
    add,
    remove: (key: number) => {
      setItems((list) => list.filter((a) => a.key !== key))
      setNotice(null)
    },
    clear: () => {
      setItems([])
      setNotice(null)
    },
    /** Puts the files of an unsent message back (its text goes back into the field too). */
    restore: (files: ChatFile[]) =>
      setItems((list) => [
        ...list,
        ...files.map((file) => ({
          key: nextKey.current++,
          name: file.name,
          size: file.size,
          progress: 1,
          error: null,
          detail: null,
          file,
        })),
      ]),
    uploading: items.some((a) => !a.file && !a.error),
    ready: items.flatMap((a) => (a.file ? [a.file] : [])),
  }
}

export type Attachments = ReturnType<typeof useAttachments>
