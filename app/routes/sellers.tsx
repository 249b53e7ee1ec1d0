import { Breadcrumbs } from '#app/components/product/Breadcrumbs.tsx'
import { Pagination } from '#app/components/catalog/Pagination.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { SellerTile } from '#app/components/sellers/SellerTile.tsx'
import classes from '#app/components/sellers/sellers.module.css'
import cards from '#app/components/ui/card-grid.module.css'
import { formatCount } from '#app/lib/format.ts'
import { notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { PLATFORM } from '#content/company.ts'
import type { Route } from './+types/sellers'

const SELLER_FORMS = ['поставщик', 'поставщика', 'поставщиков'] as const

/** `?page=N`; anything that is not a page number shows the first page. */
function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page')
  const page = Number(raw)
  return raw && Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

const pageHref = (page: number) => (page > 1 ? `/sellers?page=${page}` : '/sellers')

/** /sellers: organizations with a confirmed vendor role, 24 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, ctx, publicConfig } = getAppContext(context)
  const page = pageParam(request)
  const sellers = await services.sellers.listSellers(ctx, { page })
  // A page past the end is not a page (an old link after sellers left): the 404 page.
  if (page > 1 && page > sellers.pageCount) notFound(request)
  const suffix = page > 1 ? `, страница ${page}` : ''
  return {
    sellers,
    seo: buildSeo(publicConfig.publicUrl, {
      title: `Продавцы беспилотников${suffix} | ${PLATFORM.brand}`,
      description: `${formatCount(sellers.total, SELLER_FORMS)} беспилотных систем на ${PLATFORM.brand}: производители и дистрибьюторы с подтверждёнными документами, их регионы и товары в каталоге.`,
      path: pageHref(page),
    }),
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => seoMeta(loaderData?.seo))

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function SellersRoute({ loaderData }: Route.ComponentProps) {
  const { sellers } = loaderData
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Продавцы' }]} />
      <h1 className={classes.title}>Продавцы</h1>
      <p className={classes.lead}>
        {formatCount(sellers.total, SELLER_FORMS)} беспилотных систем: производители, дистрибьюторы и интеграторы.
        Платформа проверила документы каждого, прежде чем открыть им продажи.
      </p>
      {sellers.items.length ? (
        <ul className={`${cards.grid} ${cards.three}`}>
          {sellers.items.map((seller) => (
            <SellerTile key={seller.id} seller={seller} />
          ))}
        </ul>
      ) : (
        <p className={classes.empty}>Продавцов пока нет.</p>
      )}
      <Pagination page={sellers.page} pageCount={sellers.pageCount} hrefFor={pageHref} />
    </>
  )
}
