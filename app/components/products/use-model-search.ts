import { useEffect, useRef, useState } from 'react'
import { MODEL_QUERY_MIN, type ModelSummary } from '#common/catalog/models.ts'

/** How long after the last keystroke the search asks the server. */
const SEARCH_DELAY_MS = 300

export type ModelSearchState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; query: string; models: ModelSummary[] }
  | { state: 'failed' }

/**
 * The catalogue's models as a vendor types (GET /cabinet/models): by name, part number or GTIN,
 * a while after the last keystroke, a newer search cancelling an older one. `kind: 'drones'`
 * finds drone models only (an accessory's «Совместимость»).
 */
export function useModelSearch(kind: 'any' | 'drones' = 'any') {
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState<ModelSearchState>({ state: 'idle' })
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const asked = useRef<AbortController>(undefined)
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      asked.current?.abort()
    },
    [],
  )

  function changed(text: string) {
    setQuery(text)
    clearTimeout(timer.current)
    asked.current?.abort()
    const q = text.trim()
    if (q.length < MODEL_QUERY_MIN) {
      setSearch({ state: 'idle' })
      return
    }
    setSearch({ state: 'loading' })
    timer.current = setTimeout(async () => {
      const controller = (asked.current = new AbortController())
      try {
        const response = await fetch(`/api/v1/cabinet/models?q=${encodeURIComponent(q)}&kind=${kind}`, {
          signal: controller.signal,
        })
        if (!response.ok) throw new Error(String(response.status))
        const body = (await response.json()) as { data: ModelSummary[] }
        setSearch({ state: 'done', query: q, models: body.data })
      } catch {
        // Aborted by a newer keystroke: that search answers instead.
        if (!controller.signal.aborted) setSearch({ state: 'failed' })
      }
    }, SEARCH_DELAY_MS)
  }

  return { query, search, changed }
}
