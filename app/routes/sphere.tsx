import { Button, Grid, Group, Paper, Stack, Text } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { PageHeader } from '#app/components/content/PageHeader.tsx'
import { RichText } from '#app/components/content/RichText.tsx'
import { notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { buildImageUrl } from '#common/images.ts'
import { SPHERE_IMAGE_SIZE, sphereCatalogLink } from '#common/spheres.ts'
import { getSphere } from '#content/spheres/index.ts'
import type { Route } from './+types/sphere'

/** /spheres/{slug}: only the 12 known slugs; anything else is the spec's 404. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const sphere = getSphere(params.slug)
  if (!sphere) notFound(request)
  const { publicConfig } = getAppContext(context)
  const ogImage = buildImageUrl(sphere.image, { cdnUrl: '', ...SPHERE_IMAGE_SIZE, format: 'png' })
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

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function SphereRoute({ loaderData }: Route.ComponentProps) {
  const { sphere, catalogLink } = loaderData
  const catalogButton = (
    <Button
      component={AppLink}
      to={catalogLink}
      size="md"
      rightSection={<IconArrowRight size={18} aria-hidden="true" />}
    >
      Подобрать в каталоге
    </Button>
  )
  return (
    <>
      <PageHeader
        title={sphere.title}
        lead={sphere.summary}
        crumbs={[{ to: `/spheres/${sphere.slug}`, label: sphere.shortTitle }]}
      >
        <Group>{catalogButton}</Group>
      </PageHeader>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <AppImage
              src={sphere.image}
              alt={sphere.imageAlt}
              width={SPHERE_IMAGE_SIZE.width}
              height={SPHERE_IMAGE_SIZE.height}
              loading="eager"
              sizes="(max-width: 760px) 100vw, 760px"
            />
            <RichText html={sphere.description} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="lg" style={{ position: 'sticky', top: 96 }}>
            <Stack gap="sm">
              <Text fw={700} size="lg">
                Техника для отрасли «{sphere.shortTitle}»
              </Text>
              <Text size="sm" c="dimmed">
                В каталоге — беспилотники и полезная нагрузка, которые продавцы отметили как подходящие для этой сферы.
              </Text>
              {catalogButton}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  )
}
