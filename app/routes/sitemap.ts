import { getAppContext } from '#app/lib/load-context.ts'
import { SPHERE_SLUGS } from '#common/spheres.ts'
import { INFO_PAGES } from '#content/info-pages.ts'
import { LEGAL_DOCUMENTS } from '#content/legal/index.ts'
import type { Route } from './+types/sitemap'

/** Every public page a search engine should index; catalogue and products join as they land. */
export function sitemapPaths(): string[] {
  return [
    '/',
    ...SPHERE_SLUGS.map((slug) => `/spheres/${slug}`),
    ...INFO_PAGES.keys(),
    '/legal-information',
    ...LEGAL_DOCUMENTS.map((doc) => `/legal-information/${doc.slug}`),
  ]
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = getAppContext(context).publicConfig
  const urls = sitemapPaths()
    .map((path) => `  <url><loc>${escapeXml(publicUrl + path)}</loc></url>`)
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
