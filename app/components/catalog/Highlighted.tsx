import { splitHighlighted } from './highlight.ts'

/** Text with the server's search matches in <mark>; React escapes the rest. */
export function Highlighted({ html }: { html: string }) {
  return <>{splitHighlighted(html).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</>
}
