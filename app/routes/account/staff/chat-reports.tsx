import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { data, useFetcher } from 'react-router'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, staffActionFailure, type StaffActionResult, staffContext } from '#app/lib/staff-access.ts'
import { CHAT_MESSAGES, type ChatReportStatus } from '#common/chat.ts'
import type { Route } from './+types/chat-reports'
import { StatusFilter } from '#app/components/lists/StatusFilter.tsx'
import { ActionError } from '#app/components/staff/ActionError.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const search = searchOf(request)
  const status: ChatReportStatus = search.status === 'resolved' ? 'resolved' : 'open'
  const reports = await loadOrFail(request, () => app.services.chat.safety.listReports(app.ctx, { status }))
  return { reports: reports.items, status }
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = staffContext(context)
  if (!app) throw data('Войдите, чтобы продолжить', { status: 401 })
  const form = await request.formData()
  try {
    await app.services.chat.safety.resolveReport(app.ctx, String(form.get('id') ?? ''))
    return { ok: true, message: 'Жалоба закрыта' } satisfies StaffActionResult
  } catch (error) {
    return staffActionFailure(error)
  }
}

const FILTERS: { value: ChatReportStatus; label: string }[] = [
  { value: 'open', label: 'Новые' },
  { value: 'resolved', label: 'Закрытые' },
]

function ResolveForm({ id }: { id: string }) {
  const fetcher = useFetcher<StaffActionResult>()
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <Stack gap={4}>
        <Button type="submit" size="compact-sm" variant="light" loading={fetcher.state !== 'idle'}>
          Закрыть жалобу
        </Button>
        <ActionError result={fetcher.data} />
      </Stack>
    </fetcher.Form>
  )
}

/** /personal-account/staff/chat-reports: members' complaints about messages, with the message itself. */
export default function StaffChatReports({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  const { reports, status } = loaderData
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} size="h3">
            Жалобы на сообщения
          </Title>
          <Text size="sm" c="dimmed">
            Участники чатов жалуются на чужие сообщения. Сообщение показано так, как его отправили, даже если автор
            потом изменил или удалил его.
          </Text>
        </Stack>
        <StatusFilter filters={FILTERS} current={status} hrefOf={(value) => `?status=${value}`} />
      </Group>
      {reports.length === 0 ? (
        <EmptyState title={status === 'open' ? 'Новых жалоб нет' : 'Закрытых жалоб нет'}>
          Жалобы появляются, когда участник чата отмечает чужое сообщение как нарушение.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing="sm" aria-label="Жалобы на сообщения">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Получена</Table.Th>
                <Table.Th>Кто пожаловался</Table.Th>
                <Table.Th>Сообщение</Table.Th>
                <Table.Th>Причина</Table.Th>
                <Table.Th w={170}>{status === 'open' ? 'Действие' : 'Закрыта'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.map((report) => (
                <Table.Tr key={report.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeNumeric(report.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{report.reporter.name}</Text>
                    <Text size="xs" c="dimmed">
                      {report.reporter.organizationName}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={380}>
                    <Text size="xs" c="dimmed">
                      {report.message.author
                        ? `${report.message.author.name}, ${report.message.author.organizationName}`
                        : 'Системное сообщение'}{' '}
                      · {formatDateTimeNumeric(report.message.createdAt)}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {report.message.content || (report.message.files.length ? 'Вложение' : '')}
                    </Text>
                    {report.message.deletedAt && (
                      <Badge color="gray" variant="light" mt={4}>
                        {CHAT_MESSAGES.deleted}
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed" mt={4}>
                      Чат: {report.room.sides.join(' — ')}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {report.reason}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {status === 'open' ? (
                      <ResolveForm id={report.id} />
                    ) : (
                      <Text size="sm">{report.resolvedAt ? formatDateTimeNumeric(report.resolvedAt) : '—'}</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
