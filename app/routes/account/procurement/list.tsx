import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core'
import { IconInfoCircle, IconPlus } from '@tabler/icons-react'
import { useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { COMPANY_PATH } from '#app/components/company/company-ui.ts'
import { NoOrganizationPanel } from '#app/components/company/NoOrganizationPanel.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { LinkTabs } from '#app/components/lists/LinkTabs.tsx'
import { ListBody } from '#app/components/lists/ListBody.tsx'
import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { StatusFilter } from '#app/components/lists/StatusFilter.tsx'
import { IncomingRows, RequestRows } from '#app/components/procurement/ProcurementRows.tsx'
import {
  parseProcurementState,
  procurementListHref,
  procurementQueryOf,
  type ProcurementListState,
} from '#app/components/procurement/procurement-url.ts'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { formatNumber } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { quote } from '#common/format.ts'
import {
  type IncomingSummary,
  PROCUREMENT_FILTER_LABELS,
  PROCUREMENT_FILTERS,
  PROCUREMENT_SEARCH_MAX,
  PROCUREMENT_TAB_LABELS,
  PROCUREMENT_TABS,
  type ProcurementSummary,
} from '#common/procurement.ts'
import { procurementLinks } from '#common/procurement-links.ts'
import type { Route } from './+types/list'

export const meta: Route.MetaFunction = pageMeta(() => [{ title: 'Запросы КП — личный кабинет — БАС Маркет' }])

/**
 * /personal-account/procurement: the organization's requests for commercial offers (a buyer) and
 * those asked of it (a seller, the tab «Запросы КП»), each with its status filter, search and
 * pages in the address, the counts in the tabs and the filters.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  // The layout shows guests a sign-in panel instead of this page.
  if (!ctx.user) return { kind: 'guest' as const }
  if (!ctx.organization) return { kind: 'noOrganization' as const }
  const roles = ctx.organization.roles
  const isBuyer = roles.some((r) => r.type === 'buyer' && r.status === 'confirmed')
  const isVendor = roles.some((r) => r.type === 'vendor' && r.status === 'confirmed')
  const state = parseProcurementState(new URL(request.url).searchParams, { isBuyer, isVendor })
  const { procurement } = services
  // Both lists' first pages count their tab; only the open tab is read with its filter.
  const [requests, incoming] = await loadOrFail(request, () =>
    Promise.all([
      procurement.list(ctx, state.tab === 'requests' ? procurementQueryOf(state) : {}),
      procurement.incoming(ctx, state.tab === 'incoming' ? procurementQueryOf(state) : {}),
    ]),
  )
  return { kind: 'lists' as const, state, requests, incoming, isBuyer, isVendor }
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

type ListsData = Extract<Route.ComponentProps['loaderData'], { kind: 'lists' }>

const FORMS = ['запрос', 'запроса', 'запросов'] as const

/** The search of the tab, by number or subject. */
function SearchForm({ state }: { state: ProcurementListState }) {
  return (
    <ListSearch
      action={procurementLinks.list()}
      name="Поиск запросов"
      label="Номер или предмет закупки"
      q={state.q}
      maxLength={PROCUREMENT_SEARCH_MAX}
      keep={{ tab: state.tab, filter: state.filter !== 'all' ? state.filter : null }}
    />
  )
}

function EmptyTab({ data }: { data: ListsData }) {
  const { state, isBuyer, isVendor } = data
  const list = state.tab === 'requests' ? data.requests : data.incoming
  if (list.total === 0 && list.all > 0) {
    return (
      <EmptyState title="Ничего не найдено">
        {state.q ? `По запросу ${quote(state.q)} ничего нет. ` : 'С таким статусом запросов нет. '}
        <AppLink to={procurementListHref(state, { q: '', filter: 'all' })}>Сбросить фильтры</AppLink>
      </EmptyState>
    )
  }
  if (list.all > 0) {
    return (
      <EmptyState title="На этой странице ничего нет">
        <AppLink to={procurementListHref(state, { page: 1 })}>К первой странице</AppLink>
      </EmptyState>
    )
  }
  if (state.tab === 'requests') {
    return (
      <EmptyState title="Запросов КП пока нет">
        {isBuyer
          ? 'Соберите коммерческие предложения нескольких поставщиков по одному списку позиций — платформа посчитает обоснование начальной (максимальной) цены контракта по методу сопоставимых рыночных цен.'
          : 'Запрашивать коммерческие предложения могут организации с подтверждённой ролью «Покупатель».'}
        <br />
        <Button
          component={AppLink}
          to={isBuyer ? procurementLinks.create() : COMPANY_PATH}
          variant="light"
          size="sm"
          mt="xs"
        >
          {isBuyer ? 'Создать запрос КП' : 'Запросить роль «Покупатель»'}
        </Button>
      </EmptyState>
    )
  }
  return (
    <EmptyState title="Запросов от покупателей пока нет">
      {isVendor
        ? 'Покупатели находят вас по товарам в каталоге: когда вам направят запрос коммерческого предложения, он появится здесь, а мы пришлём письмо.'
        : 'Запросы коммерческих предложений получают организации с подтверждённой ролью «Поставщик».'}
    </EmptyState>
  )
}

function TabPanel({ data }: { data: ListsData }) {
  const { state } = data
  const navigation = useNavigation()
  const pending = navigation.state === 'loading' && navigation.location.pathname === procurementLinks.list()
  const list = state.tab === 'requests' ? data.requests : data.incoming
  const counts = list.filterCounts as Record<string, number>
  const filters = [
    { value: 'all', label: `Все (${formatNumber(list.all)})` },
    ...PROCUREMENT_FILTERS[state.tab].map((value) => ({
      value,
      label: `${(PROCUREMENT_FILTER_LABELS[state.tab] as Record<string, string>)[value]} (${formatNumber(counts[value] ?? 0)})`,
    })),
  ]
  return (
    <Stack gap="md" pt="md">
      <StatusFilter
        filters={filters}
        current={state.filter}
        hrefOf={(filter) => procurementListHref(state, { filter })}
      />
      <SearchForm state={state} />
      <ListBody
        pending={pending}
        count={list.items.length}
        total={list.total}
        filtered={Boolean(state.q) || state.filter !== 'all'}
        forms={FORMS}
        empty={<EmptyTab data={data} />}
      >
        {state.tab === 'requests' ? (
          <RequestRows items={list.items as ProcurementSummary[]} />
        ) : (
          <IncomingRows items={list.items as IncomingSummary[]} />
        )}
      </ListBody>
      {list.total > list.pageSize && <ListPager page={list.page} pageSize={list.pageSize} total={list.total} />}
    </Stack>
  )
}

export default function ProcurementListRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'guest') return null
  const heading = (
    <Title order={1} size="h2">
      Запросы коммерческих предложений
    </Title>
  )
  if (loaderData.kind === 'noOrganization') {
    return (
      <Stack gap="lg">
        {heading}
        <NoOrganizationPanel>
          Запросы КП отправляются и принимаются от имени организации. Выберите организацию, от имени которой работаете,
          или зарегистрируйте её на странице компании.
        </NoOrganizationPanel>
      </Stack>
    )
  }
  const { state, isBuyer, isVendor } = loaderData
  const totals = { requests: loaderData.requests.all, incoming: loaderData.incoming.all }
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        {heading}
        {isBuyer && (
          <Button
            component={AppLink}
            to={procurementLinks.create()}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            Создать запрос КП
          </Button>
        )}
      </Group>
      {!isBuyer && !isVendor && (
        <Alert icon={<IconInfoCircle aria-hidden="true" />} color="blue" variant="light">
          Чтобы запрашивать коммерческие предложения, нужна подтверждённая роль «Покупатель», а чтобы отвечать на них —
          роль «Поставщик».{' '}
          <Anchor component={AppLink} to={COMPANY_PATH} fw={600}>
            Перейти к компании
          </Anchor>
        </Alert>
      )}
      <LinkTabs
        label="Запросы КП"
        current={state.tab}
        tabs={PROCUREMENT_TABS.map((tab) => ({
          value: tab,
          label: `${PROCUREMENT_TAB_LABELS[tab]} (${formatNumber(totals[tab])})`,
          href: procurementListHref(state, { tab }),
        }))}
      >
        <TabPanel data={loaderData} />
      </LinkTabs>
    </Stack>
  )
}
