import { IconArrowRight } from '@tabler/icons-react'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { PageHeader } from '#app/components/content/PageHeader.tsx'
import { RichText } from '#app/components/content/RichText.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { buttonClass, ButtonContent } from '#app/components/ui/button.tsx'
import ui from '#app/components/ui/ui.module.css'
import { notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { buildImageUrl, SHARE_IMAGE_SIZES } from '#common/images.ts'
import { sphereCatalogLink } from '#common/spheres.ts'
import { getSphere } from '#content/spheres/index.ts'
import type { Route } from './+types/sphere'
import classes from './sphere.module.css'
import { quote } from '#common/format.ts'

/** /spheres/{slug}: only the 12 known slugs; anything else is the spec's 404. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const sphere = getSphere(params.slug)
  if (!sphere) notFound(request)
  const { publicConfig } = getAppContext(context)
  const ogImage = buildImageUrl(sphere.image, { cdnUrl: '', ...SHARE_IMAGE_SIZES.sphere, format: 'png' })
  return {
    sphere,
    catalogLink: sphereCatalogLink(sphere.slug),
    seo: buildSeo(publicConfig.publicUrl, {
      title: sphere.meta.title,
      description: sphere.meta.description,
      path: `/spheres/${sphere.slug}`,
      image: ogImage,
    }),
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => seoMeta(loaderData?.seo))

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function SphereRoute({ loaderData }: Route.ComponentProps) {
  const { sphere, catalogLink } = loaderData
  const catalogButton = (
    <AppLink to={catalogLink} className={buttonClass({ size: 'md', right: true })}>
      <ButtonContent right={<IconArrowRight size={18} aria-hidden="true" />}>Подобрать в каталоге</ButtonContent>
    </AppLink>
  )
  return (
    <>
      <PageHeader
        title={sphere.title}
        lead={sphere.summary}
        crumbs={[{ to: `/spheres/${sphere.slug}`, label: sphere.shortTitle }]}
      >
        <div className={classes.actions}>{catalogButton}</div>
      </PageHeader>
      <div className={classes.grid}>
        <div className={classes.main}>
          <AppImage src={sphere.image} alt={sphere.imageAlt} size="sphere" priority />
          <RichText html={sphere.description} />
        </div>
        <div className={classes.aside}>
          <div className={`${ui.panel} ${classes.offer}`}>
            <p className={`${ui.text} ${ui.lg} ${ui.bold}`}>Техника для отрасли {quote(sphere.shortTitle)}</p>
            <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
              В каталоге — беспилотники и полезная нагрузка, которые продавцы отметили как подходящие для этой сферы.
            </p>
            {catalogButton}
          </div>
        </div>
      </div>
    </>
  )
}
