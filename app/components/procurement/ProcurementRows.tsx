import { Anchor, Stack, Text } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { ResponsiveRows } from '#app/components/lists/ResponsiveRows.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatCount, formatDate } from '#app/lib/format.ts'
import {
  type IncomingSummary,
  PROCUREMENT_PURPOSE_LABELS,
  PROCUREMENT_STATUS_LABELS,
  type ProcurementSummary,
} from '#common/procurement.ts'
import { procurementLinks } from '#common/procurement-links.ts'

/** The rows of the procurement lists: a table from tablets up, a card per request on a phone. */

const nowrap = { whiteSpace: 'nowrap' } as const
const wrap = { overflowWrap: 'anywhere' } as const
const ITEMS = ['позиция', 'позиции', 'позиций'] as const

function RequestLink({ number, title }: { number: string; title: string }) {
  return (
    <Stack gap={0}>
      <Anchor component={AppLink} to={procurementLinks.request(number)} fw={600} style={wrap}>
        {title}
      </Anchor>
      <Text size="xs" c="dimmed" style={nowrap}>
        № {number}
      </Text>
    </Stack>
  )
}

function answersText(r: ProcurementSummary): string {
  if (r.status === 'draft') return r.recipients.total ? `Выбрано поставщиков: ${r.recipients.total}` : 'Не отправлен'
  const parts = [`${r.recipients.answered} из ${r.recipients.total} ответили`]
  if (r.recipients.declined) parts.push(`отказались: ${r.recipients.declined}`)
  return parts.join(', ')
}

export function RequestRows({ items }: { items: ProcurementSummary[] }) {
  return (
    <ResponsiveRows
      items={items}
      caption="Мои запросы КП"
      keyOf={(r) => r.number}
      columns={[
        { label: 'Запрос', cell: (r) => <RequestLink number={r.number} title={r.title} /> },
        { label: 'Основание', cell: (r) => PROCUREMENT_PURPOSE_LABELS[r.purpose] },
        { label: 'Позиции', cell: (r) => formatCount(r.itemCount, ITEMS) },
        { label: 'Ответы', cell: (r) => answersText(r) },
        { label: 'Ответить до', cell: (r) => <span style={nowrap}>{formatDate(r.deadline)}</span> },
        { label: 'Статус', cell: (r) => <StatusBadge lifecycle="procurement" status={r.status} /> },
      ]}
      title={(r) => <RequestLink number={r.number} title={r.title} />}
      badge={(r) => <StatusBadge lifecycle="procurement" status={r.status} />}
      lines={(r) => [
        `${PROCUREMENT_PURPOSE_LABELS[r.purpose]}, ${formatCount(r.itemCount, ITEMS)}`,
        answersText(r),
        `Ответить до ${formatDate(r.deadline)}`,
      ]}
    />
  )
}

export function IncomingRows({ items }: { items: IncomingSummary[] }) {
  const requestState = (r: IncomingSummary) =>
    r.status === 'sent' ? `Ответить до ${formatDate(r.deadline)}` : PROCUREMENT_STATUS_LABELS[r.status]
  return (
    <ResponsiveRows
      items={items}
      caption="Запросы КП покупателей"
      keyOf={(r) => r.number}
      columns={[
        { label: 'Запрос', cell: (r) => <RequestLink number={r.number} title={r.title} /> },
        { label: 'Покупатель', cell: (r) => <span style={wrap}>{r.buyer.name}</span> },
        { label: 'Позиции', cell: (r) => formatCount(r.itemCount, ITEMS) },
        { label: 'Получен', cell: (r) => <span style={nowrap}>{formatDate(r.createdAt)}</span> },
        { label: 'Запрос', cell: (r) => requestState(r) },
        { label: 'Наш ответ', cell: (r) => <StatusBadge lifecycle="procurementAnswer" status={r.myStatus} /> },
      ]}
      title={(r) => <RequestLink number={r.number} title={r.title} />}
      badge={(r) => <StatusBadge lifecycle="procurementAnswer" status={r.myStatus} />}
      lines={(r) => [
        r.buyer.name,
        `${formatCount(r.itemCount, ITEMS)}, получен ${formatDate(r.createdAt)}`,
        requestState(r),
      ]}
    />
  )
}
