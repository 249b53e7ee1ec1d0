import { useEffect, useState } from 'react'
import { takePendingCartAdd } from '#app/lib/cart.ts'
import { loadDeferred } from '#app/components/load-deferred.ts'
import { useSessionState } from '#app/lib/session-store.ts'
import { SpriteIcon } from '#app/components/IconSprite.tsx'
import classes from './AddToCartButton.module.css'

/**
 * «В корзину» on cards, product and compare pages. A plain button, like the compare one: what a
 * click does loads on the first click. A guest is asked to sign in, and the product is added
 * once they have (the wish waits in this tab's storage, see lib/cart.ts).
 */
export function AddToCartButton({ productId, productTitle }: { productId: string; productTitle: string }) {
  const { status, user } = useSessionState()
  const [busy, setBusy] = useState(false)

  async function add() {
    if (busy) return
    setBusy(true)
    try {
      const actions = await loadDeferred().then((m) => m.loadCartActions())
      await actions.addToCart(user ?? null, productId, productTitle)
    } finally {
      setBusy(false)
    }
  }

  // Signed in after a click as a guest: the product this button offered goes in now.
  useEffect(() => {
    if (status !== 'loaded' || !user || !takePendingCartAdd(productId)) return
    void loadDeferred()
      .then((m) => m.loadCartActions())
      .then((actions) => actions.addToCart(user, productId, productTitle))
  }, [status, user, productId, productTitle])

  return (
    <button
      type="button"
      className={classes.button}
      aria-busy={busy || undefined}
      aria-label={`В корзину: ${productTitle}`}
      onClick={add}
    >
      <SpriteIcon name="shopping-cart-plus" size={18} />В корзину
    </button>
  )
}
