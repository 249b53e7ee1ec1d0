import { type RefObject, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Highlighted } from '#app/components/catalog/Highlighted.tsx'
import { api } from '#app/lib/api.ts'
import { formatOffer } from '#common/catalog/format.ts'
import type { Suggestion } from '#common/catalog/types.ts'
import classes from './SearchSuggestions.module.css'
import { quote } from '#common/format.ts'

const MIN_CHARS = 2
const DELAY_MS = 200
const KIND_LABELS: Record<Suggestion['kind'], string> = { product: 'товар', brand: 'бренд', category: 'раздел' }

/**
 * Turns the header's search box into an ARIA combobox with a listbox of suggestions (loaded on
 * the first focus of the box, so the box is a plain search field until then). Asks the API
 * 200 ms after the last keystroke, cancels a request that newer typing made stale, and handles
 * the keys: arrows move, Enter opens the option, Escape closes the list. A product whose title
 * another option shares shows its seller and price under the title, as part of the option's text.
 */
export default function SearchSuggestions({
  input,
  listId,
}: {
  input: RefObject<HTMLInputElement | null>
  listId: string
}) {
  const navigate = useNavigate()
  const location = useLocation()
  const [items, setItems] = useState<Suggestion[]>([])
  /** The text the last answer was for, when it had no suggestions. */
  const [emptyFor, setEmptyFor] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [seenLocation, setSeenLocation] = useState(location.key)
  const shown = open && items.length > 0
  const nothingFor = open && !items.length ? emptyFor : null
  const optionId = (i: number) => `${listId}-${i}`

  // Any navigation closes the list.
  if (seenLocation !== location.key) {
    setSeenLocation(location.key)
    setOpen(false)
  }

  // The box is the header's (rendered without these attributes); this module owns them.
  useEffect(() => {
    const el = input.current
    if (!el) return
    el.setAttribute('role', 'combobox')
    el.setAttribute('aria-autocomplete', 'list')
    el.setAttribute('aria-controls', listId)
    return () => ['role', 'aria-autocomplete', 'aria-controls'].forEach((name) => el.removeAttribute(name))
  }, [input, listId])
  useEffect(() => {
    const el = input.current
    if (!el) return
    el.setAttribute('aria-expanded', String(shown))
    if (shown && active >= 0) el.setAttribute('aria-activedescendant', `${listId}-${active}`)
    else el.removeAttribute('aria-activedescendant')
  }, [input, listId, shown, active])

  useEffect(() => {
    const el = input.current
    if (!el) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let controller: AbortController | undefined
    const lookUp = () => {
      clearTimeout(timer)
      controller?.abort()
      const q = el.value.trim()
      if (q.length < MIN_CHARS) {
        setItems([])
        setEmptyFor(null)
        return
      }
      timer = setTimeout(async () => {
        const request = (controller = new AbortController())
        try {
          const { data } = await api.get<{ data: Suggestion[] }>('/catalog/suggestions', {
            query: { q },
            signal: request.signal,
            retry: 0,
          })
          setItems(data)
          setEmptyFor(data.length ? null : q)
          setActive(-1)
          setOpen(document.activeElement === el)
        } catch {
          // Cancelled by newer typing, or failed: the box still searches on Enter.
        }
      }, DELAY_MS)
    }
    const show = () => setOpen(true)
    const hide = () => setOpen(false)
    el.addEventListener('input', lookUp)
    el.addEventListener('input', show)
    el.addEventListener('focus', show)
    el.addEventListener('blur', hide)
    // What was typed before this code arrived.
    if (document.activeElement === el) lookUp()
    return () => {
      clearTimeout(timer)
      controller?.abort()
      el.removeEventListener('input', lookUp)
      el.removeEventListener('input', show)
      el.removeEventListener('focus', show)
      el.removeEventListener('blur', hide)
    }
  }, [input])

  useEffect(() => {
    const el = input.current
    if (!el) return
    const onKeyDown = (e: KeyboardEvent) => {
      const n = items.length
      if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && n > 0) {
        e.preventDefault()
        setOpen(true)
        if (e.key === 'ArrowDown') setActive(shown && active < n - 1 ? active + 1 : 0)
        else setActive(shown && active > 0 ? active - 1 : n - 1)
      } else if (e.key === 'Enter' && shown && items[active]) {
        e.preventDefault()
        void navigate(items[active].href)
      } else if (e.key === 'Escape' && shown) {
        e.preventDefault() // a search input would also clear itself
        setOpen(false)
        setActive(-1)
      }
    }
    el.addEventListener('keydown', onKeyDown)
    return () => el.removeEventListener('keydown', onKeyDown)
  }, [input, items, shown, active, navigate])

  return (
    <>
      {/* Outside the listbox (only options belong there); a status, so screen readers hear it. */}
      <p role="status" className={classes.empty} hidden={!nothingFor}>
        {nothingFor ? `Подсказок для ${quote(nothingFor)} нет. Нажмите Enter, чтобы искать по всему каталогу.` : ''}
      </p>
      <ul id={listId} role="listbox" aria-label="Подсказки" className={classes.list} hidden={!shown}>
        {shown &&
          items.map((item, i) => (
            // The listbox pattern: focus stays in the box, so a press must not take it away.
            <li
              key={item.href}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={classes.option}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => void navigate(item.href)}
            >
              <span className={classes.optionLabel}>
                <span data-testid="suggestion-title">
                  <Highlighted html={item.labelHighlighted} />
                </span>
                {item.offer && (
                  <span className={classes.optionOffer}>
                    {/* Read as one sentence: «Title, seller, price». */}
                    <span className={classes.visuallyHidden}>, </span>
                    {formatOffer(item.offer)}
                  </span>
                )}
              </span>
              <span className={classes.optionKind}>{KIND_LABELS[item.kind]}</span>
            </li>
          ))}
      </ul>
    </>
  )
}
