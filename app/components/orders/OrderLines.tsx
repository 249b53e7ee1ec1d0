import { Anchor, Stack, Table, Text, Title } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatMoney, formatNumber } from '#app/lib/format.ts'
import { VAT_RATE_LABELS } from '#common/catalog/vat.ts'
import type { OrderDetails } from '#common/orders.ts'

const nowrap = { whiteSpace: 'nowrap' } as const

/**
 * The order's lines as bought (prices and VAT copied on the day of the order), with the total and
 * the VAT in it. On a phone the table scrolls sideways; the product's name stays first.
 */
export function OrderLines({ order }: { order: Pick<OrderDetails, 'lines' | 'totalKopecks' | 'vatKopecks'> }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="order-lines-title">
      <Title order={2} size="h3" id="order-lines-title">
        Состав заказа
      </Title>
      <Table.ScrollContainer minWidth={680} type="native">
        <Table verticalSpacing="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Товар</Table.Th>
              <Table.Th>Артикул</Table.Th>
              <Table.Th ta="right">Кол-во</Table.Th>
              <Table.Th ta="right">Цена</Table.Th>
              <Table.Th>НДС</Table.Th>
              <Table.Th ta="right">Сумма</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Anchor component={AppLink} to={`/product/${line.slug}`} style={{ overflowWrap: 'anywhere' }}>
                    {line.title}
                  </Anchor>
                  {line.serialNumbers.length > 0 && (
                    <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                      Серийные номера: {line.serialNumbers.join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.sku || '—'}</Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatNumber(line.quantity)} шт.
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatMoney(line.priceKopecks)}
                </Table.Td>
                <Table.Td style={nowrap}>{VAT_RATE_LABELS[line.vatRate]}</Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatMoney(line.amountKopecks)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={5} ta="right">
                Итого
              </Table.Th>
              <Table.Td ta="right" fw={700} style={nowrap}>
                {formatMoney(order.totalKopecks)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th colSpan={5} ta="right" fw={400}>
                {order.vatKopecks > 0 ? 'В том числе НДС' : 'НДС'}
              </Table.Th>
              <Table.Td ta="right" style={nowrap}>
                {order.vatKopecks > 0 ? formatMoney(order.vatKopecks) : 'не облагается'}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
