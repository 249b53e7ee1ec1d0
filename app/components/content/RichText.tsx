/** Renders our own static content markup from `content/` (trusted: written by us, never user input). */
export function RichText({ html, id }: { html: string; id?: string }) {
  return <div id={id} className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
}
