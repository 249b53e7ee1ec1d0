import { SpriteIcon } from '#app/components/IconSprite.tsx'
import { useState } from 'react'
import { useCompareIds } from '#app/lib/compare.ts'
import { loadDeferred } from '#app/components/load-deferred.ts'
import { AppLink } from '../AppLink.tsx'
import classes from './CompareButton.module.css'

const ADD = 'Добавить к сравнению'
const REMOVE = 'Убрать из сравнения'

/**
 * Adds a product to the comparison or takes it out (a toggle: `aria-pressed`). A plain button:
 * it sits on every catalogue card, whose pages have little first-load budget left; what a click
 * does (the API call, the notification) loads on the first click.
 */
export function CompareButton({
  productId,
  productTitle,
  variant = 'button',
}: {
  productId: string
  productTitle: string
  variant?: 'button' | 'icon'
}) {
  const pressed = useCompareIds().has(productId)
  const [busy, setBusy] = useState(false)
  const label = pressed ? REMOVE : ADD

  async function toggle() {
    if (busy) return
    setBusy(true)
    try {
      const actions = await loadDeferred().then((m) => m.loadCompareActions())
      await (pressed ? actions.removeFromCompare(productId) : actions.addToCompare(productId, productTitle))
    } finally {
      setBusy(false)
    }
  }

  const icon = variant === 'icon'
  const button = (
    <button
      type="button"
      className={icon ? `${classes.button} ${classes.icon}` : classes.button}
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      // Many cards on a page: each button names its product; the visible words come first.
      aria-label={`${label}: ${productTitle}`}
      title={icon ? label : undefined}
      onClick={toggle}
    >
      <SpriteIcon name="scale" size={18} />
      {!icon && label}
    </button>
  )
  if (icon) return button
  // One tree whether pressed or not: a remounted button would lose the keyboard focus.
  return (
    <span className={classes.group}>
      {button}
      {pressed && (
        <AppLink to="/compare" className={classes.link}>
          Перейти к сравнению
        </AppLink>
      )}
    </span>
  )
}
