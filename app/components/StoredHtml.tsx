import type { HTMLAttributes, Ref } from 'react'
import type { SanitizedHtml } from '#common/html.ts'

/** The box's own attributes (an editable draft's role and handlers, say); never its content. */
type BoxProps = Omit<HTMLAttributes<HTMLDivElement>, 'dangerouslySetInnerHTML' | 'children'>

/**
 * The one place a page inserts HTML as it is: stored text the server's allowlist cleaned when it
 * was saved, or our own static content (`ourHtml`). The type says which: a plain string does not
 * fit, so text from an editor or a form never gets here unchecked.
 */
export function StoredHtml({ html, ref, ...box }: { html: SanitizedHtml; ref?: Ref<HTMLDivElement> } & BoxProps) {
  return <div ref={ref} {...box} dangerouslySetInnerHTML={{ __html: html }} />
}
