import { Button, Checkbox, Group, Modal, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconTrash } from '@tabler/icons-react'
import { type BulkAction, productsCount } from '#common/products.ts'
import { BULK_ACTION_LABELS } from './bulk-actions.ts'

/**
 * «Выбрать все на странице» and the tab's bulk actions. Submitting and unpublishing are buttons of
 * the form; deleting asks first, and only its dialog's button sends the form. Every action waits
 * for a product to be chosen.
 */
export function BulkBar({
  actions,
  canSubmit,
  selectedCount,
  pageCount,
  busy,
  onSelectAll,
  onDelete,
}: {
  actions: readonly BulkAction[]
  canSubmit: boolean
  selectedCount: number
  pageCount: number
  busy: BulkAction | null
  onSelectAll: (checked: boolean) => void
  onDelete: () => void
}) {
  const [confirming, confirm] = useDisclosure(false)
  const all = pageCount > 0 && selectedCount === pageCount
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="md" wrap="wrap">
        <Checkbox
          label="Выбрать все на странице"
          checked={all}
          indeterminate={selectedCount > 0 && !all}
          onChange={(event) => onSelectAll(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {selectedCount
            ? `Выбрано: ${productsCount(selectedCount)}`
            : 'Отметьте товары, чтобы действовать с ними сразу'}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap">
        {actions.map((action) =>
          action === 'delete' ? (
            <Button
              key={action}
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={confirm.open}
              disabled={selectedCount === 0 || busy !== null}
              loading={busy === action}
            >
              {BULK_ACTION_LABELS[action]}
            </Button>
          ) : (
            <Button
              key={action}
              type="submit"
              name="intent"
              value={action}
              variant={action === 'submit' ? 'filled' : 'default'}
              disabled={
                selectedCount === 0 || (action === 'submit' && !canSubmit) || (busy !== null && busy !== action)
              }
              loading={busy === action}
            >
              {BULK_ACTION_LABELS[action]}
            </Button>
          ),
        )}
      </Group>
      <Modal opened={confirming} onClose={confirm.close} title="Удалить черновики?" centered>
        <Text>
          Будет удалено: {productsCount(selectedCount)}. Удалённые черновики не восстановить. Опубликованные товары и
          товары на модерации не удаляются.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close} data-autofocus>
            Отмена
          </Button>
          <Button
            color="red"
            onClick={() => {
              confirm.close()
              onDelete()
            }}
          >
            Удалить
          </Button>
        </Group>
      </Modal>
    </Group>
  )
}
