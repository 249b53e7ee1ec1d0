import { ASSETS_PREFIX, type ImageUrlOptions } from '#common/images.ts'
import { BODY_IMAGE_WIDTH, bodyPictureHtml } from './article-image.ts'
import type { SanitizedHtml } from '#common/html.ts'

const IMG = /<img\b([^>]*)>/g
const TABLE_OPEN = /<table\b/g
const TABLE_CLOSE = /<\/table>/g

/** Where pictures come from: the CDN and the static pictures' version, as AppImage has them. */
type ImageSource = Pick<ImageUrlOptions, 'cdnUrl' | 'version'>

const attribute = (attrs: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1]

/**
 * A body picture from the image service (bodyPictureHtml), drawn at its own size up to the
 * column's width, its width and height kept so nothing shifts. Anything else is left as the
 * sanitizer wrote it.
 */
function sizedImage(tag: string, attrs: string, images: ImageSource): string {
  const src = attribute(attrs, 'src')
  const width = Number(attribute(attrs, 'width'))
  const height = Number(attribute(attrs, 'height'))
  if (!src?.startsWith(ASSETS_PREFIX) || !(width > 0) || !(height > 0)) return tag
  const w = Math.min(width, BODY_IMAGE_WIDTH)
  const h = Math.round((height * w) / width)
  return bodyPictureHtml(src, attribute(attrs, 'alt') ?? '', { width: w, height: h }, images)
}

/**
 * What the page does to an article's sanitized HTML before showing it: pictures sized by the image
 * service, and each table wrapped in a box that scrolls sideways on a narrow screen instead of the
 * page (focusable, so keyboard users can scroll it too). The markup is the sanitizer's
 * (server/text/sanitize.ts: known tags, attributes in double quotes), so patterns read it safely.
 */
export function prepareArticleHtml(
  html: SanitizedHtml,
  tableScrollClass: string,
  images: ImageSource = { cdnUrl: '' },
): SanitizedHtml {
  // Still safe: only our own markup is added (a picture of the image service, a wrapping box).
  return html
    .replace(IMG, (tag, attrs: string) => sizedImage(tag, attrs, images))
    .replace(TABLE_OPEN, `<div class="${tableScrollClass}" tabindex="0" role="region" aria-label="Таблица"><table`)
    .replace(TABLE_CLOSE, '</table></div>') as SanitizedHtml
}
