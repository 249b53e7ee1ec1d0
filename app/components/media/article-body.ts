import { ASSETS_PREFIX } from '#common/images.ts'
import { articleImageUrl } from './article-image.ts'

/** The body column's width in CSS pixels (46rem): pictures are asked for at this width, 1x and 2x. */
export const BODY_IMAGE_WIDTH = 736

const IMG = /<img\b([^>]*)>/g
const TABLE_OPEN = /<table\b/g
const TABLE_CLOSE = /<\/table>/g

const attribute = (attrs: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1]

/**
 * A body picture from the image service, at the column's width in WebP with its 2x variant, lazy
 * (the cover is the page's first picture), its width and height kept so nothing shifts. Anything
 * else is left as the sanitizer wrote it.
 */
function sizedImage(tag: string, attrs: string): string {
  const src = attribute(attrs, 'src')
  const width = Number(attribute(attrs, 'width'))
  const height = Number(attribute(attrs, 'height'))
  if (!src?.startsWith(ASSETS_PREFIX) || !(width > 0) || !(height > 0)) return tag
  const w = Math.min(width, BODY_IMAGE_WIDTH)
  const h = Math.round((height * w) / width)
  const image = { src, kind: 'upload', alt: '', width, height } as const
  const x1 = articleImageUrl(image, { width: w, height: h })
  const x2 = articleImageUrl(image, { width: w * 2, height: h * 2 })
  const alt = attribute(attrs, 'alt') ?? ''
  return `<img src="${x1}" srcset="${x1} 1x, ${x2} 2x" alt="${alt}" width="${w}" height="${h}" loading="lazy" decoding="async">`
}

/**
 * What the page does to an article's sanitized HTML before showing it: pictures sized by the image
 * service, and each table wrapped in a box that scrolls sideways on a narrow screen instead of the
 * page (focusable, so keyboard users can scroll it too). The markup is the sanitizer's
 * (server/text/sanitize.ts: known tags, attributes in double quotes), so patterns read it safely.
 */
export function prepareArticleHtml(html: string, tableScrollClass: string): string {
  return html
    .replace(IMG, (tag, attrs: string) => sizedImage(tag, attrs))
    .replace(TABLE_OPEN, `<div class="${tableScrollClass}" tabindex="0" role="region" aria-label="Таблица"><table`)
    .replace(TABLE_CLOSE, '</table></div>')
}
