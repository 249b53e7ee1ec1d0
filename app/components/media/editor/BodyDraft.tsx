import { type RefObject, useEffect } from 'react'
import { StoredHtml } from '#app/components/StoredHtml.tsx'
import type { SanitizedHtml } from '#common/html.ts'
import classes from './article-editor.module.css'

/**
 * The article's body until the editor has loaded: the saved HTML in a plain editable box, so the
 * text can be read, scrolled and typed into from the first paint, before any script has run.
 * Tiptap, its extensions and the toolbar take a slow phone a few seconds more; when the editor is
 * ready it starts from what is in this box and takes its place (ArticleBodyEditor's `onReady`).
 *
 * The box holds the saved body as the server stored it; what the user types stays in the box
 * (nothing re-renders its content, so the caret stays put) and reaches the form through `onChange`.
 */
export function BodyDraft({
  ref: box,
  saved,
  onChange,
  labelId,
  invalid,
}: {
  /** The box, for the editor taking over to see whether it had the caret. */
  ref: RefObject<HTMLDivElement | null>
  saved: SanitizedHtml
  onChange: (html: string) => void
  labelId: string
  invalid: boolean
}) {
  // Typed before the page hydrated: React keeps the box as the browser has it; hand that on. The
  // saved HTML is compared as the browser writes it back, so mere spelling is no change.
  useEffect(() => {
    const html = box.current?.innerHTML ?? ''
    if (html !== asBrowserWrites(saved)) onChange(html)
    // Once, at hydration: later changes arrive through onInput.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <StoredHtml
      html={saved}
      ref={box}
      className={classes.draft}
      contentEditable
      suppressContentEditableWarning
      role="textbox"
      aria-multiline="true"
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
      data-testid="article-body-draft"
      onInput={(event) => onChange(event.currentTarget.innerHTML)}
    />
  )
}

function asBrowserWrites(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.innerHTML
}
