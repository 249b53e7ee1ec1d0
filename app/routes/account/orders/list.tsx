import { Anchor, Group, Stack, Title } from '@mantine/core'

import { useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { NoOrganizationPanel } from '#app/components/company/NoOrganizationPanel.tsx'
import { OrdersTable } from '#app/components/orders/OrdersTable.tsx'
import {
  defaultOrderTab,
  type FilterChoice,
  listQueryOf,
  ORDERS_PATH,
  type OrdersListState,
  ordersHref,
  parseOrdersListState,
  TAB_LABELS,
} from '#app/components/orders/order-paths.ts'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { StatusFilter } from '#app/components/lists/StatusFilter.tsx'
import { LinkTabs } from '#app/components/lists/LinkTabs.tsx'
import { ListBody } from '#app/components/lists/ListBody.tsx'
import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import { loadOrFail, notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { ORDER_FILTER_LABELS, ORDER_FILTERS, ORDER_LIMITS, ORDER_TABS } from '#common/orders.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import type { Route } from './+types/list'
import { quote } from '#common/format.ts'

export const meta: Route.MetaFunction = pageMeta(() => [{ title: 'Заказы — личный кабинет — БАС Маркет' }])

/**
 * /personal-account/orders/{purchases|sales}: the selected organization's orders on one side,
 * with the status filter, the search and pages in the address (`?filter=&q=&page=`). Without a
 * tab the organization's role decides: a seller that does not buy opens its sales.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  // The layout shows guests a sign-in panel instead of this page.
  if (!ctx.user) return { kind: 'guest' as const }
  const roles = ctx.organization?.roles
  const state = parseOrdersListState(params.tab, new URL(request.url).searchParams, defaultOrderTab(roles))
  if (!state) notFound(request)
  if (!ctx.organization) return { kind: 'noOrganization' as const }
  const list = await loadOrFail(request, () => services.orders.list(ctx, listQueryOf(state)))
  return { kind: 'list' as const, state, list, isBuyer: roles?.some((r) => r.type === 'buyer') ?? false }
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

const FILTERS: { value: FilterChoice; label: string }[] = [
  { value: 'all', label: 'Все' },
  ...ORDER_FILTERS.map((value) => ({ value, label: ORDER_FILTER_LABELS[value] })),
]

const ORDER_FORMS = ['заказ', 'заказа', 'заказов'] as const

/** The search by number or the other side's name. */
function SearchForm({ state }: { state: OrdersListState }) {
  return (
    <ListSearch
      action={`${ORDERS_PATH}/${state.tab}`}
      name="Поиск заказов"
      label={state.tab === 'purchases' ? 'Номер заказа или продавец' : 'Номер заказа или покупатель'}
      q={state.q}
      maxLength={ORDER_LIMITS.search}
      keep={{ filter: state.filter !== 'all' ? state.filter : null }}
    />
  )
}

type ListData = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>

function Empty({ data }: { data: ListData }) {
  const { state, list, isBuyer } = data
  const purchases = state.tab === 'purchases'
  const catalogLink = purchases && isBuyer && (
    <Anchor component={AppLink} to={CATALOG_PATH}>
      Перейти в каталог
    </Anchor>
  )
  if (list.total > 0) {
    return (
      <EmptyState title="На этой странице заказов нет">
        <AppLink to={ordersHref(state, { page: 1 })}>К первой странице</AppLink>
      </EmptyState>
    )
  }
  if (state.q || state.filter !== 'all') {
    return (
      <EmptyState title="Ничего не найдено">
        {state.q ? `По запросу ${quote(state.q)} заказов нет. ` : 'Заказов с таким статусом нет. '}
        <AppLink to={ordersHref(state, { q: '', filter: 'all' })}>Показать все заказы</AppLink>
        {catalogLink && <> или {catalogLink}</>}
      </EmptyState>
    )
  }
  return (
    <EmptyState title={purchases ? 'Покупок пока нет' : 'Продаж пока нет'}>
      {purchases
        ? 'Здесь появятся заказы вашей организации у продавцов платформы. '
        : 'Здесь появятся заказы покупателей на товары вашей организации.'}
      {catalogLink && <>Выберите технику в каталоге и оформите заказ из корзины. {catalogLink}</>}
    </EmptyState>
  )
}

function OrdersList({ data }: { data: ListData }) {
  const { state, list } = data
  const navigation = useNavigation()
  const pending = navigation.state === 'loading' && navigation.location.pathname.startsWith(ORDERS_PATH)
  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" align="end" gap="md" wrap="wrap">
        <StatusFilter filters={FILTERS} current={state.filter} hrefOf={(filter) => ordersHref(state, { filter })} />
      </Group>
      <SearchForm state={state} />
      <ListBody
        pending={pending}
        count={list.items.length}
        total={list.total}
        filtered={Boolean(state.q) || state.filter !== 'all'}
        forms={ORDER_FORMS}
        empty={<Empty data={data} />}
      >
        <OrdersTable items={list.items} partyLabel={state.tab === 'purchases' ? 'Продавец' : 'Покупатель'} />
      </ListBody>
      {list.total > list.pageSize && <ListPager page={list.page} pageSize={list.pageSize} total={list.total} />}
    </Stack>
  )
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'guest') return null
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Заказы
      </Title>
      {loaderData.kind === 'noOrganization' ? (
        <NoOrganizationPanel>
          Заказы оформляются от имени организации: покупки — организацией-покупателем, продажи — поставщиком. Выберите
          организацию, от имени которой работаете, или зарегистрируйте её на странице компании.
        </NoOrganizationPanel>
      ) : (
        <LinkTabs
          label="Покупки и продажи"
          current={loaderData.state.tab}
          tabs={ORDER_TABS.map((tab) => ({
            value: tab,
            label: TAB_LABELS[tab],
            href: ordersHref(loaderData.state, { tab }),
          }))}
        >
          <OrdersList data={loaderData} />
        </LinkTabs>
      )}
    </Stack>
  )
}
