import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { ResponsiveRows as Rows } from '#app/components/lists/ResponsiveRows.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatCount, formatDate, formatMoney } from '#app/lib/format.ts'
import {
  CABINET_ORDER_SIDE_LABELS,
  type CabinetOfferItem,
  type CabinetOrderItem,
  type CabinetProposalItem,
  type CabinetRequestItem,
} from '#common/exchange/cabinet.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { REQUEST_STATUS_LABELS } from '#common/exchange/requests.ts'
import { formatServicePrice, SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { regionName } from '#common/regions.ts'

/**
 * The rows of the exchange cabinet's tabs: a table from tablets up, a card per row on a phone,
 * the same links and words in both.
 */

const nowrap = { whiteSpace: 'nowrap' } as const
const wrap = { overflowWrap: 'anywhere' } as const
const PROPOSAL_FORMS = ['предложение', 'предложения', 'предложений'] as const

const Dimmed = ({ children }: { children: ReactNode }) => (
  <Text span size="sm" c="dimmed">
    {children}
  </Text>
)

const period = (startsOn: string, endsOn: string) =>
  startsOn === endsOn ? formatDate(startsOn) : `${formatDate(startsOn)} — ${formatDate(endsOn)}`

// ---- My requests ----

function RequestLink({ request }: { request: CabinetRequestItem }) {
  const to =
    request.status === 'draft' ? exchangeLinks.newRequest(request.number) : exchangeLinks.request(request.number)
  return (
    <Stack gap={0}>
      <Anchor component={AppLink} to={to} fw={600} style={wrap}>
        {request.title || 'Без названия'}
      </Anchor>
      <Text size="xs" c="dimmed" style={nowrap}>
        № {request.number}
      </Text>
    </Stack>
  )
}

function proposalsText(request: CabinetRequestItem): string {
  if (request.status === 'draft') return 'Не опубликована'
  if (request.proposalCount === 0) return 'Предложений пока нет'
  const count = formatCount(request.proposalCount, PROPOSAL_FORMS)
  return request.lastProposalAt ? `${count}, последнее ${formatDate(request.lastProposalAt)}` : count
}

export function RequestRows({ items }: { items: CabinetRequestItem[] }) {
  return (
    <Rows
      items={items}
      caption="Мои заявки"
      keyOf={(r) => r.id}
      columns={[
        { label: 'Заявка', cell: (r) => <RequestLink request={r} /> },
        { label: 'Вид работ', cell: (r) => SERVICE_TYPE_LABELS[r.type] },
        { label: 'Предложения', cell: (r) => proposalsText(r) },
        { label: 'Приём до', cell: (r) => (r.proposalsDeadline ? formatDate(r.proposalsDeadline) : '—') },
        { label: 'Статус', cell: (r) => <StatusBadge lifecycle="serviceRequest" status={r.status} /> },
      ]}
      title={(r) => <RequestLink request={r} />}
      badge={(r) => <StatusBadge lifecycle="serviceRequest" status={r.status} />}
      lines={(r) => [
        SERVICE_TYPE_LABELS[r.type],
        proposalsText(r),
        ...(r.proposalsDeadline
          ? [<Dimmed key="d">Приём предложений до {formatDate(r.proposalsDeadline)}</Dimmed>]
          : []),
      ]}
    />
  )
}

// ---- My proposals ----

function ProposalLink({ proposal }: { proposal: CabinetProposalItem }) {
  return (
    <Stack gap={0}>
      <Anchor component={AppLink} to={exchangeLinks.request(proposal.request.number)} fw={600} style={wrap}>
        {proposal.request.title || 'Без названия'}
      </Anchor>
      <Text size="xs" c="dimmed">
        № {proposal.request.number} · {proposal.request.customerName}
      </Text>
    </Stack>
  )
}

export function ProposalRows({ items }: { items: CabinetProposalItem[] }) {
  return (
    <Rows
      items={items}
      caption="Мои предложения"
      keyOf={(p) => p.id}
      columns={[
        { label: 'Заявка', cell: (p) => <ProposalLink proposal={p} /> },
        { label: 'Сроки', cell: (p) => period(p.startsOn, p.endsOn) },
        { label: 'Заявка сейчас', cell: (p) => REQUEST_STATUS_LABELS[p.request.status] },
        { label: 'Цена', align: 'right', cell: (p) => <span style={nowrap}>{formatMoney(p.priceKopecks)}</span> },
        { label: 'Статус', cell: (p) => <StatusBadge lifecycle="serviceProposal" status={p.status} /> },
      ]}
      title={(p) => <ProposalLink proposal={p} />}
      badge={(p) => <StatusBadge lifecycle="serviceProposal" status={p.status} />}
      lines={(p) => [
        <>
          <Dimmed>Цена: </Dimmed>
          <b>{formatMoney(p.priceKopecks)}</b>
        </>,
        <>
          <Dimmed>Сроки: </Dimmed>
          {period(p.startsOn, p.endsOn)}
        </>,
        <Dimmed key="s">Заявка: {REQUEST_STATUS_LABELS[p.request.status].toLowerCase()}</Dimmed>,
      ]}
    />
  )
}

// ---- My offers ----

function regionsText(offer: CabinetOfferItem): string {
  if (offer.nationwide) return 'Вся Россия'
  if (offer.regions.length === 0) return 'Регионы не указаны'
  const names = offer.regions.slice(0, 2).map(regionName).join(', ')
  return offer.regions.length > 2 ? `${names} и ещё ${offer.regions.length - 2}` : names
}

function OfferLink({ offer }: { offer: CabinetOfferItem }) {
  return (
    <Stack gap={0}>
      <Anchor component={AppLink} to={exchangeLinks.offer(offer.id)} fw={600} style={wrap}>
        {offer.title || 'Без названия'}
      </Anchor>
      <Text size="xs" c="dimmed">
        {SERVICE_TYPE_LABELS[offer.type]}
      </Text>
    </Stack>
  )
}

function OfferState({ offer }: { offer: CabinetOfferItem }) {
  return (
    <Group gap={4} wrap="wrap" justify="end">
      {offer.published && (
        <Badge color="indigo" variant="outline">
          На бирже
        </Badge>
      )}
      {/* An approved copy is the published version: the «На бирже» mark says it. */}
      {!(offer.published && offer.status === 'approved') && (
        <StatusBadge lifecycle="serviceOffer" status={offer.status} />
      )}
    </Group>
  )
}

export function OfferRows({ items }: { items: CabinetOfferItem[] }) {
  return (
    <Rows
      items={items}
      caption="Мои услуги"
      keyOf={(o) => o.id}
      columns={[
        {
          label: 'Услуга',
          cell: (o) => (
            <Stack gap={4}>
              <OfferLink offer={o} />
              {o.status === 'needFixes' && o.staffComment && (
                // Mantine's orange.9 has 4.3:1 on white; the accent's darkest shade keeps small text over 4.5:1.
                <Text size="xs" c="accent.9" style={wrap}>
                  Модератор: {o.staffComment}
                </Text>
              )}
            </Stack>
          ),
        },
        { label: 'Регионы', cell: (o) => regionsText(o) },
        { label: 'Цена', cell: (o) => formatServicePrice(o.priceFromKopecks, o.priceUnit) },
        { label: 'Изменена', cell: (o) => <span style={nowrap}>{formatDate(o.updatedAt)}</span> },
        { label: 'Состояние', cell: (o) => <OfferState offer={o} /> },
      ]}
      title={(o) => <OfferLink offer={o} />}
      badge={(o) => <OfferState offer={o} />}
      lines={(o) => [
        regionsText(o),
        formatServicePrice(o.priceFromKopecks, o.priceUnit),
        ...(o.status === 'needFixes' && o.staffComment ? [`Модератор: ${o.staffComment}`] : []),
      ]}
    />
  )
}

// ---- Service orders ----

function OrderLink({ order }: { order: CabinetOrderItem }) {
  return (
    <Stack gap={0}>
      <Anchor component={AppLink} to={exchangeLinks.serviceOrder(order.side, order.number)} fw={600} style={wrap}>
        {order.title}
      </Anchor>
      <Text size="xs" c="dimmed" style={nowrap}>
        № {order.number}
      </Text>
    </Stack>
  )
}

export function OrderRows({ items }: { items: CabinetOrderItem[] }) {
  const counterpartOf = (o: CabinetOrderItem) =>
    `${o.side === 'purchase' ? 'Исполнитель' : 'Заказчик'}: ${o.counterpartName}`
  return (
    <Rows
      items={items}
      caption="Заказы услуг"
      keyOf={(o) => o.number}
      columns={[
        { label: 'Заказ', cell: (o) => <OrderLink order={o} /> },
        {
          label: 'Сторона',
          cell: (o) => (
            <Stack gap={0}>
              <Text size="sm">{CABINET_ORDER_SIDE_LABELS[o.side]}</Text>
              <Text size="xs" c="dimmed" style={wrap}>
                {counterpartOf(o)}
              </Text>
            </Stack>
          ),
        },
        { label: 'Сроки', cell: (o) => period(o.startsOn, o.endsOn) },
        { label: 'Цена', align: 'right', cell: (o) => <span style={nowrap}>{formatMoney(o.priceKopecks)}</span> },
        { label: 'Статус', cell: (o) => <StatusBadge lifecycle="serviceOrder" status={o.status} /> },
      ]}
      title={(o) => <OrderLink order={o} />}
      badge={(o) => <StatusBadge lifecycle="serviceOrder" status={o.status} />}
      lines={(o) => [
        `${CABINET_ORDER_SIDE_LABELS[o.side]} · ${counterpartOf(o)}`,
        <>
          <Dimmed>Сроки: </Dimmed>
          {period(o.startsOn, o.endsOn)}
        </>,
        <b key="p">{formatMoney(o.priceKopecks)}</b>,
      ]}
    />
  )
}
