import { describe, expect, it } from 'vitest'
import { seoMeta } from '#app/lib/seo.ts'
import { ARTICLE_COVER_SIZE, type ArticlePage, MediaQuery } from '#common/media/articles.ts'
import { formatReadingTime } from './article-format.ts'
import { buildArticleSeo, buildMediaListSeo } from './media-seo.server.ts'

const URL = 'https://bas.example'

function article(overrides: Partial<ArticlePage> = {}): ArticlePage {
  return {
    id: 'a1',
    slug: 'kak-zaregistrirovat-dron',
    title: 'Как зарегистрировать дрон в 2026 году',
    lead: 'Пошагово: какие БАС ставят на учёт, через какой сервис и сколько это занимает.',
    rubric: 'guides',
    tags: ['регистрация', 'Госуслуги'],
    cover: { src: 'media/registration.svg', kind: 'asset', alt: 'Дрон и документы', ...ARTICLE_COVER_SIZE },
    publishedAt: '2026-11-20T09:00:00.000Z',
    readingMinutes: 7,
    author: { name: 'Анна Петрова' },
    updatedAt: '2026-11-22T12:30:00.000Z',
    seoTitle: 'Регистрация дрона в 2026 году: пошаговая инструкция',
    seoDescription: 'Какие беспилотники регистрируют, документы и сроки.',
    headings: [],
    blocks: [],
    related: [],
    ...overrides,
  }
}

const metaContent = (tags: ReturnType<typeof seoMeta>, property: string) =>
  tags.filter((t) => 'property' in t && t.property === property).map((t) => (t as { content: string }).content)

describe('an article’s SEO', () => {
  it('has the SEO title and description, the canonical, and Open Graph as an article with its cover', () => {
    const { seo } = buildArticleSeo(URL, article())
    expect(seo.title).toBe('Регистрация дрона в 2026 году: пошаговая инструкция | БАС Маркет')
    expect(seo.description).toBe('Какие беспилотники регистрируют, документы и сроки.')
    expect(seo.canonical).toBe(`${URL}/media/kak-zaregistrirovat-dron`)
    expect(seo.image).toBe(`${URL}/marketplace-frontend-assets/media/registration.svg?w=1200&h=630&f=png`)
    const tags = seoMeta(seo)
    expect(metaContent(tags, 'og:type')).toEqual(['article'])
    expect(metaContent(tags, 'article:published_time')).toEqual(['2026-11-20T09:00:00.000Z'])
    expect(metaContent(tags, 'article:modified_time')).toEqual(['2026-11-22T12:30:00.000Z'])
    expect(metaContent(tags, 'article:section')).toEqual(['Гиды'])
    expect(metaContent(tags, 'article:tag')).toEqual(['регистрация', 'Госуслуги'])
  })

  it('falls back to the title and lead without SEO fields; an upload’s cover is sized by the image service', () => {
    const { seo } = buildArticleSeo(
      URL,
      article({
        seoTitle: '',
        seoDescription: '',
        cover: {
          src: '/marketplace-frontend-assets/product-photos/ab12.webp',
          kind: 'upload',
          alt: '',
          width: 800,
          height: 600,
        },
      }),
    )
    expect(seo.title).toBe('Как зарегистрировать дрон в 2026 году | БАС Маркет')
    expect(seo.description).toBe('Пошагово: какие БАС ставят на учёт, через какой сервис и сколько это занимает.')
    expect(seo.image).toBe(`${URL}/marketplace-frontend-assets/product-photos/ab12.webp?w=1200&h=630&f=png`)
  })

  it('describes the article in JSON-LD Article and BreadcrumbList', () => {
    const [articleLd, crumbs] = buildArticleSeo(URL, article()).jsonLd
    expect(articleLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Как зарегистрировать дрон в 2026 году',
      image: [`${URL}/marketplace-frontend-assets/media/registration.svg?w=1200&h=630&f=png`],
      datePublished: '2026-11-20T09:00:00.000Z',
      dateModified: '2026-11-22T12:30:00.000Z',
      author: { '@type': 'Person', name: 'Анна Петрова' },
      publisher: { '@type': 'Organization', name: 'БАС Маркет' },
      mainEntityOfPage: { '@id': `${URL}/media/kak-zaregistrirovat-dron` },
    })
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Главная', item: `${URL}/` },
        { position: 2, name: 'Медиа', item: `${URL}/media` },
        { position: 3, name: 'Гиды', item: `${URL}/media?rubric=guides` },
        { position: 4, name: 'Как зарегистрировать дрон в 2026 году', item: `${URL}/media/kak-zaregistrirovat-dron` },
      ],
    })
    expect(buildArticleSeo(URL, article({ author: { name: 'Редакция БАС Маркет' } })).jsonLd[0]).toMatchObject({
      author: { '@type': 'Organization' },
    })
  })
})

describe('the list’s SEO', () => {
  it('gives the rubric, the tag and the page their own canonical, never the search', () => {
    const plain = buildMediaListSeo(URL, MediaQuery.parse({}))
    expect(plain.seo.canonical).toBe(`${URL}/media`)
    expect(plain.seo.title).toBe('Медиа о беспилотниках: новости, обзоры, гиды | БАС Маркет')

    const rubric = buildMediaListSeo(URL, MediaQuery.parse({ rubric: 'regulation', page: '2', q: 'ОрВД' }))
    expect(rubric.seo.canonical).toBe(`${URL}/media?rubric=regulation&page=2`)
    expect(rubric.seo.title).toBe('Регулирование — медиа о беспилотниках, страница 2 | БАС Маркет')
    expect(rubric.jsonLd[0]).toMatchObject({
      itemListElement: [{ name: 'Главная' }, { name: 'Медиа' }, { name: 'Регулирование' }],
    })

    const tag = buildMediaListSeo(URL, MediaQuery.parse({ tag: 'агродроны' }))
    expect(tag.seo.canonical).toBe(`${URL}/media?tag=${encodeURIComponent('агродроны')}`)
    expect(tag.seo.title).toContain('#агродроны')
  })
})

describe('reading time', () => {
  it('takes the Russian plural of minutes', () => {
    expect(formatReadingTime(1)).toBe('1 минута чтения')
    expect(formatReadingTime(3)).toBe('3 минуты чтения')
    expect(formatReadingTime(7)).toBe('7 минут чтения')
    expect(formatReadingTime(21)).toBe('21 минута чтения')
  })
})
