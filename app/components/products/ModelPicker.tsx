import { Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useId } from 'react'
import { modelDetails } from '#common/catalog/models.ts'
import { AppImage } from '#app/components/AppImage.tsx'
import type { CabinetProductDetails } from './product-types.ts'
import { useModelSearch } from './use-model-search.ts'

/**
 * «Каталог моделей»: a vendor finds the model it sells by name, the manufacturer's part number
 * or GTIN and attaches its product as an offer of it (the model's description, characteristics
 * and pictures; the price, stock and terms stay the vendor's), or proposes a model of its own by
 * filling the fields below. Its input is not the form's: it saves nothing by itself.
 */
export function ModelPicker({
  product,
  disabled,
  onAttach,
}: {
  product: CabinetProductDetails | null
  disabled: boolean
  onAttach: (modelId: string | null) => void
}) {
  const headingId = useId()
  if (product?.modelId) {
    return (
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={headingId}>
        <Stack gap="xs">
          <Title order={2} size="h4" id={headingId}>
            Каталог моделей
          </Title>
          <Text fw={600}>{product.title}</Text>
          <Text size="sm">
            {product.brand} {product.model}
            {product.partNumber && ` · P/N ${product.partNumber}`}
            {product.gtin && ` · GTIN ${product.gtin}`}
          </Text>
          <Text size="sm" c="dimmed">
            Описание, характеристики и фото — из карточки модели. Вы задаёте свои цену, наличие и условия продажи.
          </Text>
          <Group>
            <Button variant="default" onClick={() => onAttach(null)} disabled={disabled}>
              Отвязать от модели
            </Button>
          </Group>
        </Stack>
      </Paper>
    )
  }
  return <ModelSearch headingId={headingId} disabled={disabled} onAttach={onAttach} />
}

function ModelSearch({
  headingId,
  disabled,
  onAttach,
}: {
  headingId: string
  disabled: boolean
  onAttach: (modelId: string) => void
}) {
  const { query, search, changed } = useModelSearch()

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={headingId}>
      {/* The search is not a field of the product: its changes must not start the form's autosave. */}
      <Stack gap="sm" onChange={(event) => event.stopPropagation()}>
        <div>
          <Title order={2} size="h4" id={headingId}>
            Каталог моделей
          </Title>
          <Text size="sm" c="dimmed">
            Продаёте модель, которая уже есть в каталоге? Найдите её и привяжите товар: покупатели увидят ваше
            предложение рядом с предложениями других продавцов.
          </Text>
        </div>
        <TextInput
          label="Найти в каталоге"
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
          {search.state === 'done' && search.models.length === 0 && (
            <Text size="sm">
              Модели «{search.query}» в каталоге нет. Заполните поля ниже: модератор проверит новую модель вместе с
              товаром.
            </Text>
          )}
          {search.state === 'done' && search.models.length > 0 && (
            <Stack gap="xs" component="ul" aria-label="Найденные модели" style={{ listStyle: 'none', padding: 0 }}>
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
                  <Button
                    size="xs"
                    style={{ flexShrink: 0 }}
                    onClick={() => onAttach(model.id)}
                    disabled={disabled}
                    aria-label={`Привязать к модели ${model.title}`}
                  >
                    Привязать
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  )
}
