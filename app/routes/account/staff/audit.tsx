import { Button, Code, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { Form } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { FailedJobs } from '#app/components/staff/FailedJobs.tsx'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, staffContext } from '#app/lib/staff-access.ts'
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_DETAIL_LABELS,
  auditActionLabel,
  auditDetailLabel,
  auditTargetLabel,
  auditValueLabel,
} from '#common/staff-labels.ts'
import type { Route } from './+types/audit'
import { quote } from '#common/format.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const search = searchOf(request)
  const [page, failedJobs] = await loadOrFail(request, () =>
    Promise.all([
      app.services.audit.list(app.ctx, search),
      app.services.jobs.listForStaff(app.ctx, { status: 'failed' }),
    ]),
  )
  return { page, action: search.action ?? '', failedJobs }
}

/** Each group, then its actions: the log filters by a code's start or by the whole code. */
const ACTION_FILTER = [
  { value: '', label: 'Все действия' },
  ...AUDIT_ACTION_GROUPS.map(({ prefix, label }) => ({
    group: label,
    items: [
      { value: prefix, label: `${label}: все` },
      ...Object.entries(AUDIT_ACTION_LABELS)
        .filter(([code]) => code.slice(0, code.lastIndexOf('.')) === prefix)
        .map(([value, name]) => ({ value, label: name })),
    ],
  })),
]

const actionFilterLabel = (action: string) =>
  AUDIT_ACTION_GROUPS.find((g) => g.prefix === action)?.label ?? auditActionLabel(action)

/** «Было» before «Стало», then the rest in the labels' order (the database keeps its own). */
const DETAIL_ORDER = Object.keys(AUDIT_DETAIL_LABELS)
const detailOrder = (key: string) => {
  const at = DETAIL_ORDER.indexOf(key)
  return at < 0 ? DETAIL_ORDER.length : at
}

/** Details as compact «name: value» lines, in Russian where the value is a code (a status, a role). */
function Details({ value, targetType }: { value: unknown; targetType: string }) {
  if (!value || typeof value !== 'object' || Object.keys(value).length === 0) return null
  const lines = Object.entries(value as Record<string, unknown>)
    .sort(([a], [b]) => detailOrder(a) - detailOrder(b))
    .map(
      ([k, v]) =>
        `${auditDetailLabel(k)}: ${typeof v === 'string' ? auditValueLabel(targetType, v) : JSON.stringify(v)}`,
    )
  return (
    <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {lines.join('\n')}
    </Code>
  )
}

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  const { page, action, failedJobs } = loaderData
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={2} size="h3">
          Журнал действий
        </Title>
        <Form method="get" role="search" aria-label="Фильтр журнала">
          <Group gap={6} align="end" wrap="nowrap">
            <NativeSelect name="action" label="Действие" data={ACTION_FILTER} defaultValue={action} size="xs" w={280} />
            <Button type="submit" size="xs" variant="default" leftSection={<IconSearch size={14} aria-hidden="true" />}>
              Найти
            </Button>
          </Group>
        </Form>
      </Group>
      {page.items.length === 0 ? (
        <EmptyState title={action ? `Нет записей: ${quote(actionFilterLabel(action))}` : 'Журнал пуст'}>
          {action ? (
            <AppLink to=".">Показать все записи</AppLink>
          ) : (
            'Здесь появятся действия сотрудников и события безопасности учётных записей.'
          )}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs" aria-label="Журнал действий">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Когда</Table.Th>
                <Table.Th>Кто</Table.Th>
                <Table.Th>Действие</Table.Th>
                <Table.Th>Объект</Table.Th>
                <Table.Th>Подробности</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateTimeNumeric(entry.createdAt)}</Text>
                    {entry.ip && (
                      <Text size="xs" c="dimmed">
                        {entry.ip}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {entry.actor ? (
                      <>
                        <Text size="sm">{entry.actor.name}</Text>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {entry.actor.email}
                        </Text>
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Система
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" title={entry.action}>
                      {auditActionLabel(entry.action)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{auditTargetLabel(entry.targetType)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {entry.targetId}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={320}>
                    <Details value={entry.details} targetType={entry.targetType} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager page={page.page} pageSize={page.pageSize} total={page.total} />
      <FailedJobs jobs={failedJobs.items.slice(0, 10)} total={failedJobs.total} />
    </Stack>
  )
}
