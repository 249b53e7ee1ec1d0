import { type FormEvent, useCallback, useState } from 'react'

const NONE: ReadonlySet<string> = new Set()

/**
 * A refusal's field errors without those of the fields changed since: a field the user has fixed
 * stops being red at once, and the next submission checks it again.
 */
export function withoutEdited(errors: Record<string, string>, edited: ReadonlySet<string>): Record<string, string> {
  if (!edited.size) return errors
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !edited.has(name)))
}

/**
 * Which fields of a form the user has changed since its last answer (`answers`: the refusal, the
 * client-side check's errors). A new answer starts afresh. `onEdit` goes on the form's onChange:
 * every input, select and textarea reports there by its name; a form that keeps its fields in
 * state calls `mark` with the field's name instead.
 */
export function useEditedFields(...answers: unknown[]): {
  edited: ReadonlySet<string>
  onEdit: (event: FormEvent<HTMLFormElement>) => void
  mark: (name: string) => void
} {
  const [seen, setSeen] = useState({ answers, edited: NONE })
  const same = seen.answers.length === answers.length && seen.answers.every((a, i) => a === answers[i])
  // A new answer: adjusted while rendering, so its errors show in full on the same render.
  if (!same) setSeen({ answers, edited: NONE })
  const mark = useCallback((name: string) => {
    setSeen((current) =>
      current.edited.has(name) ? current : { ...current, edited: new Set([...current.edited, name]) },
    )
  }, [])
  const onEdit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const name = (event.target as { name?: unknown }).name
      if (typeof name === 'string' && name) mark(name)
    },
    [mark],
  )
  return { edited: same ? seen.edited : NONE, onEdit, mark }
}
