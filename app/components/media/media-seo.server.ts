import { buildSeo, type Seo } from '#app/lib/seo.ts'
import { buildImageUrl, SHARE_IMAGE_SIZES } from '#common/images.ts'
import {
  ARTICLE_RUBRIC_LABELS,
  type ArticlePage,
  type ArticleRubric,
  type MediaQuery,
  mediaLinks,
} from '#common/media/articles.ts'
import { PLATFORM } from '#content/company.ts'
import { quote } from '#common/format.ts'

type JsonLd = Record<string, unknown>

export interface MediaSeo {
  seo: Seo
  jsonLd: JsonLd[]
}

const RUBRIC_DESCRIPTIONS: Record<ArticleRubric, string> = {
  news: 'Новости рынка беспилотных авиационных систем: новые модели, контракты, выставки и решения отрасли.',
  reviews:
    'Обзоры и сравнения беспилотников и полезной нагрузки: характеристики, опыт эксплуатации, кому что подходит.',
  guides: 'Гиды по выбору, регистрации и эксплуатации дронов: пошаговые инструкции для компаний и операторов БАС.',
  cases:
    'Кейсы применения беспилотников в сельском хозяйстве, энергетике, строительстве, МЧС и науке: задачи и результаты.',
  regulation:
    'Регулирование беспилотной авиации в России: регистрация БАС, разрешения на полёты, зоны ограничений и изменения законов.',
}

function breadcrumbLd(publicUrl: string, crumbs: { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: `${publicUrl}${crumb.path}`,
    })),
  }
}

/**
 * /media's title, description and canonical: the rubric, the tag and the page make their own
 * pages (a search does not: it is for people, and is kept out of the index by the route).
 */
export function buildMediaListSeo(publicUrl: string, query: MediaQuery): MediaSeo {
  const rubric = query.rubric ? ARTICLE_RUBRIC_LABELS[query.rubric] : null
  const pageNote = query.page > 1 ? `, страница ${query.page}` : ''
  const subject = [rubric, query.tag && `#${query.tag}`].filter(Boolean).join(', ')
  const title = subject
    ? `${subject} — медиа о беспилотниках${pageNote} | ${PLATFORM.brand}`
    : `Медиа о беспилотниках: новости, обзоры, гиды${pageNote} | ${PLATFORM.brand}`
  const description = query.rubric
    ? RUBRIC_DESCRIPTIONS[query.rubric]
    : query.tag
      ? `Статьи о беспилотниках по теме ${quote(query.tag)}: новости, обзоры, гиды, кейсы и регулирование.`
      : 'Новости, обзоры, гиды, кейсы и регулирование беспилотной авиации: как выбрать, зарегистрировать и применять дроны в бизнесе.'
  const path = mediaLinks.list({ rubric: query.rubric, tag: query.tag, page: query.page })
  const crumbs = [
    { name: 'Главная', path: '/' },
    { name: 'Медиа', path: mediaLinks.list() },
    ...(query.rubric && rubric ? [{ name: rubric, path: mediaLinks.list({ rubric: query.rubric }) }] : []),
  ]
  return { seo: buildSeo(publicUrl, { title, description, path }), jsonLd: [breadcrumbLd(publicUrl, crumbs)] }
}

/**
 * An article's tags for search engines and link previews: title and description (the editor's
 * SEO fields, else the title and lead), canonical, Open Graph as an article with its cover, and
 * JSON-LD `Article` and `BreadcrumbList`. Built in the loader, where the public URL is known.
 */
export function buildArticleSeo(publicUrl: string, article: ArticlePage): MediaSeo {
  const path = mediaLinks.article(article.slug)
  const url = `${publicUrl}${path}`
  const rubric = ARTICLE_RUBRIC_LABELS[article.rubric]
  // The covers' own size is what link previews want; PNG so every messenger shows it.
  const ogImage = buildImageUrl(article.cover.src, { cdnUrl: '', ...SHARE_IMAGE_SIZES.article, format: 'png' })
  const description = article.seoDescription || article.lead
  const seo: Seo = {
    ...buildSeo(publicUrl, { title: `${article.seoTitle || article.title} | ${PLATFORM.brand}`, description, path }),
    // An upload kept on an absolute address (storage behind a CDN) is used as it is.
    image: /^https?:\/\//.test(ogImage) ? ogImage : `${publicUrl}${ogImage}`,
    type: 'article',
    article: {
      publishedTime: article.publishedAt,
      modifiedTime: article.updatedAt,
      section: rubric,
      tags: article.tags,
    },
  }

  const articleLd: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description,
    image: [seo.image],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    // «Редакция …» is the platform's newsroom, not a person.
    author: {
      '@type': /^редакция/i.test(article.author.name) ? 'Organization' : 'Person',
      name: article.author.name,
    },
    publisher: {
      '@type': 'Organization',
      name: PLATFORM.brand,
      url: publicUrl,
      logo: { '@type': 'ImageObject', url: `${publicUrl}/favicon.svg` },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    articleSection: rubric,
    ...(article.tags.length > 0 && { keywords: article.tags.join(', ') }),
    inLanguage: 'ru-RU',
  }
  const crumbs = breadcrumbLd(publicUrl, [
    { name: 'Главная', path: '/' },
    { name: 'Медиа', path: mediaLinks.list() },
    { name: rubric, path: mediaLinks.list({ rubric: article.rubric }) },
    { name: article.title, path },
  ])
  return { seo, jsonLd: [articleLd, crumbs] }
}
