import { ArticleView } from '#app/components/media/ArticleView.tsx'
import { mediaMeta } from '#app/components/media/media-meta.ts'
import { buildArticleSeo } from '#app/components/media/media-seo.server.ts'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import type { Route } from './+types/media-article'

/**
 * /media/{slug}: a published article, its embedded products read live (price, availability).
 * An unknown, draft, scheduled or archived slug is the spec's 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, ctx, publicConfig } = getAppContext(context)
  const article = await loadOrFail(request, () => services.media.article(ctx, params.slug))
  const { seo, jsonLd } = buildArticleSeo(publicConfig.publicUrl, article)
  return { article, seo, jsonLd }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => mediaMeta(loaderData))

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function MediaArticleRoute({ loaderData }: Route.ComponentProps) {
  return <ArticleView article={loaderData.article} url={loaderData.seo.canonical} />
}
