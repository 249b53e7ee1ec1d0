import { sanitizeArticleHtml, sanitizeRichText } from './sanitize.ts'
import type { CleanTask } from './clean.ts'

// A worker thread of the cleaning pool (clean.ts): one sanitizer pass over one text.
export default function clean({ profile, html }: CleanTask): string {
  return profile === 'article' ? sanitizeArticleHtml(html) : sanitizeRichText(html)
}
