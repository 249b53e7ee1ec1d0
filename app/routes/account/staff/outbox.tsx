import { Badge, Spoiler, Stack, Table, Text, Title } from '@mantine/core'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, staffContext } from '#app/lib/staff-access.ts'
import { emailKindLabel } from '#common/staff-labels.ts'
import type { Route } from './+types/outbox'

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const search = searchOf(request)
  return { page: await loadOrFail(request, () => app.services.mail.listOutbox(app.ctx, search)) }
}

/** Without SMTP_URL nothing is sent: the outbox is then where staff read what the platform wrote. */
function DeliveryBadge({ sentAt, error }: { sentAt: Date | null; error: string | null }) {
  if (sentAt)
    return (
      <Badge color="teal" variant="light">
        Отправлено {formatDateTimeNumeric(sentAt)}
      </Badge>
    )
  if (error) {
    return (
      <Stack gap={2}>
        <Badge color="red" variant="light">
          Ошибка отправки
        </Badge>
        <Text size="xs" c="red.8" style={{ wordBreak: 'break-word' }}>
          {error}
        </Text>
      </Stack>
    )
  }
  return (
    <Badge color="gray" variant="light">
      Не отправлялось
    </Badge>
  )
}

export default function StaffOutbox({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  const { page } = loaderData
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          Исходящие письма
        </Title>
        <Text size="sm" c="dimmed">
          Все письма платформы сохраняются здесь. Одноразовые ссылки и коды скрыты: они только для получателя.
        </Text>
      </Stack>
      {page.items.length === 0 ? (
        <EmptyState title="Писем пока нет">
          Письма появятся после регистрации, смены пароля или решений по заявкам.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped verticalSpacing="sm" aria-label="Исходящие письма">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Создано</Table.Th>
                <Table.Th>Кому</Table.Th>
                <Table.Th>Письмо</Table.Th>
                <Table.Th w={190}>Доставка</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.items.map((mail) => (
                <Table.Tr key={mail.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeNumeric(mail.createdAt)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Text size="sm">{mail.to}</Text>
                    <Text size="xs" c="dimmed" title={mail.kind}>
                      {emailKindLabel(mail.kind)}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={420}>
                    <Text size="sm" fw={500}>
                      {mail.subject}
                    </Text>
                    <Spoiler maxHeight={44} showLabel="Показать текст" hideLabel="Свернуть">
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {mail.text}
                      </Text>
                    </Spoiler>
                  </Table.Td>
                  <Table.Td>
                    <DeliveryBadge sentAt={mail.sentAt} error={mail.error} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager page={page.page} pageSize={page.pageSize} total={page.total} />
    </Stack>
  )
}
