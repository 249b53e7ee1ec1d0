import { getAppContext } from '#app/lib/load-context.ts'
import type { Route } from './+types/robots'

/** Crawlers may index the public pages; the account, API and cart are private. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = getAppContext(context).publicConfig
  const body = [
    'User-agent: *',
    'Disallow: /personal-account/',
    'Disallow: /api/',
    'Disallow: /cart',
    'Disallow: /chat',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
