import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatDate, formatMoney, formatNumber } from '#app/lib/format.ts'
import { VAT_RATE_LABELS } from '#common/catalog/vat.ts'
import {
  type Justification,
  PROCUREMENT_LIMITS,
  PROCUREMENT_PURPOSE_LABELS,
  type ProcurementItem,
  type ProcurementOffer,
  type ProcurementTerms,
  procurementUnit,
} from '#common/procurement.ts'

/** The parts of a request's page both sides see, and the buyer's justification of the price. */

const wrap = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const
const nowrap = { whiteSpace: 'nowrap' } as const

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}

/**
 * A wide table scrolling sideways on a narrow screen: a region the keyboard can reach and scroll
 * (Mantine's scroll container is not focusable).
 */
export function WideTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  )
}

export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} download size="sm" fw={600}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={16} aria-hidden="true" />
        {children}
      </Group>
    </Anchor>
  )
}

/** The terms as a definition list: only what the buyer filled in. */
export function TermsSection({ request, specificationHref }: { request: ProcurementTerms; specificationHref: string }) {
  const rows: [string, ReactNode][] = [
    ['Основание', PROCUREMENT_PURPOSE_LABELS[request.purpose]],
    ['Заказчик', request.buyer.name],
    ['Ответить до', `${formatDate(request.deadline)} включительно`],
    ['Регион поставки', request.region],
    ['Адрес поставки', request.deliveryAddress],
    ['Желаемый срок поставки', request.deliveryTerm],
    ['Условия оплаты', request.paymentTerms],
    ['Контактное лицо', [request.contactName, request.contactPhone].filter(Boolean).join(', ')],
    ['Комментарий', request.comment],
    [
      'Техническое задание',
      request.specificationFileId ? <DownloadLink href={specificationHref}>Скачать PDF</DownloadLink> : '',
    ],
  ]
  return (
    <Section title="Условия">
      <Stack component="dl" gap={6} m={0}>
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <Group key={label} gap="xs" align="start" wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed" w={{ base: 120, sm: 200 }} style={{ flexShrink: 0 }}>
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={wrap}>
                {value}
              </Text>
            </Group>
          ))}
      </Stack>
    </Section>
  )
}

export function ItemName({ item }: { item: ProcurementItem }) {
  return (
    <Stack gap={2}>
      {item.productHref ? (
        <Anchor component={AppLink} to={item.productHref} size="sm" fw={600} style={wrap}>
          {item.name}
        </Anchor>
      ) : (
        <Text size="sm" fw={600} style={wrap}>
          {item.name}
        </Text>
      )}
      {item.characteristics && (
        <Text size="xs" c="dimmed" style={wrap}>
          {item.characteristics}
        </Text>
      )}
    </Stack>
  )
}

export const quantityText = (item: ProcurementItem) =>
  `${formatNumber(item.quantity)} ${procurementUnit(item.unit).symbol}`

/** The items asked, with a seller's prices beside them when `offer` is given. */
export function ItemsSection({ items, offer }: { items: ProcurementItem[]; offer?: ProcurementOffer | null }) {
  const prices = new Map(offer?.lines.map((l) => [l.itemId, l]))
  return (
    <Section title="Позиции">
      <WideTable label="Позиции запроса, таблица" minWidth={520}>
        <Table withTableBorder verticalSpacing="xs" aria-label="Позиции запроса">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>№</Table.Th>
              <Table.Th>Наименование и характеристики</Table.Th>
              <Table.Th ta="right">Количество</Table.Th>
              {offer && <Table.Th ta="right">Цена за ед. с НДС</Table.Th>}
              {offer && <Table.Th ta="right">Сумма</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const line = prices.get(item.id)
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.position}</Table.Td>
                  <Table.Td>
                    <ItemName item={item} />
                  </Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {quantityText(item)}
                  </Table.Td>
                  {offer && (
                    <Table.Td ta="right" style={nowrap}>
                      {line ? formatMoney(line.unitPriceKopecks) : '—'}
                      {line && (
                        <Text size="xs" c="dimmed">
                          {VAT_RATE_LABELS[line.vatRate]}
                        </Text>
                      )}
                    </Table.Td>
                  )}
                  {offer && (
                    <Table.Td ta="right" style={nowrap}>
                      {line ? formatMoney(line.unitPriceKopecks * item.quantity) : '—'}
                    </Table.Td>
                  )}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </WideTable>
      {offer && (
        <Text size="sm" fw={600} ta="right">
          Итого с НДС: {formatMoney(offer.totalKopecks)}
        </Text>
      )}
    </Section>
  )
}

/** The terms of a seller's answer, below its prices. */
export function OfferTerms({ offer }: { offer: ProcurementOffer }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        КП № {offer.offerNumber} · срок поставки: {offer.deliveryTerm} · действует до {formatDate(offer.validUntil)}
      </Text>
      <Text size="sm" c="dimmed">
        Подписант: {offer.signatoryName}, {offer.signatoryPosition}
      </Text>
      {offer.comment && (
        <Text size="sm" style={wrap}>
          {offer.comment}
        </Text>
      )}
    </Stack>
  )
}

const percent = (value: number) => `${formatNumber(value, 2)} %`

/**
 * The justification of the initial maximum contract price by the method of comparable market
 * prices: per item each supplier's price, the mean, the deviation, the coefficient of variation
 * (above 33 % the sample is not homogeneous) and НМЦК; what to do when it is not enough.
 */
export function JustificationSection({
  justification,
  items,
  downloads,
}: {
  justification: Justification
  items: ProcurementItem[]
  downloads: ReactNode
}) {
  const suppliers = justification.suppliers
  const byId = new Map(items.map((i) => [i.id, i]))
  return (
    <Section title="Обоснование НМЦК" actions={<Group gap="md">{downloads}</Group>}>
      <Text size="sm" c="dimmed">
        Метод сопоставимых рыночных цен (анализа рынка), методические рекомендации Минэкономразвития России (приказ от
        02.10.2013 № 567). Расчёт на {formatDate(justification.calculatedAt)}
      </Text>
      {justification.tooFewOffers && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title="Мало предложений">
          Для обоснования цены нужно не меньше {PROCUREMENT_LIMITS.minimumOffers} коммерческих предложений. Дождитесь
          ответов или направьте запрос другим поставщикам.
        </Alert>
      )}
      {justification.heterogeneous > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title="Совокупность цен неоднородна"
        >
          Коэффициент вариации выше {PROCUREMENT_LIMITS.homogeneousV} % по позициям, отмеченным в таблице. По методике
          такие цены нельзя использовать как есть: запросите дополнительные коммерческие предложения у других
          поставщиков или уточните характеристики позиции, чтобы предложения стали сопоставимы, и пересчитайте
          обоснование.
        </Alert>
      )}
      {justification.stalePrices && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title="Устаревшие цены">
          Некоторые цены получены больше {PROCUREMENT_LIMITS.freshMonths} месяцев назад: обновите их перед закупкой.
        </Alert>
      )}
      <WideTable label="Расчёт НМЦК, таблица" minWidth={640}>
        <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-label="Расчёт НМЦК по позициям">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Позиция</Table.Th>
              {suppliers.map((s) => (
                <Table.Th key={s.supplier} ta="right">
                  Поставщик {s.supplier}
                </Table.Th>
              ))}
              <Table.Th ta="right">Средняя цена</Table.Th>
              <Table.Th ta="right">Ст. отклонение</Table.Th>
              <Table.Th ta="right">V</Table.Th>
              <Table.Th ta="right">НМЦК</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {justification.items.map((row) => {
              const item = byId.get(row.itemId)
              const prices = new Map(row.prices.map((p) => [p.supplier, p]))
              return (
                <Table.Tr key={row.itemId}>
                  <Table.Td>
                    <Text size="sm" fw={600} style={wrap}>
                      {row.position}. {row.name}
                    </Text>
                    {item && (
                      <Text size="xs" c="dimmed">
                        {quantityText(item)}
                      </Text>
                    )}
                  </Table.Td>
                  {suppliers.map((s) => {
                    const price = prices.get(s.supplier)
                    return (
                      <Table.Td key={s.supplier} ta="right" style={nowrap}>
                        {price ? formatMoney(price.unitPriceKopecks) : '—'}
                        {price?.stale && (
                          <Badge color="orange" variant="light" size="xs" display="block" ml="auto">
                            старше 6 мес.
                          </Badge>
                        )}
                      </Table.Td>
                    )
                  })}
                  <Table.Td ta="right" style={nowrap}>
                    {row.meanKopecks === null ? '—' : formatMoney(row.meanKopecks)}
                  </Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {row.deviationKopecks === null ? '—' : formatMoney(row.deviationKopecks)}
                  </Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {row.variationPercent === null ? '—' : percent(row.variationPercent)}
                    {row.homogeneous === false && (
                      <Badge color="red" variant="light" size="xs" display="block" ml="auto">
                        выше {PROCUREMENT_LIMITS.homogeneousV} %
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={nowrap} fw={600}>
                    {row.nmckKopecks === null ? '—' : formatMoney(row.nmckKopecks)}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </WideTable>
      <Text fw={700} ta="right">
        НМЦК: {justification.totalKopecks === null ? 'не все позиции оценены' : formatMoney(justification.totalKopecks)}
      </Text>
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          Поставщики
        </Text>
        {suppliers.map((s) => (
          <Text key={s.supplier} size="sm">
            Поставщик {s.supplier} — {s.name}, ИНН {s.inn}, КП № {s.offerNumber} от {formatDate(s.offeredOn)}
          </Text>
        ))}
      </Stack>
    </Section>
  )
}
