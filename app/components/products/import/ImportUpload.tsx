import { Alert, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core'
import { IconFileUpload } from '@tabler/icons-react'
import { type DragEvent, useState } from 'react'
import { isApiError } from '#app/lib/api-client.ts'
import { IMPORT_LIMITS, type ImportView, PRODUCT_IMPORT_MESSAGES as M } from '#common/product-import.ts'
import classes from './import.module.css'
import { uploadCatalog } from './import-api.ts'

/**
 * The first step: a file chosen with the picker or dropped on the zone, refused in the browser
 * when it is over the limit, otherwise sent for the preview. The server's reason for refusing a
 * file (hostile XML, not a catalogue, an encoding) is shown as it comes.
 */
export function ImportUpload({ onUploaded }: { onUploaded: (view: ImportView) => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [over, setOver] = useState(false)

  function choose(next: File | null) {
    setError(next && next.size > IMPORT_LIMITS.maxBytes ? M.tooLarge : null)
    setFile(next)
  }

  function drop(event: DragEvent) {
    event.preventDefault()
    setOver(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped) choose(dropped)
  }

  async function send() {
    if (!file) return setError(M.missingFile)
    if (file.size > IMPORT_LIMITS.maxBytes) return setError(M.tooLarge)
    setBusy(true)
    setError(null)
    try {
      onUploaded(await uploadCatalog(file))
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.file ?? e.message) : M.unreadable)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Paper
      withBorder
      p="lg"
      className={classes.dropZone}
      data-over={over || undefined}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="start">
          <IconFileUpload size={32} aria-hidden="true" className={classes.dropIcon} />
          <div>
            <Text fw={600}>Перетащите файл каталога сюда или выберите его</Text>
            <Text size="sm" c="dimmed">
              {M.limits}. Товары сопоставляются по артикулу: новые станут черновиками, существующие обновятся.
            </Text>
          </div>
        </Group>
        <FileInput
          label="Файл каталога"
          placeholder="Выберите файл"
          accept={IMPORT_LIMITS.accept.join(',')}
          value={file}
          onChange={choose}
          clearable
          error={Boolean(error)}
          maw={480}
        />
        <Group>
          <Button onClick={send} loading={busy} disabled={!file}>
            Загрузить и проверить
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert" title="Файл не принят">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  )
}
