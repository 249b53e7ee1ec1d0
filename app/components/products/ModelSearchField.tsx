import { Group, Loader, Stack, Text, TextInput } from '@mantine/core'
import type { ReactNode } from 'react'
import { modelDetails, type ModelSummary } from '#common/catalog/models.ts'
import { AppImage } from '#app/components/AppImage.tsx'
import { useModelSearch } from './use-model-search.ts'

/**
 * A search of the catalogue's models as a vendor types, with what it found, each with the
 * caller's button: «Привязать» in «Каталог моделей», «Добавить» in «Совместимость».
 */
export function ModelSearchField({
  kind = 'any',
  label,
  listLabel,
  notFound,
  disabled,
  action,
}: {
  kind?: 'any' | 'drones'
  label: string
  /** The found list's name for screen readers. */
  listLabel: string
  notFound: (query: string) => ReactNode
  disabled: boolean
  action: (model: ModelSummary) => ReactNode
}) {
  const { query, search, changed } = useModelSearch(kind)
  return (
    <>
      <TextInput
        label={label}
        description="Название, артикул производителя или GTIN"
        value={query}
        onChange={(event) => changed(event.currentTarget.value)}
        rightSection={search.state === 'loading' ? <Loader size="xs" aria-label="Ищем модели" /> : null}
        disabled={disabled}
        autoComplete="off"
      />
      <div aria-live="polite">
        {search.state === 'failed' && (
          <Text size="sm" c="red.8">
            Не удалось найти модели. Попробуйте ещё раз.
          </Text>
        )}
        {search.state === 'done' && search.models.length === 0 && <Text size="sm">{notFound(search.query)}</Text>}
        {search.state === 'done' && search.models.length > 0 && (
          <Stack gap="xs" component="ul" aria-label={listLabel} style={{ listStyle: 'none', padding: 0 }}>
            {search.models.map((model) => (
              // On a phone the button goes under the model rather than squeezing its name.
              <Group key={model.id} component="li" wrap="wrap" gap="sm" justify="space-between">
                <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 220px' }}>
                  {model.image && <AppImage src={model.image.src} alt="" size="thumb" />}
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {model.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {modelDetails(model)}
                    </Text>
                  </div>
                </Group>
                {action(model)}
              </Group>
            ))}
          </Stack>
        )}
      </div>
    </>
  )
}
