import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconStar, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { AppImage } from '#app/components/AppImage.tsx'
import { api } from '#app/lib/api.ts'
import { failureMessage } from '#app/lib/upload.ts'
import { formatFileSize } from '#common/files.ts'
import { checkPhotoBeforeUpload, MEDIA_MESSAGES, PHOTO_LIMITS } from '#common/product-media.ts'
import { PRODUCT_LIMITS } from '#common/products.ts'
import { MediaDropzone, UploadList } from './MediaDropzone.tsx'
import classes from './media.module.css'
import { useUploadQueue } from './use-upload-queue.ts'
import { formatCount } from '#common/format.ts'
import { PHOTOS_UP_TO } from '#common/counted-words.ts'

export interface Photo {
  id: string
  src: string
  alt: string
}

interface WithPhotos {
  data: { photos: Photo[] }
}

/**
 * The «Фотографии» section of the product form: uploads with progress and per-file errors,
 * thumbnails in order (the first is the main picture), reordering by dragging or by buttons,
 * captions and deletion. Each change goes to the API at once; the rest of the form is separate.
 */
export function ProductPhotos({
  productId,
  base = `/cabinet/products/${productId}/photos`,
  limit = PRODUCT_LIMITS.photos,
  limitMessage = MEDIA_MESSAGES.photosLimit,
  listLabel = 'Фотографии товара по порядку',
  hint = 'Первая фотография — главная: её видят в каталоге и в поиске. Нужна хотя бы одна.',
  initial,
  disabled,
  error,
  onCountChange,
}: {
  productId: string
  /** Where the photos of what is edited are in the API (another owner of photos: a service offer). */
  base?: string
  limit?: number
  limitMessage?: string
  listLabel?: string
  hint?: string
  initial: Photo[]
  disabled: boolean
  error?: string
  onCountChange: (count: number) => void
}) {
  const [photos, setPhotos] = useState(initial)
  const [actionError, setActionError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [dragging, setDragging] = useState<string | null>(null)
  const [target, setTarget] = useState<string | null>(null)
  // One after another, in the order chosen: the first chosen becomes the first in the list.
  const uploads = useUploadQueue<{ photos: Photo[] }>(base, (data, item) => {
    show(data.photos)
    setStatus(`Фотография ${item.name} загружена`)
  })

  function show(next: Photo[]) {
    setPhotos(next)
    onCountChange(next.length)
  }

  function addFiles(files: File[]) {
    setActionError(null)
    uploads.add(
      files,
      limit - photos.length,
      (file, room) => checkPhotoBeforeUpload(file) ?? (room <= 0 ? limitMessage : null),
    )
  }

  async function change(run: () => Promise<WithPhotos>, optimistic: Photo[] | null, done: string) {
    setActionError(null)
    const before = photos
    if (optimistic) show(optimistic)
    try {
      show((await run()).data.photos)
      setStatus(done)
    } catch (failure) {
      show(before)
      setActionError(failureMessage(failure))
    }
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= photos.length || from === to) return
    const next = [...photos]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    const label = to === 0 ? 'Главная фотография изменена' : `Фотография перемещена на место ${to + 1}`
    void change(() => api.put<WithPhotos>(`${base}/order`, { ids: next.map((p) => p.id) }), next, label)
  }

  const remove = (photo: Photo) =>
    void change(
      () => api.delete<WithPhotos>(`${base}/${photo.id}`),
      photos.filter((p) => p.id !== photo.id),
      'Фотография удалена',
    )

  function saveAlt(photo: Photo, alt: string) {
    if (alt.trim() === photo.alt) return
    void change(
      () => api.patch<WithPhotos>(`${base}/${photo.id}`, { alt }),
      photos.map((p) => (p.id === photo.id ? { ...p, alt: alt.trim() } : p)),
      'Подпись сохранена',
    )
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="photos-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="photos-title">
            Фотографии
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>

        <MediaDropzone
          label="Выбрать фотографии"
          hint={`JPEG, PNG или WebP до ${formatFileSize(PHOTO_LIMITS.maxBytes)}, не больше ${formatCount(limit, PHOTOS_UP_TO)}`}
          accept={PHOTO_LIMITS.accept}
          multiple
          disabled={disabled || photos.length >= limit}
          onFiles={addFiles}
        />
        <UploadList items={uploads.uploads} onDismiss={uploads.dismiss} />
        {(actionError || error) && (
          <Text size="sm" c="red.8" role="alert">
            {actionError ?? error}
          </Text>
        )}
        <Text aria-live="polite" className={classes.visuallyHidden}>
          {status}
        </Text>

        {photos.length > 0 && (
          <ol className={classes.photos} aria-label={listLabel}>
            {photos.map((photo, i) => (
              <li
                key={photo.id}
                className={classes.photo}
                data-main={i === 0 || undefined}
                data-dragging={dragging === photo.id || undefined}
                data-target={(target === photo.id && dragging !== photo.id) || undefined}
                draggable={!disabled}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move'
                  event.dataTransfer.setData('text/plain', photo.id)
                  setDragging(photo.id)
                }}
                onDragOver={(event) => {
                  if (!dragging) return
                  event.preventDefault()
                  setTarget(photo.id)
                }}
                onDrop={(event) => {
                  event.preventDefault()
                  const from = photos.findIndex((p) => p.id === dragging)
                  if (from >= 0) move(from, i)
                  setDragging(null)
                  setTarget(null)
                }}
                onDragEnd={() => {
                  setDragging(null)
                  setTarget(null)
                }}
                data-testid="product-photo"
              >
                <div className={classes.thumb}>
                  <AppImage src={photo.src} alt={photo.alt || `Фото ${i + 1}`} size="tile" />
                  {i === 0 && (
                    <Badge className={classes.mainBadge} leftSection={<IconStar size={12} aria-hidden="true" />}>
                      Главная
                    </Badge>
                  )}
                </div>
                <Text size="xs" c="dimmed">
                  Фото {i + 1} из {photos.length}
                </Text>
                <TextInput
                  label={`Подпись к фото ${i + 1}`}
                  description="Для незрячих покупателей и поиска"
                  defaultValue={photo.alt}
                  maxLength={PHOTO_LIMITS.altLength}
                  disabled={disabled}
                  onBlur={(event) => saveAlt(photo, event.currentTarget.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault()
                      saveAlt(photo, event.currentTarget.value)
                    }
                  }}
                />
                <Group gap={6} wrap="wrap">
                  {i > 0 && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconStar size={14} aria-hidden="true" />}
                      onClick={() => move(i, 0)}
                      disabled={disabled}
                      aria-label={`Сделать главной: фото ${i + 1}`}
                    >
                      Сделать главной
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => move(i, i - 1)}
                    disabled={disabled || i === 0}
                    leftSection={<IconArrowUp size={14} aria-hidden="true" />}
                    aria-label={`Переместить выше: фото ${i + 1}`}
                  >
                    Выше
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => move(i, i + 1)}
                    disabled={disabled || i === photos.length - 1}
                    leftSection={<IconArrowDown size={14} aria-hidden="true" />}
                    aria-label={`Переместить ниже: фото ${i + 1}`}
                  >
                    Ниже
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => remove(photo)}
                    disabled={disabled}
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    aria-label={`Удалить фото ${i + 1}`}
                  >
                    Удалить
                  </Button>
                </Group>
              </li>
            ))}
          </ol>
        )}
      </Stack>
    </Paper>
  )
}
