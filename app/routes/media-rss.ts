import { getAppContext } from '#app/lib/load-context.ts'
import { ARTICLE_RUBRIC_LABELS, type ArticleCard, mediaLinks } from '#common/media/articles.ts'
import { PLATFORM } from '#content/company.ts'
import type { Route } from './+types/media-rss'

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** RSS 2.0 of the newest public articles: title, link, guid, date, lead, rubric. */
export function rssXml(publicUrl: string, articles: ArticleCard[], now = new Date()): string {
  const listUrl = `${publicUrl}${mediaLinks.list()}`
  const items = articles.map((a) => {
    const link = `${publicUrl}${mediaLinks.article(a.slug)}`
    return [
      '    <item>',
      `      <title>${escapeXml(a.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(a.lead)}</description>`,
      `      <category>${escapeXml(ARTICLE_RUBRIC_LABELS[a.rubric])}</category>`,
      '    </item>',
    ].join('\n')
  })
  const newest = articles[0] ? new Date(articles[0].publishedAt) : now
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(`Медиа — ${PLATFORM.brand}`)}</title>`,
    `    <link>${escapeXml(listUrl)}</link>`,
    `    <description>${escapeXml('Новости, обзоры, гиды, кейсы и регулирование беспилотной авиации')}</description>`,
    '    <language>ru</language>',
    `    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${publicUrl}${mediaLinks.rss}`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

/** /media/rss.xml: the feed readers and aggregators subscribe to. */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicConfig, services, ctx } = getAppContext(context)
  const articles = await services.media.feed(ctx, 30)
  // Revalidated on every fetch: an article appears in the feed the moment it is public.
  return new Response(rssXml(publicConfig.publicUrl, articles), {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, no-cache' },
  })
}
