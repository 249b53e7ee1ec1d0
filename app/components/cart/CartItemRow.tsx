import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { SpriteIcon } from '#app/components/IconSprite.tsx'
import { WriteToSeller } from '#app/components/chat/WriteToSeller.tsx'
import { CompareButton } from '#app/components/compare/CompareButton.tsx'
import { formatDate, formatMoney } from '#app/lib/format.ts'
import { PRICE_ON_REQUEST } from '#common/catalog/products.ts'
import { vatNoteOf } from '#common/catalog/vat.ts'
import type { CartItem } from '#common/orders.ts'
import ui from '#app/components/ui/ui.module.css'
import classes from './cart.module.css'
import { quote } from '#common/format.ts'

/** How long the stepper waits for more clicks before it saves the quantity. */
const SAVE_DELAY_MS = 400

/** The number typed in the quantity field; NaN when it is empty. */
const quantityOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/**
 * One product in the cart: its price (and the one it had when added, if it changed), a quantity
 * stepper limited by the seller's stock, and what can be done with it. A product priced on
 * request offers a question to the seller instead of a line of the order. Plain elements and a
 * native number field: the cart renders for every change of it, and Mantine's stepper alone cost
 * a third of a millisecond per line on the server (bench/README.md, signed-in renders).
 */
export function CartItemRow({ item, sellerId }: { item: CartItem; sellerId: string }) {
  const quantity = useFetcher<{ ok: boolean; message?: string }>()
  const removal = useFetcher()
  const [value, setValue] = useState<string>(String(item.quantity))
  const errorId = useId()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // The server's quantity after a save (or another tab's change) replaces what was typed.
  const [shown, setShown] = useState(item.quantity)
  if (shown !== item.quantity) {
    setShown(item.quantity)
    setValue(String(item.quantity))
  }
  useEffect(() => () => clearTimeout(timer.current), [])

  const orderable = (n: number) => Number.isInteger(n) && n >= item.minQuantity && n <= item.maxQuantity

  function change(next: string) {
    setValue(next)
    clearTimeout(timer.current)
    const n = quantityOf(next)
    if (!orderable(n) || n === item.quantity) return
    timer.current = setTimeout(() => {
      void quantity.submit({ intent: 'quantity', productId: item.productId, quantity: String(n) }, { method: 'post' })
    }, SAVE_DELAY_MS)
  }

  // Leaving the field with what cannot be ordered puts the nearest quantity that can be.
  function settle() {
    const n = quantityOf(value)
    if (orderable(n)) return
    const nearest = Number.isFinite(n) ? Math.round(n) : item.quantity
    change(String(Math.min(item.maxQuantity, Math.max(item.minQuantity, nearest))))
  }

  const removing = removal.state !== 'idle'
  const failed = quantity.data && !quantity.data.ok ? quantity.data.message : undefined
  const priced = item.priceKopecks !== null
  return (
    <li className={classes.item} data-testid="cart-item" aria-busy={removing || undefined}>
      <div className={classes.picture}>
        {item.image ? <AppImage src={item.image.src} alt="" size="thumb" /> : <span aria-hidden="true" />}
      </div>
      <div className={classes.about}>
        {item.href ? (
          <AppLink to={item.href} className={classes.title}>
            {item.title}
          </AppLink>
        ) : (
          <p className={`${ui.text} ${classes.strong}`}>{item.title}</p>
        )}
        {item.sku && <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>Артикул: {item.sku}</p>}
        {item.note && (
          <p className={`${ui.text} ${ui.sm} ${item.unavailable ? classes.alert : classes.notice}`} role="status">
            {item.note}
          </p>
        )}
        <div className={classes.actions}>
          {item.slug && !item.unavailable && (
            <CompareButton productId={item.productId} productTitle={item.title} variant="icon" />
          )}
          {item.onRequest && (
            <WriteToSeller
              label="Запросить цену"
              className={classes.askPrice}
              starter={`Здравствуйте! Подскажите, пожалуйста, цену и срок поставки: ${quote(item.title)}, ${item.quantity} шт.`}
              sellerOrganizationId={sellerId}
              input={{ organizationId: sellerId, productSlug: item.slug }}
            />
          )}
        </div>
      </div>
      <div className={classes.price}>
        {priced ? (
          <>
            <p className={`${ui.text} ${classes.strong}`}>{formatMoney(item.priceKopecks!)}</p>
            {item.previousPriceKopecks !== null && (
              <p className={`${ui.text} ${ui.xs} ${classes.notice}`}>
                Было <s>{formatMoney(item.previousPriceKopecks)}</s>
              </p>
            )}
            <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>{vatNoteOf(item.vatRate)}</p>
            {item.quote && (
              <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>
                Цена из КП № {item.quote.ref}, действует до {formatDate(item.quote.validUntil)}
              </p>
            )}
          </>
        ) : (
          <p className={`${ui.text} ${classes.strong}`}>{item.unavailable ? '—' : PRICE_ON_REQUEST}</p>
        )}
      </div>
      <div className={classes.quantity}>
        {!item.unavailable && (
          <>
            <label className={classes.quantityField}>
              <input
                type="number"
                inputMode="numeric"
                className={classes.quantityInput}
                aria-label={`Количество: ${item.title}`}
                aria-invalid={failed ? true : undefined}
                aria-describedby={failed ? errorId : undefined}
                value={value}
                min={item.minQuantity}
                max={item.maxQuantity}
                step={1}
                onChange={(event) => change(event.currentTarget.value)}
                onBlur={settle}
              />
              <span className={classes.unit} aria-hidden="true">
                шт.
              </span>
            </label>
            {failed && (
              <p id={errorId} className={`${ui.text} ${ui.xs} ${classes.alert}`}>
                {failed}
              </p>
            )}
          </>
        )}
      </div>
      <p className={`${ui.text} ${ui.bold} ${classes.amount}`}>
        {priced && !item.unavailable ? formatMoney(item.amountKopecks) : ''}
      </p>
      <removal.Form method="post" className={classes.remove}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={item.productId} />
        <button
          type="submit"
          className={`mantine-focus-auto mantine-active ${ui.iconButton} ${classes.removeButton}`}
          disabled={removing}
          aria-busy={removing || undefined}
          aria-label={`Убрать из корзины: ${item.title}`}
          title="Убрать из корзины"
        >
          <SpriteIcon name="trash" size={18} />
        </button>
      </removal.Form>
    </li>
  )
}
