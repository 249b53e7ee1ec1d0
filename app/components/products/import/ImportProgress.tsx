import { Alert, Anchor, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatNumber } from '#common/format.ts'
import type { ImportView } from '#common/product-import.ts'
import classes from './import.module.css'

const DRAFTS_PATH = '/personal-account/products?tab=non-published'

/**
 * The third step: the import running in the background (the page polls it; the figure is read
 * out by screen readers as it changes), then what it did: created, updated, skipped and why.
 */
export function ImportProgress({ view, onAnother }: { view: ImportView; onAnother: () => void }) {
  const total = view.progress?.total || view.counts.offers
  const done = Math.min(view.progress?.done ?? 0, total)
  const percent = total ? Math.round((done / total) * 100) : 0
  const finished = view.status === 'done'
  const outcome = view.outcome
  const pictures = view.progress?.stage === 'pictures'

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h4" mb="sm">
          {finished
            ? 'Импорт завершён'
            : view.status === 'failed'
              ? 'Импорт прервался'
              : pictures
                ? 'Загружаем фото товаров…'
                : 'Импортируем товары…'}
        </Title>
        <Progress
          value={finished ? 100 : percent}
          size="lg"
          aria-label="Ход импорта"
          animated={!finished && view.status !== 'failed'}
        />
        <Text size="sm" mt="xs" aria-live="polite" role="status">
          {finished
            ? `Обработано ${formatNumber(view.counts.offers)} из ${formatNumber(view.counts.offers)}`
            : pictures
              ? `Фото загружены для ${formatNumber(done)} из ${formatNumber(total)} товаров`
              : `Обработано ${formatNumber(done)} из ${formatNumber(total)}`}
        </Text>
      </div>

      {view.failure && (
        <Alert color="red" role="alert">
          {view.failure}
        </Alert>
      )}

      {finished && outcome && (
        <section aria-labelledby="import-result">
          <Title order={2} size="h4" id="import-result" mb="sm">
            Итог
          </Title>
          <Text>
            Создано черновиков: <strong>{formatNumber(outcome.created)}</strong>. Обновлено:{' '}
            <strong>{formatNumber(outcome.updated)}</strong>. Пропущено:{' '}
            <strong>{formatNumber(outcome.skippedTotal)}</strong>.
            {outcome.photosAdded > 0 && (
              <>
                {' '}
                Добавлено фото из файла: <strong>{formatNumber(outcome.photosAdded)}</strong>.
              </>
            )}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            Новые и обновлённые товары — в черновиках: проверьте их и отправьте на модерацию. Опубликованные товары
            остаются в каталоге в прежнем виде до одобрения новой версии.
          </Text>
          <RowNotes
            caption="Пропущенные строки"
            noteHeader="Причина"
            total={outcome.skippedTotal}
            rows={outcome.skipped.map((row) => ({ line: row.line, sku: row.sku, note: row.reason }))}
          />
          <RowNotes
            caption="Замечания к фото"
            noteHeader="Замечание"
            total={outcome.pictureWarningsTotal}
            rows={outcome.pictureWarnings.map((row) => ({ line: row.line, sku: row.sku, note: row.message }))}
          />
        </section>
      )}

      {(finished || view.status === 'failed') && (
        <Group>
          {finished && (
            <Button component={AppLink} to={DRAFTS_PATH}>
              Перейти к черновикам
            </Button>
          )}
          <Anchor component="button" type="button" onClick={onAnother}>
            Загрузить другой файл
          </Anchor>
        </Group>
      )}
    </Stack>
  )
}

/**
 * Rows of the file the vendor should look at, with what is wrong (the import skipped them, or
 * their pictures were not added or are small); the first ones when there are many.
 */
function RowNotes({
  caption,
  noteHeader,
  total,
  rows,
}: {
  caption: string
  noteHeader: string
  total: number
  rows: { line: number; sku: string; note: string }[]
}) {
  if (!rows.length) return null
  return (
    <Table striped withTableBorder layout="fixed" mt="md">
      <Table.Caption>
        {caption}
        {total > rows.length && ` (первые ${formatNumber(rows.length)} из ${formatNumber(total)})`}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={70}>Строка</Table.Th>
          <Table.Th w="30%">Артикул</Table.Th>
          <Table.Th>{noteHeader}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={`${row.line}:${i}`}>
            <Table.Td>{row.line}</Table.Td>
            <Table.Td className={classes.wrap}>{row.sku}</Table.Td>
            <Table.Td className={classes.wrap}>{row.note}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
