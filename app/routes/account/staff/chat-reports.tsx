import { Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { data, useFetcher } from 'react-router'
import { EmptyState } from '#app/components/staff/EmptyState.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, staffActionFailure, type StaffActionResult, staffContext } from '#app/lib/staff-access.ts'
import { CHAT_MESSAGES, type ChatReportStatus } from '#common/chat.ts'
import { formatFileSize } from '#common/files.ts'
import type { Route } from './+types/chat-reports'

/** /personal-account/staff/chat-reports: complaints about chat messages, open ones first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const search = searchOf(request)
  const status: ChatReportStatus = search.status === 'resolved' ? 'resolved' : 'open'
  const { items } = await loadOrFail(request, () => app.services.chat.safety.listReports(app.ctx, { status }))
  return { items, status }
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
  { value: 'open', label: 'Открытые' },
  { value: 'resolved', label: 'Закрытые' },
]

function ResolveForm({ id }: { id: string }) {
  const fetcher = useFetcher<StaffActionResult>()
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="compact-sm" variant="light" loading={fetcher.state !== 'idle'}>
        Закрыть жалобу
      </Button>
      {fetcher.data && !fetcher.data.ok && (
        <Text size="xs" c="red.8" role="alert">
          {fetcher.data.message}
        </Text>
      )}
    </fetcher.Form>
  )
}

export default function StaffChatReports({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  const { items, status } = loaderData
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={2} size="h3">
          Жалобы на сообщения чата
        </Title>
        <Group gap={6} role="group" aria-label="Фильтр по статусу">
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              component={AppLink}
              to={f.value === 'open' ? '.' : `?status=${f.value}`}
              size="compact-sm"
              variant={status === f.value ? 'light' : 'subtle'}
              aria-current={status === f.value ? 'true' : undefined}
            >
              {f.label}
            </Button>
          ))}
        </Group>
      </Group>
      {items.length === 0 ? (
        <EmptyState title={status === 'open' ? 'Открытых жалоб нет' : 'Закрытых жалоб нет'}>
          Участники жалуются на сообщения из меню сообщения в чате.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm" aria-label="Жалобы">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Получена</Table.Th>
                <Table.Th>Кто пожаловался</Table.Th>
                <Table.Th>Причина</Table.Th>
                <Table.Th>Сообщение</Table.Th>
                {status === 'open' && <Table.Th w={170}>Действие</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((report) => (
                <Table.Tr key={report.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateTimeNumeric(report.createdAt)}</Text>
                    {report.resolvedAt && (
                      <Text size="xs" c="dimmed">
                        закрыта {formatDateTimeNumeric(report.resolvedAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {report.reporter.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {report.reporter.organizationName}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={280}>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {report.reason}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={380}>
                    <Text size="xs" c="dimmed">
                      {report.message.author
                        ? `${report.message.author.name}, ${report.message.author.organizationName}`
                        : 'Система'}{' '}
                      · {formatDateTimeNumeric(report.message.createdAt)} · чат «{report.room.sides.join(' — ')}»
                    </Text>
                    {report.message.deletedAt ? (
                      <Text size="sm" fs="italic">
                        {CHAT_MESSAGES.deleted}
                      </Text>
                    ) : (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {report.message.content}
                      </Text>
                    )}
                    {/* The files themselves are the room's members' only: staff see what was attached. */}
                    {report.message.files.map((file) => (
                      <Text key={file.id} size="xs" c="dimmed">
                        Вложение: {file.name}, {formatFileSize(file.size)}
                      </Text>
                    ))}
                  </Table.Td>
                  {status === 'open' && (
                    <Table.Td>
                      <ResolveForm id={report.id} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
