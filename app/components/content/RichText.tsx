import type { SanitizedHtml } from '#common/html.ts'
import { StoredHtml } from '../StoredHtml.tsx'

/**
 * Our own static markup from `content/`: written by us in the repository, never user input, so it
 * may be inserted as it is. The one place the client marks a string as such.
 */
const ourHtml = (html: string) => html as SanitizedHtml

/** Renders our own static content markup from `content/`. */
export function RichText({ html, id }: { html: string; id?: string }) {
  return <StoredHtml id={id} className="rich-text" html={ourHtml(html)} />
}
