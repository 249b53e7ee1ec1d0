import { RegisterCheck } from '#app/components/staff/RegisterCheck.tsx'
import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core'
import { IconFileText } from '@tabler/icons-react'
import { useFetcher, useLocation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import {
  searchOf,
  SIGN_IN_FIRST,
  staffActionFailure,
  type StaffActionResult,
  staffContext,
} from '#app/lib/staff-access.ts'
import { formatFileSize } from '#common/files.ts'
import {
  ROLE_LABELS,
  VERIFICATION_LABELS,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '#common/organizations.ts'
import type { Route } from './+types/verifications'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { StatusFilter } from '#app/components/lists/StatusFilter.tsx'
import { quote } from '#common/format.ts'

/** The queue starts at what waits for staff: roles on moderation. `?status=all` shows every one. */
function statusFilter(search: Record<string, string>): VerificationStatus | 'all' {
  const s = search.status
  if (s === 'all') return 'all'
  return VERIFICATION_STATUSES.includes(s as VerificationStatus) ? (s as VerificationStatus) : 'moderation'
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const { services, ctx, publicConfig } = app
  const search = searchOf(request)
  const status = statusFilter(search)
  const [list, selected] = await Promise.all([
    loadOrFail(request, () =>
      services.organizations.listVerifications(ctx, {
        status: status === 'all' ? undefined : status,
        page: search.page,
      }),
    ),
    search.role ? loadOrFail(request, () => services.organizations.getVerification(ctx, search.role!)) : null,
  ])
  return { list, selected, status, filesUrl: `${publicConfig.apiBaseUrl.replace(/\/+$/, '')}/files` }
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = staffContext(context)
  if (!app) return SIGN_IN_FIRST
  const form = await request.formData()
  const roleId = String(form.get('roleId') ?? '')
  const comment = String(form.get('comment') ?? '')
  try {
    if (form.get('intent') === 'approve') {
      await app.services.organizations.approveRole(app.ctx, roleId, { comment })
      return {
        ok: true,
        message: 'Роль подтверждена, владельцам организации отправлено письмо',
      } satisfies StaffActionResult
    }
    await app.services.organizations.requestRoleFixes(app.ctx, roleId, { comment })
    return {
      ok: true,
      message: 'Заявка возвращена на доработку, владельцам отправлено письмо',
    } satisfies StaffActionResult
  } catch (error) {
    return staffActionFailure(error)
  }
}

type LoaderData = NonNullable<Route.ComponentProps['loaderData']>
type Verification = NonNullable<LoaderData['selected']>

const FILTERS: { value: VerificationStatus | 'all'; label: string }[] = [
  { value: 'moderation', label: 'На проверке' },
  { value: 'needFixes', label: 'На доработке' },
  { value: 'new', label: 'Новые' },
  { value: 'confirmed', label: 'Подтверждённые' },
  { value: 'all', label: 'Все' },
]

function Documents({ documents, filesUrl }: { documents: Verification['documents']; filesUrl: string }) {
  if (!documents.length)
    return (
      <Text size="sm" c="dimmed">
        Документы не приложены
      </Text>
    )
  return (
    <List spacing={4} size="sm" icon={<IconFileText size={16} aria-hidden="true" />} center>
      {documents.map((d) => (
        <List.Item key={d.id}>
          {d.available ? (
            <Anchor href={`${filesUrl}/${d.id}`} target="_blank" rel="noopener">
              {d.originalName}
            </Anchor>
          ) : (
            <Text span c="dimmed" size="sm">
              {d.originalName}
            </Text>
          )}
          {d.available && (
            <Text span size="xs" c="dimmed">
              {' '}
              · {formatFileSize(d.size)}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  )
}

/** The decision form; its fetcher lives in the card, so the result stays visible after the status moves on. */
function DecisionForm({
  roleId,
  fetcher,
}: {
  roleId: string
  fetcher: ReturnType<typeof useFetcher<StaffActionResult>>
}) {
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="roleId" value={roleId} />
      <Stack gap="sm">
        <Textarea
          name="comment"
          label="Комментарий для организации"
          description="Обязателен, если заявку нужно доработать: напишите, что исправить."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
        />
        <Group gap="sm">
          <Button type="submit" name="intent" value="approve" color="teal" loading={busy}>
            Подтвердить роль
          </Button>
          <Button type="submit" name="intent" value="needFixes" variant="default" disabled={busy}>
            Вернуть на доработку
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  )
}

function VerificationCard({ role, filesUrl, closeHref }: { role: Verification; filesUrl: string; closeHref: string }) {
  const org = role.organization
  const fetcher = useFetcher<StaffActionResult>({ key: `verification-${role.id}` })
  const result = fetcher.state === 'idle' ? fetcher.data : undefined
  return (
    <Paper withBorder p="lg" radius="md" aria-labelledby="verification-title">
      <Stack gap="md">
        <Group justify="space-between" align="start" wrap="nowrap">
          <Stack gap={4}>
            <Title order={3} size="h4" id="verification-title">
              {org.shortName}: роль {quote(ROLE_LABELS[role.type])}
            </Title>
            <Group gap="xs">
              <StatusBadge lifecycle="verification" status={role.status} />
              <Text size="xs" c="dimmed">
                обновлена {formatDateTimeNumeric(role.updatedAt)}
              </Text>
            </Group>
          </Stack>
          <CloseButton component={AppLink} to={closeHref} aria-label="Закрыть заявку" />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            <Text span c="dimmed">
              Полное название:{' '}
            </Text>
            {org.fullName}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              ИНН / КПП:{' '}
            </Text>
            {org.inn}
            {org.kpp ? ` / ${org.kpp}` : ''}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              ОГРН:{' '}
            </Text>
            {org.ogrn}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Адрес:{' '}
            </Text>
            {org.legalAddress}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Контакты:{' '}
            </Text>
            <Anchor href={`mailto:${org.contactEmail}`} size="sm">
              {org.contactEmail}
            </Anchor>
            , {org.contactPhone}
          </Text>
          {org.website && (
            <Text size="sm">
              <Text span c="dimmed">
                Сайт:{' '}
              </Text>
              <Anchor href={org.website} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                {org.website}
              </Anchor>
            </Text>
          )}
        </SimpleGrid>
        <RegisterCheck check={role.register} typed={org} />
        <Stack gap={6}>
          <Text fw={600} size="sm">
            Документы
          </Text>
          <Documents documents={role.documents} filesUrl={filesUrl} />
        </Stack>
        {role.history.length > 0 && (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              История
            </Text>
            <Timeline bulletSize={12} lineWidth={2} active={role.history.length - 1}>
              {role.history.map((h, i) => (
                <Timeline.Item key={i} title={<Text size="sm">{VERIFICATION_LABELS[h.toStatus]}</Text>}>
                  <Text size="xs" c="dimmed">
                    {formatDateTimeNumeric(h.createdAt)} ·{' '}
                    {h.by.name || (h.by.kind === 'staff' ? 'Сотрудник' : 'Участник')}
                  </Text>
                  {h.comment && <Text size="sm">{h.comment}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        )}
        {result && (
          <Alert color={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'} py="xs">
            {result.message}
          </Alert>
        )}
        {role.status === 'moderation' ? (
          <DecisionForm roleId={role.id} fetcher={fetcher} />
        ) : (
          <Text size="sm" c="dimmed">
            Решение принимается, когда заявка находится на проверке.
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

export default function StaffVerifications({ loaderData }: Route.ComponentProps) {
  const location = useLocation()
  if (!loaderData) return null
  const { list, selected, status, filesUrl } = loaderData
  const hrefWith = (params: Record<string, string | null>) => {
    const next = new URLSearchParams(location.search)
    for (const [k, v] of Object.entries(params)) {
      if (v === null) next.delete(k)
      else next.set(k, v)
    }
    const qs = next.toString()
    return qs ? `?${qs}` : '.'
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={2} size="h3">
          Проверка ролей организаций
        </Title>
        <StatusFilter
          filters={FILTERS}
          current={status}
          hrefOf={(value) => hrefWith({ status: value === 'moderation' ? null : value, role: null, page: null })}
        />
      </Group>

      {selected && <VerificationCard role={selected} filesUrl={filesUrl} closeHref={hrefWith({ role: null })} />}

      {list.items.length === 0 ? (
        <EmptyState title="Заявок на проверку нет">
          {status === 'moderation'
            ? 'Когда организация отправит роль на проверку, заявка появится здесь.'
            : 'В этом статусе заявок нет.'}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Заявки на роли">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Организация</Table.Th>
                <Table.Th>Роль</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th>Документы</Table.Th>
                <Table.Th>Обновлена</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.items.map((role) => (
                <Table.Tr key={role.id} bg={selected?.id === role.id ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {role.organization.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      ИНН {role.organization.inn}
                    </Text>
                  </Table.Td>
                  <Table.Td>{ROLE_LABELS[role.type]}</Table.Td>
                  <Table.Td>
                    <StatusBadge lifecycle="verification" status={role.status} />
                  </Table.Td>
                  <Table.Td>{role.documents.length || '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeNumeric(role.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Button component={AppLink} to={hrefWith({ role: role.id })} size="compact-sm" variant="light">
                      {role.status === 'moderation' ? 'Проверить' : 'Открыть'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager page={list.page} pageSize={list.pageSize} total={list.total} />
    </Stack>
  )
}
