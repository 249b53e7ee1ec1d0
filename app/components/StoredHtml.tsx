import type { SanitizedHtml } from '#common/html.ts'

/**
 * The one place a page inserts HTML as it is: stored text the server's allowlist cleaned when it
 * was saved, or our own static content (`ourHtml`). The type says which: a plain string does not
 * fit, so text from an editor or a form never gets here unchecked.
 */
export function StoredHtml({ html, className, id }: { html: SanitizedHtml; className?: string; id?: string }) {
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
