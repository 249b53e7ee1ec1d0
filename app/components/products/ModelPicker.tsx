import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useId } from 'react'
import type { CabinetProductDetails } from './product-types.ts'
import { ModelSearchField } from './ModelSearchField.tsx'

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
        <ModelSearchField
          label="Найти в каталоге"
          listLabel="Найденные модели"
          notFound={(query) =>
            `Модели «${query}» в каталоге нет. Заполните поля ниже: модератор проверит новую модель вместе с товаром.`
          }
          disabled={disabled}
          action={(model) => (
            <Button
              size="xs"
              style={{ flexShrink: 0 }}
              onClick={() => onAttach(model.id)}
              disabled={disabled}
              aria-label={`Привязать к модели ${model.title}`}
            >
              Привязать
            </Button>
          )}
        />
      </Stack>
    </Paper>
  )
}
