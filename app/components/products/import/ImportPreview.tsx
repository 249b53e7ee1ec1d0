import { Alert, Button, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { isApiError } from '#app/lib/api-client.ts'
import { ATTRIBUTES } from '#common/catalog/attributes.ts'
import { CATEGORIES, isLeafCategory } from '#common/catalog/categories.ts'
import { VAT_RATE_LABELS, VAT_RATES, type VatRate } from '#common/catalog/vat.ts'
import { formatCount, formatNumber, type PluralForms, pluralize } from '#common/format.ts'
import type { ImportMappingInput, ImportView } from '#common/product-import.ts'
import classes from './import.module.css'
import { loadImport, saveMapping, startImport } from './import-api.ts'

const NOTHING = ''
const CATEGORY_OPTIONS = [
  { value: NOTHING, label: 'Не импортировать' },
  ...CATEGORIES.filter((c) => isLeafCategory(c.slug)).map((c) => ({ value: c.slug, label: c.title })),
]
const PARAM_OPTIONS = [
  { value: NOTHING, label: 'Не использовать' },
  ...ATTRIBUTES.map((a) => ({ value: a.code as string, label: a.title })),
]
const VAT_OPTIONS = VAT_RATES.map((rate) => ({ value: rate, label: VAT_RATE_LABELS[rate] }))

/** A figure of the file with its words declined by it: «1 новый», «2 новых». */
function Count({ forms, value }: { forms: PluralForms; value: number }) {
  return (
    <div>
      <Text size="xl" fw={700}>
        {formatNumber(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {pluralize(value, forms)}
      </Text>
    </div>
  )
}

/**
 * The second step: what the file holds and what importing it would do, the file's categories and
 * characteristics mapped to ours (each change is saved and the counts recomputed), the default VAT
 * rate when the file lacks one, the rows that will be left out, and the button that starts it.
 */
export function ImportPreview({ view, onChange }: { view: ImportView; onChange: (view: ImportView) => void }) {
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function run(action: () => Promise<ImportView>) {
    setSaving(true)
    setError(null)
    try {
      onChange(await action())
    } catch (e) {
      setError(isApiError(e) ? (Object.values(e.fields ?? {})[0] ?? e.message) : 'Не удалось сохранить')
    } finally {
      setSaving(false)
    }
  }
  const map = (change: Partial<ImportMappingInput>) => run(() => saveMapping(view.id, change))
  const { counts } = view
  const importable = counts.new + counts.updates

  return (
    <Stack gap="xl">
      <section aria-labelledby="import-summary">
        <Title order={2} size="h4" id="import-summary" mb="sm">
          Файл «<span className={classes.wrap}>{view.fileName}</span>»
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
          <Count forms={['товар в файле', 'товара в файле', 'товаров в файле']} value={counts.offers} />
          <Count forms={['новый', 'новых', 'новых']} value={counts.new} />
          <Count forms={['обновится', 'обновятся', 'обновятся']} value={counts.updates} />
          <Count
            forms={['на модерации — пропустим', 'на модерации — пропустим', 'на модерации — пропустим']}
            value={counts.onModeration}
          />
          <Count forms={['строка с ошибками', 'строки с ошибками', 'строк с ошибками']} value={counts.withErrors} />
        </SimpleGrid>
      </section>

      <section aria-labelledby="import-categories">
        <Title order={2} size="h4" id="import-categories" mb={4}>
          Категории
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Выберите для каждой категории файла подкатегорию каталога. Товары категорий «Не импортировать» будут
          пропущены.
        </Text>
        <div className={classes.mappingGrid}>
          {view.categories.map((category) => (
            <Select
              key={category.id}
              label={`${category.name} (${formatNumber(category.offers)})`}
              data={CATEGORY_OPTIONS}
              value={view.mapping.categories[category.id] ?? NOTHING}
              allowDeselect={false}
              disabled={saving}
              onChange={(slug) => map({ categories: { [category.id]: slug || null } })}
            />
          ))}
        </div>
      </section>

      {view.params.length > 0 && (
        <section aria-labelledby="import-params">
          <Title order={2} size="h4" id="import-params" mb={4}>
            Характеристики
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Характеристики файла, которые соответствуют характеристикам каталога. Значения переводятся в единицы
            каталога (например, граммы в килограммы).
          </Text>
          <div className={classes.mappingGrid}>
            {view.params.map((param) => (
              <Select
                key={param.name}
                label={`${param.name}${param.unit ? `, ${param.unit}` : ''} (${formatNumber(param.offers)})`}
                data={PARAM_OPTIONS}
                value={view.mapping.params[param.name] ?? NOTHING}
                allowDeselect={false}
                searchable
                disabled={saving}
                onChange={(code) => map({ params: { [param.name]: code || null } })}
              />
            ))}
          </div>
        </section>
      )}

      {(counts.withoutVat > 0 || view.mapping.defaultVatRate) && (
        <Select
          label="Ставка НДС для товаров, у которых она не указана в файле"
          description={`Без ставки в файле: ${formatNumber(counts.withoutVat)}`}
          placeholder="Выберите ставку"
          data={VAT_OPTIONS}
          value={view.mapping.defaultVatRate}
          disabled={saving}
          maw={420}
          onChange={(rate) => map({ defaultVatRate: (rate as VatRate | null) ?? null })}
        />
      )}

      {view.errors.total > 0 && (
        <section aria-labelledby="import-errors">
          <Title order={2} size="h4" id="import-errors" mb={4}>
            Строки с ошибками ({formatNumber(view.errors.total)})
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Эти строки не будут импортированы. Исправьте файл и загрузите его снова или измените сопоставление.
          </Text>
          <Table striped withTableBorder layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Строка</Table.Th>
                <Table.Th>Ошибка</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.errors.items.map((e) => (
                <Table.Tr key={`${e.line}:${e.message}`}>
                  <Table.Td>{e.line}</Table.Td>
                  <Table.Td className={classes.wrap}>{e.message.replace(/^Строка \d+: /, '')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {view.errors.total > view.errors.pageSize && (
            <Pagination
              mt="sm"
              total={Math.ceil(view.errors.total / view.errors.pageSize)}
              value={view.errors.page}
              onChange={(page) => run(() => loadImport(view.id, page))}
              getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Следующая' : 'Предыдущая' })}
              getItemProps={(page) => ({ 'aria-label': `Страница ${page}` })}
            />
          )}
        </section>
      )}

      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => run(() => startImport(view.id))} loading={saving} disabled={importable === 0}>
          Импортировать
        </Button>
        {importable === 0 && <Text c="dimmed">{nothingToImport(view)}</Text>}
      </Group>
    </Stack>
  )
}

/**
 * Why no row can be imported yet, in what the vendor can do about it: the VAT rate to choose, the
 * categories to map, the rows with errors, the products waiting for staff.
 */
export function nothingToImport(view: ImportView): string {
  const { counts, mapping } = view
  const reasons: string[] = []
  if (counts.withoutVat > 0 && !mapping.defaultVatRate)
    reasons.push(
      `у ${formatCount(counts.withoutVat, ['товара', 'товаров', 'товаров'])} не указана ставка НДС — выберите её для всех выше`,
    )
  const unmapped = view.categories.filter((c) => c.offers > 0 && !mapping.categories[c.id]).length
  if (unmapped > 0)
    reasons.push(
      `${formatCount(unmapped, ['категория файла не сопоставлена', 'категории файла не сопоставлены', 'категорий файла не сопоставлено'])} с каталогом`,
    )
  if (counts.onModeration > 0)
    reasons.push(
      formatCount(counts.onModeration, [
        'товар на модерации и не изменится',
        'товара на модерации и не изменятся',
        'товаров на модерации и не изменятся',
      ]),
    )
  if (!reasons.length && view.errors.total > 0) reasons.push('в каждой строке есть ошибка — они перечислены выше')
  return reasons.length ? `Нечего импортировать: ${reasons.join('; ')}.` : 'Нечего импортировать: в файле нет товаров.'
}
