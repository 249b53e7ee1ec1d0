import { Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { failureMessage } from '#app/lib/upload.ts'
import { formatPrice } from '#common/catalog/format.ts'
import { type EmbedSearchItem, searchEmbedProducts } from './article-api.ts'
import type { EmbedCardProduct } from './product-embed.tsx'
import classes from './article-editor.module.css'

type Found = { q: string; items: EmbedSearchItem[]; error: string | null }

/** «Вставить товар»: the catalogue searched by name as one types; a pick inserts the product's card. */
export function ProductSearchModal({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean
  onClose: () => void
  onPick: (product: EmbedCardProduct) => void
}) {
  const [q, setQ] = useState('')
  const [debounced] = useDebouncedValue(q.trim(), 300)
  const [found, setFound] = useState<Found | null>(null)

  useEffect(() => {
    if (!opened || debounced.length < 2) return
    let current = true
    searchEmbedProducts(debounced).then(
      (items) => current && setFound({ q: debounced, items, error: null }),
      (error: unknown) => current && setFound({ q: debounced, items: [], error: failureMessage(error) }),
    )
    return () => {
      current = false
    }
  }, [opened, debounced])

  const loading = debounced.length >= 2 && found?.q !== debounced
  const shown = debounced.length >= 2 && found?.q === debounced ? found : null

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Товар в статье"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      <Stack gap="sm">
        <TextInput
          label="Найти товар в каталоге"
          description="Название, бренд или модель"
          placeholder="Например, квадрокоптер"
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={loading ? <Loader size={14} /> : null}
          data-autofocus
        />
        <div role="status" aria-live="polite">
          {debounced.length < 2 ? (
            <Text size="sm" c="dimmed">
              Введите хотя бы два символа.
            </Text>
          ) : shown?.error ? (
            <Text size="sm" c="red.8">
              {shown.error}
            </Text>
          ) : shown && shown.items.length === 0 ? (
            <Text size="sm">Ничего не нашлось. Попробуйте другое название.</Text>
          ) : shown ? (
            <Text size="sm" c="dimmed">
              Найдено: {shown.items.length}. Выберите товар, чтобы вставить его карточку.
            </Text>
          ) : null}
        </div>
        {shown && shown.items.length > 0 && (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Найденные товары">
            {shown.items.map((item) => (
              <li key={item.id}>
                <UnstyledButton
                  className={classes.result}
                  onClick={() => onPick({ id: item.id, name: item.name, priceKopecks: item.priceKopecks })}
                >
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatPrice(item.priceKopecks)}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  )
}
