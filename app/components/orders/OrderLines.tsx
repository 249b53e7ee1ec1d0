import { Anchor, Stack, Table, Text, Title } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatMoney, formatNumber } from '#app/lib/format.ts'
import { VAT_RATE_LABELS } from '#common/catalog/vat.ts'
import type { OrderDetails } from '#common/orders.ts'
import classes from './OrderLines.module.css'

const nowrap = { whiteSpace: 'nowrap' } as const
/** The columns a phone leaves out: the article, the price and the VAT go under the name there. */
const WIDE = 'sm'

/**
 * The order's lines as bought (prices and VAT copied on the day of the order), with the total and
 * the VAT in it. On a phone the table keeps the name, the quantity and the sum, and writes the
 * article, the price and the VAT under the name, so nothing scrolls sideways.
 */
export function OrderLines({ order }: { order: Pick<OrderDetails, 'lines' | 'totalKopecks' | 'vatKopecks'> }) {
  const totalRow = (label: string, fw: number | undefined, value: string, valueFw?: number) => (
    <Table.Tr>
      <Table.Th colSpan={5} ta="right" fw={fw} visibleFrom={WIDE}>
        {label}
      </Table.Th>
      <Table.Th colSpan={2} ta="right" fw={fw} hiddenFrom={WIDE}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={valueFw} style={nowrap}>
        {value}
      </Table.Td>
    </Table.Tr>
  )
  return (
    <Stack gap="sm" component="section" aria-labelledby="order-lines-title" className={classes.lines}>
      <Title order={2} size="h3" id="order-lines-title">
        Состав заказа
      </Title>
      <Table.ScrollContainer minWidth="var(--order-lines-min-width)" type="native">
        <Table verticalSpacing="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Товар</Table.Th>
              <Table.Th visibleFrom={WIDE}>Артикул</Table.Th>
              <Table.Th ta="right" style={nowrap}>
                Кол-во
              </Table.Th>
              <Table.Th ta="right" visibleFrom={WIDE}>
                Цена
              </Table.Th>
              <Table.Th visibleFrom={WIDE}>НДС</Table.Th>
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
                  <Text size="xs" c="dimmed" mt={4} hiddenFrom={WIDE} style={{ overflowWrap: 'anywhere' }}>
                    {line.sku && (
                      <>
                        Арт. {line.sku}
                        <br />
                      </>
                    )}
                    {formatMoney(line.priceKopecks)} за шт. · {VAT_RATE_LABELS[line.vatRate]}
                  </Text>
                  {line.serialNumbers.length > 0 && (
                    <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                      Серийные номера: {line.serialNumbers.join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }} visibleFrom={WIDE}>
                  {line.sku || '—'}
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatNumber(line.quantity)} шт.
                </Table.Td>
                <Table.Td ta="right" style={nowrap} visibleFrom={WIDE}>
                  {formatMoney(line.priceKopecks)}
                </Table.Td>
                <Table.Td style={nowrap} visibleFrom={WIDE}>
                  {VAT_RATE_LABELS[line.vatRate]}
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatMoney(line.amountKopecks)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {totalRow('Итого', undefined, formatMoney(order.totalKopecks), 700)}
            {totalRow(
              order.vatKopecks > 0 ? 'В том числе НДС' : 'НДС',
              400,
              order.vatKopecks > 0 ? formatMoney(order.vatKopecks) : 'не облагается',
            )}
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
