import { Paper, Stack, Text, Timeline, Title } from '@mantine/core'
import { formatDateTime } from '#app/lib/format.ts'
import { ORDER_STATUS_LABELS, type OrderHistoryEntry } from '#common/orders.ts'

const ACTORS: Record<OrderHistoryEntry['by'], string> = {
  buyer: 'Покупатель',
  seller: 'Продавец',
  system: 'Платформа',
}

/** What the entry's step was called: the order's first step is its placement, not a status change. */
function titleOf(entry: OrderHistoryEntry): string {
  if (entry.from === null) return 'Заказ оформлен'
  return ORDER_STATUS_LABELS[entry.to]
}

/** «Продавец · Анна Смирнова»; the platform's own moves have no person. */
export function actorOf(entry: Pick<OrderHistoryEntry, 'by' | 'byName'>): string {
  return entry.byName && entry.by !== 'system' ? `${ACTORS[entry.by]} · ${entry.byName}` : ACTORS[entry.by]
}

/** The order's history, oldest first: each move with who made it, when, and what they wrote. */
export function OrderTimeline({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-history-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="order-history-title">
          История заказа
        </Title>
        <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
          {history.map((entry, i) => (
            <Timeline.Item key={`${entry.at}-${i}`} title={titleOf(entry)}>
              <Text size="sm">{actorOf(entry)}</Text>
              <Text size="xs" c="dimmed">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </Text>
              {entry.comment && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.to === 'cancelled' ? 'Причина' : 'Комментарий'}: {entry.comment}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  )
}
