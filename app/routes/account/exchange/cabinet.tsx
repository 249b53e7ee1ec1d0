import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconInfoCircle, IconPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { COMPANY_PATH } from '#app/components/company/company-ui.ts'
import { OfferRows, OrderRows, ProposalRows, RequestRows } from '#app/components/exchange/cabinet/CabinetRows.tsx'
import { SuggestedRequests } from '#app/components/exchange/cabinet/SuggestedRequests.tsx'
import {
  CABINET_FILTERS,
  cabinetHref,
  cabinetQueryOf,
  type CabinetState,
  defaultCabinetTab,
  parseCabinetState,
} from '#app/components/exchange/cabinet/cabinet-url.ts'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { LinkTabs } from '#app/components/lists/LinkTabs.tsx'
import { ListBody } from '#app/components/lists/ListBody.tsx'
import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { StatusFilter } from '#app/components/lists/StatusFilter.tsx'
import { formatNumber } from '#app/lib/format.ts'
import { loadOrFail, notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import {
  CABINET_LIMITS,
  CABINET_ORDER_SIDE_LABELS,
  type CabinetOfferItem,
  type CabinetOrderItem,
  type CabinetPage,
  type CabinetProposalItem,
  type CabinetRequestItem,
} from '#common/exchange/cabinet.ts'
import { CABINET_EXCHANGE_TAB_LABELS, CABINET_EXCHANGE_TABS, exchangeLinks } from '#common/exchange/links.ts'
import type { Route } from './+types/cabinet'
import { quote } from '#common/format.ts'

export const meta: Route.MetaFunction = pageMeta(() => [{ title: 'Биржа услуг — личный кабинет — БАС Маркет' }])

/**
 * /personal-account/service-exchange/{tab?}: the selected organization's requests, proposals,
 * service offers and service orders, each tab with its filter, search and pages in the address
 * (`?filter=&side=&q=&page=`), the tabs' counts in their labels, and for a vendor the open
 * requests that match its published services. Without a tab the organization's roles decide: one
 * that only sells opens its proposals.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  // The layout shows guests a sign-in panel instead of this page.
  if (!ctx.user) return { kind: 'guest' as const }
  const roles = ctx.organization?.roles ?? []
  const state = parseCabinetState(params.tab, new URL(request.url).searchParams, defaultCabinetTab(roles))
  if (!state) notFound(request)
  if (!ctx.organization) return { kind: 'noOrganization' as const }
  const isVendor = roles.some((r) => r.type === 'vendor')
  const isBuyer = roles.some((r) => r.type === 'buyer')
  const { cabinet } = services.exchange
  const [counts, list, suggestions] = await loadOrFail(request, () =>
    Promise.all([
      cabinet.counts(ctx),
      cabinet.list(ctx, state.tab, cabinetQueryOf(state)),
      state.tab === 'proposals' && isVendor ? cabinet.suggestedRequests(ctx) : null,
    ]),
  )
  return { kind: 'cabinet' as const, state, counts, list, suggestions, isVendor, isBuyer }
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

type CabinetData = Extract<Route.ComponentProps['loaderData'], { kind: 'cabinet' }>

const FORMS = {
  requests: ['заявка', 'заявки', 'заявок'],
  proposals: ['предложение', 'предложения', 'предложений'],
  offers: ['услуга', 'услуги', 'услуг'],
  orders: ['заказ', 'заказа', 'заказов'],
} as const

const SEARCH_LABELS = {
  requests: 'Номер или название заявки',
  proposals: 'Номер или название заявки',
  offers: 'Название услуги',
  orders: 'Номер или название заказа',
} as const

/** The search of the tab. */
function SearchForm({ state }: { state: CabinetState }) {
  return (
    <ListSearch
      action={exchangeLinks.cabinet(state.tab)}
      name="Поиск"
      label={SEARCH_LABELS[state.tab]}
      q={state.q}
      maxLength={CABINET_LIMITS.search}
      keep={{ filter: state.filter !== 'all' ? state.filter : null, side: state.side !== 'all' ? state.side : null }}
    />
  )
}

/** The way forward from an empty tab. */
function NextStep({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={AppLink} to={to} variant="light" size="sm" mt="xs">
      {children}
    </Button>
  )
}

function EmptyTab({ data }: { data: CabinetData }) {
  const { state, list, isVendor, isBuyer } = data
  if (list.total > 0) {
    return (
      <EmptyState title="На этой странице ничего нет">
        <AppLink to={cabinetHref(state, { page: 1 })}>К первой странице</AppLink>
      </EmptyState>
    )
  }
  if (state.q || state.filter !== 'all' || state.side !== 'all') {
    return (
      <EmptyState title="Ничего не найдено">
        {state.q ? `По запросу ${quote(state.q)} ничего нет. ` : 'С такими условиями ничего нет. '}
        <AppLink to={cabinetHref(state, { q: '', filter: 'all', side: 'all' })}>Сбросить фильтры</AppLink>
      </EmptyState>
    )
  }
  const newRequest = <NextStep to={exchangeLinks.newRequest()}>Разместить заявку</NextStep>
  const findRequests = <NextStep to={exchangeLinks.exchange('requests')}>Найти заявки</NextStep>
  const newOffer = <NextStep to={exchangeLinks.offer('new')}>Добавить услугу</NextStep>
  // Without the role a tab needs, its way forward is asking for the role.
  const askRole = (role: string) => <NextStep to={COMPANY_PATH}>Запросить роль {quote(role)}</NextStep>
  switch (state.tab) {
    case 'requests':
      return (
        <EmptyState title="Заявок пока нет">
          {isBuyer
            ? 'Опишите, какая работа нужна, где и когда, — исполнители с подходящей техникой и допусками пришлют свои предложения.'
            : 'Заявки на работы размещают организации с ролью «Покупатель».'}
          <br />
          {isBuyer ? newRequest : askRole('Покупатель')}
        </EmptyState>
      )
    case 'proposals':
      return (
        <EmptyState title="Предложений пока нет">
          {isVendor
            ? 'Найдите открытые заявки заказчиков по вашим видам работ и отправьте цену и сроки.'
            : 'Отвечать на заявки заказчиков могут организации с ролью «Поставщик».'}
          <br />
          {isVendor ? findRequests : askRole('Поставщик')}
        </EmptyState>
      )
    case 'offers':
      return (
        <EmptyState title="Услуг пока нет">
          {isVendor
            ? 'Расскажите, какие работы вы выполняете, в каких регионах и по какой цене: после модерации услуга появится на бирже, и мы будем подсказывать вам подходящие заявки.'
            : 'Предлагать услуги на бирже могут организации с ролью «Поставщик».'}
          <br />
          {isVendor ? newOffer : askRole('Поставщик')}
        </EmptyState>
      )
    case 'orders':
      return (
        <EmptyState title="Заказов услуг пока нет">
          Заказ появляется, когда заказчик принимает предложение исполнителя.
          <br />
          {isBuyer ? newRequest : isVendor ? findRequests : askRole('Покупатель')}
        </EmptyState>
      )
  }
}

function Rows({ data }: { data: CabinetData }) {
  const items = data.list.items
  switch (data.state.tab) {
    case 'requests':
      return <RequestRows items={items as CabinetRequestItem[]} />
    case 'proposals':
      return <ProposalRows items={items as CabinetProposalItem[]} />
    case 'offers':
      return <OfferRows items={items as CabinetOfferItem[]} />
    case 'orders':
      return <OrderRows items={items as CabinetOrderItem[]} />
  }
}

function TabPanel({ data }: { data: CabinetData }) {
  const { state, list, suggestions } = data
  const navigation = useNavigation()
  const pending =
    navigation.state === 'loading' && navigation.location.pathname.startsWith(exchangeLinks.cabinet(state.tab))
  const page = list as CabinetPage<unknown, string> & { sideCounts?: Record<'purchase' | 'sale', number> }
  const filters = [
    { value: 'all', label: `Все (${formatNumber(page.all)})` },
    ...CABINET_FILTERS[state.tab].map((f) => ({
      value: f.value,
      label: `${f.label} (${formatNumber((page.filterCounts as Record<string, number>)[f.value] ?? 0)})`,
    })),
  ]
  const sides = page.sideCounts
  return (
    <Stack gap="md" pt="md">
      {suggestions && <SuggestedRequests items={suggestions} />}
      {suggestions && (
        <Title order={2} size="h4">
          Отправленные предложения
        </Title>
      )}
      <StatusFilter filters={filters} current={state.filter} hrefOf={(filter) => cabinetHref(state, { filter })} />
      {sides && (
        <Group gap={6} role="group" aria-label="Сторона в заказе">
          {(['all', 'purchase', 'sale'] as const).map((side) => (
            <Button
              key={side}
              component={AppLink}
              to={cabinetHref(state, { side })}
              size="compact-sm"
              variant={state.side === side ? 'light' : 'subtle'}
              aria-current={state.side === side ? 'true' : undefined}
            >
              {side === 'all' ? 'Обе стороны' : `${CABINET_ORDER_SIDE_LABELS[side]} (${formatNumber(sides[side])})`}
            </Button>
          ))}
        </Group>
      )}
      <SearchForm state={state} />
      <ListBody
        pending={pending}
        count={list.items.length}
        total={list.total}
        filtered={Boolean(state.q) || state.filter !== 'all' || state.side !== 'all'}
        forms={FORMS[state.tab]}
        empty={<EmptyTab data={data} />}
      >
        <Rows data={data} />
      </ListBody>
      {list.total > list.pageSize && <ListPager page={list.page} pageSize={list.pageSize} total={list.total} />}
    </Stack>
  )
}

function NoOrganization() {
  return (
    <Paper withBorder p="xl">
      <Stack gap="md" align="start">
        <Text maw={640}>
          Заявки, предложения и услуги размещаются от имени организации: заявки — покупателем, услуги и предложения —
          поставщиком. Выберите организацию, от имени которой работаете, или зарегистрируйте её на странице компании.
        </Text>
        <Anchor component={AppLink} to={COMPANY_PATH} fw={600}>
          Перейти к компании
        </Anchor>
      </Stack>
    </Paper>
  )
}

export default function ServiceExchangeCabinetRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'guest') return null
  if (loaderData.kind === 'noOrganization') {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Биржа услуг
        </Title>
        <NoOrganization />
      </Stack>
    )
  }
  const { state, counts, isVendor, isBuyer } = loaderData
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Биржа услуг
        </Title>
        <Group gap="sm">
          {isBuyer && (
            <Button
              component={AppLink}
              to={exchangeLinks.newRequest()}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              Разместить заявку
            </Button>
          )}
          {isVendor && (
            <Button
              component={AppLink}
              to={exchangeLinks.offer('new')}
              variant={isBuyer ? 'default' : 'filled'}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              Добавить услугу
            </Button>
          )}
        </Group>
      </Group>
      {!isBuyer && !isVendor && (
        <Alert icon={<IconInfoCircle aria-hidden="true" />} color="blue" variant="light">
          Чтобы размещать заявки, запросите для организации роль «Покупатель», а чтобы предлагать услуги — роль
          «Поставщик».{' '}
          <Anchor component={AppLink} to={COMPANY_PATH} fw={600}>
            Перейти к компании
          </Anchor>
        </Alert>
      )}
      <LinkTabs
        label="Разделы биржи услуг"
        current={state.tab}
        tabs={CABINET_EXCHANGE_TABS.map((tab) => ({
          value: tab,
          label: `${CABINET_EXCHANGE_TAB_LABELS[tab]} (${formatNumber(counts[tab])})`,
          href: cabinetHref(state, { tab }),
        }))}
      >
        <TabPanel data={loaderData} />
      </LinkTabs>
    </Stack>
  )
}
