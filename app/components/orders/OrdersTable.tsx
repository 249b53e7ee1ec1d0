import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatCount, formatDate, formatMoney } from '#app/lib/format.ts'
import type { OrderSummary } from '#common/orders.ts'
import { orderPath } from './order-paths.ts'

const LINE_FORMS = ['позиция', 'позиции', 'позиций'] as const
const nowrap = { whiteSpace: 'nowrap' } as const

const otherParty = (order: OrderSummary) => (order.side === 'purchase' ? order.seller : order.buyer)

function OrderLink({ order }: { order: OrderSummary }) {
  return (
    <Anchor component={AppLink} to={orderPath(order.side, order.number)} fw={600} style={nowrap}>
      № {order.number}
    </Anchor>
  )
}

/**
 * One page of orders: a table from tablets up, cards on a phone (number, status, the other side,
 * lines and total), the same links in both.
 */
export function OrdersTable({ items, partyLabel }: { items: OrderSummary[]; partyLabel: string }) {
  return (
    <>
      <Table visibleFrom="sm" verticalSpacing="sm" highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Номер</Table.Th>
            <Table.Th>Дата</Table.Th>
            <Table.Th>{partyLabel}</Table.Th>
            <Table.Th ta="right">Позиций</Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
            <Table.Th>Статус</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((order) => (
            <Table.Tr key={order.number}>
              <Table.Td>
                <OrderLink order={order} />
              </Table.Td>
              <Table.Td style={nowrap}>{formatDate(order.createdAt)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{otherParty(order).name}</Table.Td>
              <Table.Td ta="right">{order.lineCount}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatMoney(order.totalKopecks)}
              </Table.Td>
              <Table.Td>
                <StatusBadge lifecycle="order" status={order.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Stack component="ul" hiddenFrom="sm" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((order) => (
          <Paper component="li" key={order.number} withBorder p="sm">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <OrderLink order={order} />
                <StatusBadge lifecycle="order" status={order.status} />
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span c="dimmed" size="sm">
                  {partyLabel}:{' '}
                </Text>
                {otherParty(order).name}
              </Text>
              <Group justify="space-between" gap="xs">
                <Text size="sm" c="dimmed">
                  {formatDate(order.createdAt)} · {formatCount(order.lineCount, LINE_FORMS)}
                </Text>
                <Text size="sm" fw={600} style={nowrap}>
                  {formatMoney(order.totalKopecks)}
                </Text>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  )
}
