import { Alert, Anchor, Button, FileInput, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { IconFileUpload } from '@tabler/icons-react'
import { type DragEvent, useState } from 'react'
import { isApiError } from '#app/lib/api-client.ts'
import { IMPORT_LIMITS, type ImportView, PRODUCT_IMPORT_MESSAGES as M } from '#common/product-import.ts'
import classes from './import.module.css'
import { loadImport, uploadCatalog } from './import-api.ts'

/** How often the page asks how far the file's check got. */
const POLL_MS = 700

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The first step: a file chosen with the picker or dropped on the zone, refused in the browser
 * when it is over the limit, otherwise sent; the server checks it in the background while this
 * shows how far it got, then the preview follows. The server's reason for refusing a file
 * (hostile XML, not a catalogue, an encoding) is shown here, with the file still chosen.
 */
export function ImportUpload({ onUploaded }: { onUploaded: (view: ImportView) => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [over, setOver] = useState(false)
  /** Percent of the file checked, while the server parses it. */
  const [checked, setChecked] = useState<number | null>(null)

  /** Follows the upload's parsing until it has a preview or a refusal. */
  async function follow(view: ImportView): Promise<ImportView> {
    let current = view
    while (current.status === 'parsing') {
      const { done = 0, total = 0 } = current.progress ?? {}
      setChecked(total ? Math.round((done / total) * 100) : 0)
      await wait(POLL_MS)
      try {
        current = await loadImport(current.id)
      } catch (e) {
        // A lost poll is tried again; a refusal of the import itself is an answer.
        if (isApiError(e) && e.status >= 400 && e.status < 500) throw e
      }
    }
    return current
  }

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
      const view = await follow(await uploadCatalog(file))
      if (view.status === 'failed') setError(view.failure ?? M.parseFailed)
      else onUploaded(view)
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.file ?? e.message) : M.unreadable)
    } finally {
      setBusy(false)
      setChecked(null)
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
              {M.limits}. Товары сопоставляются по артикулу: новые станут черновиками, существующие обновятся. Фото по
              ссылкам из файла загружаются в товары, у которых фото ещё нет.
            </Text>
            <Text size="sm" mt={4}>
              Образцы:{' '}
              <Anchor href="/import/shablon-tovarov.csv" download>
                шаблон таблицы CSV
              </Anchor>{' '}
              (откроется в Excel) и{' '}
              <Anchor href="/import/primer-kataloga.yml" download>
                пример каталога YML
              </Anchor>
              . Выгрузка товаров из кабинета — тот же CSV: её можно поправить и загрузить обратно.
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
        {checked !== null && (
          <div>
            <Progress value={checked} size="md" animated aria-label="Ход проверки файла" maw={480} />
            <Text size="sm" mt="xs" role="status" aria-live="polite">
              Проверяем файл: {checked}%
            </Text>
          </div>
        )}
        {error && (
          <Alert color="red" role="alert" title="Файл не принят">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  )
}
