import type { MetaDescriptor } from 'react-router'
import { PLATFORM } from '#content/company.ts'

export interface Seo {
  title: string
  description: string
  /** Absolute canonical URL. */
  canonical: string
  /** Absolute image URL for Open Graph, if the page has one. */
  image?: string
  type?: 'website' | 'article' | 'product'
  /** Open Graph's article tags, for `type: 'article'`. */
  article?: { publishedTime: string; modifiedTime: string; section: string; tags: string[] }
}

/** Built in the loader, where the public URL is known; rendered by `seoMeta` in `meta`. */
export function buildSeo(
  publicUrl: string,
  page: { title: string; description: string; path: string; image?: string },
): Seo {
  return {
    title: page.title,
    description: page.description,
    canonical: `${publicUrl}${page.path}`,
    image: page.image ? `${publicUrl}${page.image}` : undefined,
  }
}

export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return []
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: PLATFORM.brand },
    { property: 'og:locale', content: 'ru_RU' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
  ]
  if (seo.image) tags.push({ property: 'og:image', content: seo.image })
  if (seo.article) {
    tags.push(
      { property: 'article:published_time', content: seo.article.publishedTime },
      { property: 'article:modified_time', content: seo.article.modifiedTime },
      { property: 'article:section', content: seo.article.section },
      ...seo.article.tags.map((tag) => ({ property: 'article:tag', content: tag })),
    )
  }
  return tags
}
