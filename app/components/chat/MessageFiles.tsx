import { IconFile } from '@tabler/icons-react'
import { getApiBaseUrl } from '#app/lib/api-config.ts'
import { type ChatFile, chatFilePath } from '#common/chat.ts'
import { formatFileSize } from '#common/files.ts'
import classes from './chat.module.css'

export const fileUrl = (roomGuid: string, fileId: string) =>
  `${getApiBaseUrl().replace(/\/+$/, '')}${chatFilePath(roomGuid, fileId)}`

/** A message's files: images as previews (a click opens the full size), the rest as download cards. */
export function MessageFiles({ roomGuid, files }: { roomGuid: string; files: ChatFile[] }) {
  if (files.length === 0) return null
  const images = files.filter((f) => f.isImage)
  const others = files.filter((f) => !f.isImage)
  return (
    <div className={classes.files}>
      {images.length > 0 && (
        <div className={classes.images}>
          {images.map((file) => (
            <a
              key={file.id}
              href={fileUrl(roomGuid, file.id)}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.image}
              aria-label={`Открыть изображение ${file.name}`}
            >
              <img src={fileUrl(roomGuid, file.id)} alt={file.name} loading="lazy" />
            </a>
          ))}
        </div>
      )}
      {others.map((file) => (
        <a key={file.id} href={fileUrl(roomGuid, file.id)} download={file.name} className={classes.fileCard}>
          <IconFile size={28} aria-hidden="true" />
          <span className={classes.fileText}>
            <span className={classes.fileName}>{file.name}</span>
            <span className={classes.fileSize}>{formatFileSize(file.size)}</span>
          </span>
        </a>
      ))}
    </div>
  )
}
