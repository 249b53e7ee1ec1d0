import { redirect } from 'react-router'
import { Pagination } from '#app/components/catalog/Pagination.tsx'
import { withoutEmptyFields } from '#app/components/catalog/listing-url.ts'
import { ArticleCardList } from '#app/components/media/ArticleCards.tsx'
import { FeaturedArticle } from '#app/components/media/FeaturedArticle.tsx'
import { MediaFilters } from '#app/components/media/MediaFilters.tsx'
import classes from '#app/components/media/MediaList.module.css'
import { mediaMeta } from '#app/components/media/media-meta.ts'
import { buildMediaListSeo } from '#app/components/media/media-seo.server.ts'
import { AppLink } from '#app/components/AppLink.tsx'
import { Breadcrumbs } from '#app/components/product/Breadcrumbs.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { formatCount } from '#app/lib/format.ts'
import { loadOrFail, notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { ARTICLE_RUBRIC_LABELS, MEDIA_SEARCH_MAX, mediaLinks } from '#common/media/article-constants.ts'
import { MediaQuery } from '#common/media/articles.ts'
import type { Route } from './+types/media'
import { quote } from '#common/format.ts'

const ARTICLE_FORMS = ['статья', 'статьи', 'статей'] as const

/**
 * The list's state from the address. A search longer than the limit is cut rather than refused
 * (it came from a form); an unknown rubric or a page that is not a number is not a page: 404.
 */
function parseQuery(request: Request): MediaQuery {
  const params = new URL(request.url).searchParams
  const parsed = MediaQuery.safeParse({
    rubric: params.get('rubric') ?? undefined,
    tag: params.get('tag') ?? undefined,
    q: params.get('q')?.slice(0, MEDIA_SEARCH_MAX) ?? undefined,
    page: params.get('page') ?? undefined,
  })
  if (!parsed.success) notFound(request)
  return parsed.data
}

/** /media: published articles, newest first, the newest of all large on the first unfiltered page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A GET form sends its empty fields: the address keeps only what was chosen.
  const clean = withoutEmptyFields(request)
  if (clean) throw redirect(clean)
  const { services, ctx, publicConfig } = getAppContext(context)
  const query = parseQuery(request)
  const page = await loadOrFail(request, () => services.media.list(ctx, query))
  // A page past the end (an old link after articles were archived) is not a page.
  if (query.page > 1 && query.page > page.pageCount) notFound(request)
  return {
    page,
    // Search results are for people; crawlers get rubrics, tags and their pages.
    noindex: Boolean(query.q),
    ...buildMediaListSeo(publicConfig.publicUrl, query),
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => mediaMeta(loaderData))

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function MediaRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  const { query } = page
  const rubric = query.rubric ? ARTICLE_RUBRIC_LABELS[query.rubric] : null
  const filtered = Boolean(query.rubric || query.tag || query.q)
  return (
    <>
      <Breadcrumbs
        crumbs={rubric ? [{ label: 'Медиа', to: mediaLinks.list() }, { label: rubric }] : [{ label: 'Медиа' }]}
      />
      <h1 className={classes.title}>{rubric ? `Медиа: ${rubric.toLowerCase()}` : 'Медиа'}</h1>
      <p className={classes.lead}>
        Новости рынка, обзоры техники, гиды по регистрации и разрешениям, кейсы применения беспилотников в отраслях.
      </p>
      <MediaFilters page={page} />
      {filtered && (
        <p className={classes.status} role="status">
          {query.q ? `По запросу ${quote(query.q)} найдено: ` : 'Найдено: '}
          {formatCount(page.total, ARTICLE_FORMS)}
        </p>
      )}

      {page.featured && <FeaturedArticle article={page.featured} />}

      {page.items.length > 0 ? (
        <section aria-labelledby="articles-title">
          <h2 id="articles-title" className={page.featured ? classes.gridTitle : classes.visuallyHidden}>
            {page.featured ? 'Свежие статьи' : 'Статьи'}
          </h2>
          <ArticleCardList articles={page.items} firstIsPriority={!page.featured} />
        </section>
      ) : (
        !page.featured && (
          <div className={classes.empty}>
            <p>
              {filtered
                ? 'По этим условиям статей нет. Попробуйте другую рубрику, тег или запрос.'
                : 'Статьи ещё не опубликованы.'}
            </p>
            <AppLink to={filtered ? mediaLinks.list() : '/'} className={classes.emptyLink}>
              {filtered ? 'Все статьи' : 'На главную'}
            </AppLink>
          </div>
        )
      )}

      <Pagination
        page={query.page}
        pageCount={page.pageCount}
        hrefFor={(p) => mediaLinks.list({ ...query, page: p })}
      />
    </>
  )
}
