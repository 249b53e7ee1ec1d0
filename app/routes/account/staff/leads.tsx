import { Anchor, Button, Group, NativeSelect, Spoiler, Stack, Table, Text, Title } from '@mantine/core'
import { data, useFetcher } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, staffActionFailure, type StaffActionResult, staffContext } from '#app/lib/staff-access.ts'
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '#common/staff.ts'
import type { Route } from './+types/leads'
import { StatusFilter } from '#app/components/lists/StatusFilter.tsx'
import { ActionError } from '#app/components/staff/ActionError.tsx'
import { quote } from '#common/format.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const search = searchOf(request)
  const page = await loadOrFail(request, () => app.services.leads.list(app.ctx, search))
  return { page, status: (search.status ?? '') as LeadStatus | '' }
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = staffContext(context)
  if (!app) throw data('Войдите, чтобы продолжить', { status: 401 })
  const form = await request.formData()
  const id = String(form.get('id') ?? '')
  try {
    const lead = await app.services.leads.setStatus(app.ctx, id, { status: form.get('status') })
    return { ok: true, message: `Статус: ${LEAD_STATUS_LABELS[lead.status]}` } satisfies StaffActionResult
  } catch (error) {
    return staffActionFailure(error)
  }
}

const FILTERS: { value: LeadStatus | ''; label: string }[] = [
  { value: '', label: 'Все' },
  ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })),
]

/** Changes the status right away with JavaScript; without it, the «Сохранить» button sends the form. */
function StatusForm({ id, status }: { id: string; status: LeadStatus }) {
  const fetcher = useFetcher<StaffActionResult>()
  const pending = fetcher.state !== 'idle'
  const shown = (pending ? (fetcher.formData?.get('status') as LeadStatus | null) : null) ?? status
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <Stack gap={4}>
        <NativeSelect
          name="status"
          size="xs"
          aria-label="Статус заявки"
          value={shown}
          disabled={pending}
          data={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
          onChange={(e) => fetcher.submit(e.currentTarget.form)}
        />
        <noscript>
          <Button type="submit" size="compact-xs" variant="default">
            Сохранить
          </Button>
        </noscript>
        <ActionError result={fetcher.data} />
      </Stack>
    </fetcher.Form>
  )
}

export default function StaffLeads({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  const { page, status } = loaderData
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={2} size="h3">
          Заявки с форм платформы
        </Title>
        <StatusFilter filters={FILTERS} current={status} hrefOf={(value) => (value ? `?status=${value}` : '.')} />
      </Group>

      {page.items.length === 0 ? (
        <EmptyState title={status ? `Заявок в статусе ${quote(LEAD_STATUS_LABELS[status])} нет` : 'Заявок пока нет'}>
          Заявки приходят с форм страниц сервисов платформы: ремонт, обучение, страхование и другие.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Заявки">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Получена</Table.Th>
                <Table.Th>Кто</Table.Th>
                <Table.Th>Контакты</Table.Th>
                <Table.Th>Сообщение</Table.Th>
                <Table.Th w={170}>Статус</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.items.map((lead) => (
                <Table.Tr key={lead.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateTimeNumeric(lead.createdAt)}</Text>
                    <Anchor component={AppLink} to={lead.sourcePath} size="xs">
                      {lead.sourcePath}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {lead.name}
                    </Text>
                    {lead.organization && (
                      <Text size="xs" c="dimmed">
                        {lead.organization}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor href={`tel:${lead.phone}`} size="sm" display="block">
                      {lead.phone}
                    </Anchor>
                    <Anchor href={`mailto:${lead.email}`} size="sm">
                      {lead.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td maw={380}>
                    <Spoiler maxHeight={60} showLabel="Показать полностью" hideLabel="Свернуть">
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {lead.message}
                      </Text>
                    </Spoiler>
                  </Table.Td>
                  <Table.Td>
                    <div style={{ marginBottom: 6 }}>
                      <StatusBadge lifecycle="lead" status={lead.status} />
                    </div>
                    <StatusForm id={lead.id} status={lead.status} />
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
