import { formatIsoDate } from '#common/calendar-date.ts'
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconDownload, IconFileTypePdf, IconFileTypeXml, IconInfoCircle } from '@tabler/icons-react'
import { Form, useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { NoOrganizationPanel } from '#app/components/company/NoOrganizationPanel.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { formatCount, formatMoney } from '#app/lib/format.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { isAppError } from '#common/errors.ts'
import {
  DOCUMENT_FORMS,
  REGISTRY_DIRECTION_LABELS,
  REGISTRY_DIRECTIONS,
  REGISTRY_KIND_LABELS,
  REGISTRY_KINDS,
  REGISTRY_STATE_LABELS,
  REGISTRY_STATES,
  type RegistryItem,
  type RegistryTotals,
  registryStateLabel,
} from '#common/documents.ts'
import { moscowToday } from '#common/moscow-days.ts'
import type { Route } from './+types/documents'

export const meta: Route.MetaFunction = pageMeta(() => [{ title: 'Документы — личный кабинет — БАС Маркет' }])

const PATH = '/personal-account/documents'
const FILTER_NAMES = ['from', 'to', 'kind', 'state', 'direction', 'counterparty'] as const

/**
 * /personal-account/documents: the selected organization's registry of invoices, УПД and acts,
 * issued and received, with the filters in the address (a GET form, so it works before the
 * scripts load), the period's sums and a month's ZIP for the accountant.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  if (!ctx.user) return { kind: 'guest' as const }
  if (!ctx.organization) return { kind: 'noOrganization' as const }
  const params = new URL(request.url).searchParams
  const query = Object.fromEntries(
    [...FILTER_NAMES, 'page'].flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  )
  const month = moscowToday().slice(0, 7)
  try {
    const page = await services.documents.registry.list(ctx, query)
    return { kind: 'list' as const, query, page, error: null, month }
  } catch (error) {
    // A filter the registry refuses (a period backwards, a date that does not exist) is said above the list.
    if (!isAppError(error) || error.kind !== 'invalid') throw error
    const page = await services.documents.registry.list(ctx, {})
    return { kind: 'list' as const, query, page, error: { message: error.message, fields: error.fields ?? {} }, month }
  }
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

type ListData = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>

function Filters({ data }: { data: ListData }) {
  const { query, error } = data
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="registry-filters-title">
      <Form method="get" action={PATH} role="search" aria-labelledby="registry-filters-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="registry-filters-title">
            Отбор документов
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <TextInput
              type="date"
              name="from"
              label="Период: с"
              defaultValue={query.from ?? ''}
              error={error?.fields.from}
            />
            <TextInput type="date" name="to" label="по" defaultValue={query.to ?? ''} error={error?.fields.to} />
            <TextInput
              name="counterparty"
              label="Контрагент: название или ИНН"
              defaultValue={query.counterparty ?? ''}
              maxLength={100}
              error={error?.fields.counterparty}
            />
            <NativeSelect
              name="kind"
              label="Вид документа"
              defaultValue={query.kind ?? ''}
              data={[
                { value: '', label: 'Все виды' },
                ...REGISTRY_KINDS.map((k) => ({ value: k, label: REGISTRY_KIND_LABELS[k] })),
              ]}
            />
            <NativeSelect
              name="state"
              label="Статус"
              defaultValue={query.state ?? ''}
              data={[
                { value: '', label: 'Любой' },
                ...REGISTRY_STATES.map((s) => ({ value: s, label: REGISTRY_STATE_LABELS[s] })),
              ]}
            />
            <NativeSelect
              name="direction"
              label="Направление"
              defaultValue={query.direction ?? 'all'}
              data={REGISTRY_DIRECTIONS.map((d) => ({ value: d, label: REGISTRY_DIRECTION_LABELS[d] }))}
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit">Показать</Button>
            <Button component={AppLink} to={PATH} variant="subtle">
              Сбросить
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  )
}

function Totals({ totals }: { totals: { sale: RegistryTotals; purchase: RegistryTotals } }) {
  const line = (label: string, t: RegistryTotals) => (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{formatMoney(t.totalKopecks)}</Text>
      <Text size="sm">
        {formatCount(t.count, DOCUMENT_FORMS)}, в том числе НДС {formatMoney(t.vatKopecks)}
      </Text>
    </Paper>
  )
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="group" aria-label="Итоги за период">
      {line('Выдано (продажи)', totals.sale)}
      {line('Получено (покупки)', totals.purchase)}
    </SimpleGrid>
  )
}

function Archive({ month }: { month: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="registry-archive-title">
      <form method="get" action="/api/v1/documents/archive.zip">
        <Stack gap="sm">
          <Title order={2} size="h4" id="registry-archive-title">
            Архив за месяц для бухгалтерии
          </Title>
          <Text size="sm" c="dimmed">
            Все документы месяца одним ZIP-файлом: PDF для печати и XML УПД для загрузки в систему ЭДО, по папкам
            «Выданные» и «Полученные».
          </Text>
          <Group gap="sm" align="end">
            <TextInput type="month" name="month" label="Месяц" defaultValue={month} required />
            <NativeSelect
              name="direction"
              label="Документы"
              data={REGISTRY_DIRECTIONS.map((d) => ({ value: d, label: REGISTRY_DIRECTION_LABELS[d] }))}
            />
            <Button type="submit" variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
              Скачать архив
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

function DocumentRow({ item }: { item: RegistryItem }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {REGISTRY_KIND_LABELS[item.kind]} № {item.number}
        </Text>
        <Text size="xs" c="dimmed">
          от {formatIsoDate(item.date)} · {item.direction === 'sale' ? 'выдан' : 'получен'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.counterparty.name}</Text>
        <Text size="xs" c="dimmed">
          ИНН {item.counterparty.inn}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">№ {item.orderNumber}</Text>
      </Table.Td>
      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatMoney(item.totalKopecks)}</Text>
        <Text size="xs" c="dimmed">
          {item.vatKopecks ? `НДС ${formatMoney(item.vatKopecks)}` : 'без НДС'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{registryStateLabel(item.kind, item.state)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {item.files.map((file) => (
            <Anchor
              key={file.format}
              href={file.href}
              size="sm"
              aria-label={`${REGISTRY_KIND_LABELS[item.kind]} № ${item.number}, ${file.format.toUpperCase()}`}
              style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
            >
              {file.format === 'pdf' ? (
                <IconFileTypePdf size={16} aria-hidden="true" />
              ) : (
                <IconFileTypeXml size={16} aria-hidden="true" />
              )}
              {file.format.toUpperCase()}
            </Anchor>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

function Registry({ data }: { data: ListData }) {
  const { page, error } = data
  const navigation = useNavigation()
  const pending = navigation.state === 'loading' && navigation.location.pathname === PATH
  const filtered = Object.keys(data.query).some((key) => key !== 'page')
  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" icon={<IconInfoCircle aria-hidden="true" />} role="alert" title="Отбор не применён">
          {Object.values(error.fields).join(' ') || error.message}
        </Alert>
      )}
      <Filters data={data} />
      <Totals totals={page.totals} />
      <Box aria-busy={pending} style={{ opacity: pending ? 0.6 : 1 }}>
        {page.items.length === 0 ? (
          filtered ? (
            <EmptyState title="Ничего не найдено">
              Документов с таким отбором нет. <AppLink to={PATH}>Показать все документы</AppLink>
            </EmptyState>
          ) : (
            <EmptyState title="Документов пока нет">
              Здесь появятся счета на оплату после подтверждения заказов, УПД после отгрузки и акты выполненных работ
              после приёмки услуг — и выданные вашей организацией, и полученные ею.
            </EmptyState>
          )
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" role="status">
              {filtered ? 'Найдено: ' : 'Всего: '}
              {formatCount(page.total, DOCUMENT_FORMS)}
            </Text>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Документ</Table.Th>
                    <Table.Th>Контрагент</Table.Th>
                    <Table.Th>Заказ</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Сумма</Table.Th>
                    <Table.Th>Статус</Table.Th>
                    <Table.Th>Файлы</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.items.map((item) => (
                    <DocumentRow key={item.id} item={item} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </Box>
      {page.total > page.pageSize && <ListPager page={page.page} pageSize={page.pageSize} total={page.total} />}
      <Archive month={data.month} />
    </Stack>
  )
}

export default function DocumentsRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'guest') return null
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Документы
      </Title>
      {loaderData.kind === 'noOrganization' ? (
        <NoOrganizationPanel>
          Счета, УПД и акты принадлежат организации. Выберите организацию, от имени которой работаете, или
          зарегистрируйте её на странице компании.
        </NoOrganizationPanel>
      ) : (
        <Registry data={loaderData} />
      )}
    </Stack>
  )
}
