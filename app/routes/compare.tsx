import { Anchor, Button, Group, Switch, Text, Title } from '@mantine/core'
import { IconTrophy } from '@tabler/icons-react'
import { useEffect } from 'react'
import { data, Form, type ShouldRevalidateFunctionArgs, useNavigation, useSearchParams } from 'react-router'
import { PRODUCT_FORMS } from '#common/catalog/format.ts'
import { RU } from '#common/messages.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import { AppLink } from '#app/components/AppLink.tsx'
import { procurementLinks } from '#common/procurement-links.ts'
import { BEST_LABEL, CompareTable } from '#app/components/compare/CompareTable.tsx'
import classes from '#app/components/compare/compare.module.css'
import { PageHeader } from '#app/components/content/PageHeader.tsx'
import { MantineScope } from '#app/components/MantineScope.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { applyCompareIds } from '#app/lib/compare.ts'
import { actionFailure, formValues } from '#app/lib/action-result.ts'
import { formatCount } from '#app/lib/format.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import type { Route } from './+types/compare'
import { quote } from '#common/format.ts'

const TITLE = 'Сравнение товаров'

export async function loader({ context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  return { view: await services.compare.list(ctx) }
}

/** The remove and clear buttons post here (they work before the scripts load, too). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, ctx } = getAppContext(context)
  const values = formValues(await request.formData())
  try {
    if (values.intent === 'remove') await services.compare.remove(ctx, { productId: values.productId })
    else if (values.intent === 'clear') await services.compare.clear(ctx, { category: values.category || undefined })
    else return data({ ok: false as const, message: RU.invalidRequest }, { status: 400 })
    return { ok: true as const }
  } catch (error) {
    return actionFailure(error, values)
  }
}

/** The category and «Только различия» live in the URL but change nothing the loader reads. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const sameList = !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
  return sameList ? false : defaultShouldRevalidate
}

export const meta: Route.MetaFunction = pageMeta(() => [
  { title: `${TITLE} — БАС Маркет` },
  {
    name: 'description',
    content:
      'Сравните беспилотники по цене и характеристикам: таблица по категориям, лучшие значения и только различия.',
  },
  { name: 'robots', content: 'noindex' },
])

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

// Built with Mantine components, which need their provider (the root has none).
export default function CompareRoute(props: Route.ComponentProps) {
  return (
    <MantineScope>
      <ComparePage {...props} />
    </MantineScope>
  )
}

function ComparePage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData
  const [params, setParams] = useSearchParams()
  const navigation = useNavigation()
  const diffOnly = params.get('diff') === '1'
  const group = view.groups.find((g) => g.category.slug === params.get('category')) ?? view.groups[0]

  // The buttons on other pages and the header's count follow what this page shows.
  useEffect(() => {
    applyCompareIds({ ids: view.groups.flatMap((g) => g.products.map((p) => p.id)), count: view.count })
  }, [view])

  const header = <PageHeader title={TITLE} crumbs={[{ to: '/compare', label: TITLE }]} />
  if (!group) {
    return (
      <>
        {header}
        <EmptyState title="В сравнении пока нет товаров">
          Добавляйте товары кнопкой «Добавить к сравнению» в{' '}
          <Anchor component={AppLink} to={CATALOG_PATH} size="sm" underline="always">
            каталоге
          </Anchor>
          : здесь их характеристики встанут рядом.
        </EmptyState>
      </>
    )
  }

  const linkTo = (category: string) => {
    const next = new URLSearchParams(params)
    next.set('category', category)
    return `?${next}`
  }
  const setDiffOnly = (on: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (on) next.set('diff', '1')
        else next.delete('diff')
        return next
      },
      { preventScrollReset: true },
    )
  const differing = group.rows.some((r) => r.differs)
  const busy = navigation.state === 'submitting'

  return (
    <>
      {header}
      <nav aria-label="Категории в сравнении">
        <ul className={classes.tabs}>
          {view.groups.map((g) => (
            <li key={g.category.slug}>
              <AppLink
                to={linkTo(g.category.slug)}
                preventScrollReset
                className={classes.tab}
                aria-current={g === group ? 'page' : undefined}
              >
                {g.category.title}
                <span aria-hidden="true">· {g.products.length}</span>
                <span className={classes.visuallyHidden}>: {formatCount(g.products.length, PRODUCT_FORMS)}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="compare-group-title">
        <div className={classes.toolbar}>
          <Title order={2} size="h3" id="compare-group-title">
            {group.category.title}: {formatCount(group.products.length, PRODUCT_FORMS)}
          </Title>
          <Group gap="lg" wrap="wrap">
            <Form method="get" preventScrollReset>
              <input type="hidden" name="category" value={group.category.slug} />
              <Switch
                name="diff"
                value="1"
                label="Только различия"
                checked={diffOnly}
                onChange={(e) => setDiffOnly(e.currentTarget.checked)}
              />
              <noscript>
                <button type="submit">Показать</button>
              </noscript>
            </Form>
            <span className={classes.legend}>
              <IconTrophy size={16} aria-hidden="true" />
              {BEST_LABEL[0]!.toUpperCase() + BEST_LABEL.slice(1)}
            </span>
            <Button
              component={AppLink}
              to={procurementLinks.create({ products: group.products.map((p) => p.id) })}
              variant="outline"
              size="xs"
              aria-label={`Запросить КП по товарам категории ${quote(group.category.title)}`}
            >
              Запросить КП
            </Button>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="clear" />
              <input type="hidden" name="category" value={group.category.slug} />
              <Button
                type="submit"
                variant="outline"
                color="red"
                size="xs"
                disabled={busy}
                aria-label={`Очистить сравнение категории ${quote(group.category.title)}`}
              >
                Очистить
              </Button>
            </Form>
          </Group>
        </div>
        {actionData && !actionData.ok && (
          <Text c="red.8" role="alert" mb="sm">
            {actionData.message}
          </Text>
        )}
        {diffOnly && !differing ? (
          <Text c="dimmed" mb="md">
            У этих товаров все характеристики совпадают.
          </Text>
        ) : (
          <CompareTable group={group} diffOnly={diffOnly} />
        )}
      </section>
    </>
  )
}
