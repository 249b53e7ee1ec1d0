import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useId, useState } from 'react'
import { MAX_FITS } from '#common/products.schemas.ts'
import { ModelSearchField } from './ModelSearchField.tsx'

/**
 * «Совместимость» of a payload, accessory or spare part: the drone models it fits, found in the
 * catalogue by name, part number or GTIN. Posted as `fitsModelIds` with the form (hidden inputs,
 * so it works before the page's scripts); staff check it with the rest, and once the product is
 * approved each drone's page lists it.
 */
export function FitsPicker({
  initial,
  disabled,
  error,
  onChange,
}: {
  initial: { id: string; title: string }[]
  disabled: boolean
  error?: string
  /** A change no input event tells the form of. */
  onChange: () => void
}) {
  const headingId = useId()
  const [fits, setFits] = useState(initial)
  const update = (next: { id: string; title: string }[]) => {
    setFits(next)
    // After React has put the hidden inputs in: the form reads them when it saves.
    setTimeout(onChange)
  }
  const chosen = new Set(fits.map((f) => f.id))
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={headingId}>
      <input type="hidden" name="fitsPicker" value="1" />
      {fits.map((fit) => (
        <input key={fit.id} type="hidden" name="fitsModelIds" value={fit.id} />
      ))}
      <Stack gap="sm" onChange={(event) => event.stopPropagation()}>
        <div>
          <Title order={2} size="h4" id={headingId}>
            Совместимость
          </Title>
          <Text size="sm" c="dimmed">
            К каким беспилотникам подходит товар: покупатели увидят его на страницах этих моделей.
          </Text>
        </div>
        {fits.length > 0 ? (
          <Stack gap={4} component="ul" aria-label="Подходит к моделям" style={{ listStyle: 'none', padding: 0 }}>
            {fits.map((fit) => (
              <Group key={fit.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Text style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 200px' }}>{fit.title}</Text>
                <Button
                  size="xs"
                  variant="default"
                  disabled={disabled}
                  onClick={() => update(fits.filter((f) => f.id !== fit.id))}
                  aria-label={`Убрать из совместимых: ${fit.title}`}
                >
                  Убрать
                </Button>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm">Пока не указано ни одной модели.</Text>
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <ModelSearchField
          kind="drones"
          label="Найти беспилотник"
          listLabel="Найденные беспилотники"
          notFound={(query) => `Беспилотника «${query}» в каталоге нет.`}
          disabled={disabled || fits.length >= MAX_FITS}
          action={(model) => (
            <Button
              size="xs"
              style={{ flexShrink: 0 }}
              disabled={disabled || chosen.has(model.id) || fits.length >= MAX_FITS}
              onClick={() => update([...fits, { id: model.id, title: model.title }])}
              aria-label={`Добавить в совместимые: ${model.title}`}
            >
              {chosen.has(model.id) ? 'Добавлено' : 'Добавить'}
            </Button>
          )}
        />
      </Stack>
    </Paper>
  )
}
