import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFileUpload, IconPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { type ExportLinks, ExportPanel } from '#app/components/products/ExportPanel.tsx'
import { ProductsBoard } from '#app/components/products/ProductsBoard.tsx'
import { NEW_PRODUCT_PATH, parseListState } from '#app/components/products/list-url.ts'
import { IMPORT_PRODUCTS_PATH } from '#app/components/products/product-paths.ts'
import type { BulkResult } from '#app/components/products/products-page.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { refusalOf } from '#app/lib/action-result.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { isAppError } from '#common/errors.ts'
import { productsExportUrl, vendorFeedUrl } from '#common/products-export.ts'
import { type BulkAction, PRODUCT_MESSAGES } from '#common/products.ts'
import type { Route } from './+types/list'

export const meta: Route.MetaFunction = pageMeta(() => [{ title: 'Товары — личный кабинет — БАС Маркет' }])

const COMPANY_PATH = '/personal-account/company'

/**
 * /personal-account/products: the selected organization's products by tab, with search, sort,
 * pages and bulk actions, and their exports (CSV, the YML feed). A buyer-only organization, or none selected, gets what to do instead:
 * the service refuses them, and its refusal becomes the page's explanation.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, ctx, publicConfig } = getAppContext(context)
  // The layout shows guests a sign-in panel instead of this page.
  if (!ctx.user) return { kind: 'guest' as const }
  const state = parseListState(new URL(request.url).searchParams)
  return loadOrFail(request, async () => {
    try {
      const [list, exports] = await Promise.all([
        services.products.list(ctx, state),
        services.products.exports.describeExports(ctx),
      ])
      const { apiBaseUrl, publicUrl } = publicConfig
      const exportLinks: ExportLinks = {
        csv: { all: productsExportUrl(apiBaseUrl, 'all'), published: productsExportUrl(apiBaseUrl, 'published') },
        feedUrl:
          exports.vendorConfirmed && exports.vendorSlug
            ? vendorFeedUrl(publicUrl, apiBaseUrl, exports.vendorSlug)
            : null,
      }
      return { kind: 'list' as const, state, list, exportLinks }
    } catch (error) {
      if (isAppError(error) && error.kind === 'forbidden') {
        if (error.message === PRODUCT_MESSAGES.buyerOnly) return { kind: 'buyerOnly' as const }
        if (error.message === PRODUCT_MESSAGES.noOrganization) return { kind: 'noOrganization' as const }
      }
      throw error
    }
  })
}

/** A bulk action on the checked products; each product succeeds or fails on its own. */
export async function action({ request, context }: Route.ActionArgs): Promise<BulkResult> {
  const { services, ctx } = getAppContext(context)
  const form = await request.formData()
  const action = String(form.get('intent') ?? '')
  const ids = form.getAll('ids').map(String)
  try {
    const result = await services.products.bulk(ctx, { action, ids })
    return { ok: true, action: action as BulkAction, done: result.done.length, failed: result.failed }
  } catch (error) {
    // A refusal of the whole request (nothing checked, not allowed) is said next to the buttons.
    const refusal = refusalOf(error, {}, { alsoAnswer: 'any' })
    return { ...refusal, message: Object.values(refusal.fieldErrors)[0] ?? refusal.message }
  }
}

function Explanation({ children, linkLabel }: { children: ReactNode; linkLabel: string }) {
  return (
    <Paper withBorder p="xl">
      <Stack gap="md" align="start">
        <Text maw={640}>{children}</Text>
        <Anchor component={AppLink} to={COMPANY_PATH} fw={600}>
          {linkLabel}
        </Anchor>
      </Stack>
    </Paper>
  )
}

export default function ProductsRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'guest') return null
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Товары
        </Title>
        {loaderData.kind === 'list' && (
          <Group gap="sm">
            <Button
              component={AppLink}
              to={IMPORT_PRODUCTS_PATH}
              variant="default"
              leftSection={<IconFileUpload size={18} aria-hidden="true" />}
            >
              Загрузить из файла
            </Button>
            <Button component={AppLink} to={NEW_PRODUCT_PATH} leftSection={<IconPlus size={18} aria-hidden="true" />}>
              Добавить товар
            </Button>
          </Group>
        )}
      </Group>
      {loaderData.kind === 'buyerOnly' && (
        <Explanation linkLabel="Запросить роль поставщика">{PRODUCT_MESSAGES.buyerOnly}</Explanation>
      )}
      {loaderData.kind === 'noOrganization' && (
        <Explanation linkLabel="Перейти к компании">
          {PRODUCT_MESSAGES.noOrganization}: товары размещаются от имени организации с ролью «Поставщик». Выберите
          организацию или зарегистрируйте новую на странице компании.
        </Explanation>
      )}
      {loaderData.kind === 'list' && <ProductsBoard state={loaderData.state} list={loaderData.list} />}
      {loaderData.kind === 'list' && <ExportPanel links={loaderData.exportLinks} />}
    </Stack>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
