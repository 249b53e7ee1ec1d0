import { Alert, Anchor, Box, Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { IconCircleCheck, IconInbox } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatMoney, formatNumber } from '#app/lib/format.ts'
import { formatCount } from '#common/format.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import type { ProposalView, RequestProposals } from '#common/exchange/proposals.ts'
import { type Deciding, DecisionModals, ProposalDecisionButtons } from './ProposalDecisions.tsx'
import { PRE, proposalDates, ProposalFiles, ProposalRevisions } from './ProposalFacts.tsx'
import type { ProposalActionState } from './proposal-state.tsx'

/** One line of the comparison: its name and what each proposal shows there. */
interface Line {
  label: string
  cell: (p: ProposalView) => ReactNode
}

function StatusCell({ proposal }: { proposal: ProposalView }) {
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge lifecycle="serviceProposal" status={proposal.status} />
      {proposal.rejectReason && (
        <Text size="xs" style={PRE}>
          Причина: {proposal.rejectReason}
        </Text>
      )}
      {proposal.serviceOrderNumber && (
        <Anchor component={AppLink} to={exchangeLinks.serviceOrder('purchase', proposal.serviceOrderNumber)} size="sm">
          Заказ № {proposal.serviceOrderNumber}
        </Anchor>
      )}
    </Stack>
  )
}

/** The executor's record: customers' rating and completed service orders, or that it has none yet. */
function RecordCell({ vendor }: { vendor: ProposalView['vendor'] }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        {vendor.rating.count > 0
          ? `★ ${formatNumber(vendor.rating.average, 1)} · ${formatCount(vendor.rating.count, ['отзыв', 'отзыва', 'отзывов'])}`
          : 'Отзывов пока нет'}
      </Text>
      <Text size="sm" c="dimmed">
        {vendor.completedOrders > 0
          ? `Выполнено ${formatCount(vendor.completedOrders, ['заказ', 'заказа', 'заказов'])}`
          : 'Выполненных заказов пока нет'}
      </Text>
    </Stack>
  )
}

const text = (value: string) =>
  value ? (
    <Text size="sm" style={PRE}>
      {value}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  )

/**
 * «Сравнение предложений»: on a desktop a table with a column per proposal (vendor, price,
 * dates, terms, message, files, versions, status, the decisions), on a phone a card each. The
 * customer accepts, rejects or asks a question from either.
 */
export function ProposalsComparison({
  data,
  state,
}: {
  data: Pick<RequestProposals, 'proposals' | 'canDecide' | 'request'>
  state: ProposalActionState
}) {
  const { proposals, canDecide, request } = data
  const { result } = state
  const refused = result && !result.ok ? result : undefined
  const [deciding, setDeciding] = useState<Deciding>(() => {
    const proposal = proposals.find((p) => p.id === refused?.values.proposalId)
    const kind = refused?.values.intent
    return proposal && (kind === 'accept' || kind === 'reject') ? { kind, proposal } : null
  })
  // A decision that went through closes its modal (adjusted while rendering the new answer).
  const [answered, setAnswered] = useState(result)
  if (answered !== result) {
    setAnswered(result)
    if (result?.ok) setDeciding(null)
  }

  const lines: Line[] = [
    {
      label: 'Исполнитель',
      cell: (p) => (
        <Anchor component={AppLink} to={exchangeLinks.sellerServices(p.vendor.slug)} size="sm" fw={600} style={PRE}>
          {p.vendor.name}
        </Anchor>
      ),
    },
    {
      label: 'Цена',
      cell: (p) => (
        <Text size="sm" fw={600}>
          {formatMoney(p.priceKopecks)}
        </Text>
      ),
    },
    { label: 'Рейтинг и опыт', cell: (p) => <RecordCell vendor={p.vendor} /> },
    { label: 'Сроки', cell: (p) => <Text size="sm">{proposalDates(p)}</Text> },
    { label: 'Условия', cell: (p) => text(p.terms) },
    { label: 'Сообщение', cell: (p) => text(p.message) },
    { label: 'Файлы', cell: (p) => <ProposalFiles proposalId={p.id} files={p.files} /> },
    {
      label: 'Версии',
      cell: (p) => (
        <Stack gap={4}>
          <Text size="sm">Версия {p.revision}</Text>
          <ProposalRevisions proposal={p} />
        </Stack>
      ),
    },
    { label: 'Статус', cell: (p) => <StatusCell proposal={p} /> },
  ]
  const decisions = (p: ProposalView) => (
    <ProposalDecisionButtons proposal={p} state={state} decidable={canDecide} onDecide={setDeciding} />
  )

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="proposals-comparison-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="proposals-comparison-title">
          Сравнение предложений
        </Title>
        {result?.ok && result.serviceOrderNumber && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden="true" />} title={result.message}>
            <Button
              component={AppLink}
              to={exchangeLinks.serviceOrder('purchase', result.serviceOrderNumber)}
              variant="light"
              size="sm"
            >
              Перейти к заказу № {result.serviceOrderNumber}
            </Button>
          </Alert>
        )}
        {proposals.length === 0 ? (
          <Stack align="center" gap="xs" py="lg">
            <IconInbox size={36} aria-hidden="true" />
            <Text fw={600}>Предложений пока нет</Text>
            <Text size="sm" c="dimmed" ta="center">
              Исполнители с подходящими услугами увидят заявку на бирже. Когда они ответят, предложения появятся здесь,
              а вам придёт письмо.
            </Text>
          </Stack>
        ) : (
          <>
            <Box visibleFrom="md">
              <Table.ScrollContainer minWidth={220 + proposals.length * 240}>
                <Table withColumnBorders verticalSpacing="sm" layout="fixed">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col" w={160}>
                        <VisuallyHidden>Показатель</VisuallyHidden>
                      </Table.Th>
                      {proposals.map((p) => (
                        <Table.Th key={p.id} scope="col" style={PRE}>
                          {p.vendor.name}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines.slice(1).map((line) => (
                      <Table.Tr key={line.label}>
                        <Table.Th scope="row">{line.label}</Table.Th>
                        {proposals.map((p) => (
                          <Table.Td key={p.id} style={{ verticalAlign: 'top' }}>
                            {line.cell(p)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                    <Table.Tr>
                      <Table.Th scope="row">Услуги исполнителя</Table.Th>
                      {proposals.map((p) => (
                        <Table.Td key={p.id}>{lines[0]!.cell(p)}</Table.Td>
                      ))}
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th scope="row">Действия</Table.Th>
                      {proposals.map((p) => (
                        <Table.Td key={p.id} style={{ verticalAlign: 'top' }}>
                          {decisions(p)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Box>
            <Stack hiddenFrom="md" gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {proposals.map((p) => (
                <Paper key={p.id} component="li" withBorder p="sm">
                  <Stack gap="xs">
                    {lines.map((line) => (
                      <div key={line.label}>
                        <Text size="xs" c="dimmed">
                          {line.label}
                        </Text>
                        {line.cell(p)}
                      </div>
                    ))}
                    {decisions(p)}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      <DecisionModals
        deciding={deciding}
        state={state}
        allowSeveral={request.allowSeveral}
        onClose={() => setDeciding(null)}
      />
    </Paper>
  )
}
