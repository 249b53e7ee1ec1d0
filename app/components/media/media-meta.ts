import type { MetaDescriptor } from 'react-router'
import { type Seo, seoMeta } from '#app/lib/seo.ts'
import { mediaLinks } from '#common/media/article-constants.ts'
import { PLATFORM } from '#content/company.ts'

/**
 * The tags of a media page's `meta`: title, description, canonical and Open Graph, the JSON-LD
 * blocks (React Router escapes them, so article text cannot close the script), the RSS feed for
 * readers and crawlers that look for one, and `noindex` for search results.
 */
export function mediaMeta(
  data: { seo: Seo; jsonLd: Record<string, unknown>[]; noindex?: boolean } | undefined,
): MetaDescriptor[] {
  if (!data) return []
  const tags: MetaDescriptor[] = [
    ...seoMeta(data.seo),
    ...data.jsonLd.map((ld) => ({ 'script:ld+json': ld })),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `Медиа ${PLATFORM.brand}`,
      href: mediaLinks.rss,
    },
  ]
  if (data.noindex) tags.push({ name: 'robots', content: 'noindex, follow' })
  return tags
}
