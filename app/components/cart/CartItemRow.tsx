import { ActionIcon, Group, NumberInput, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { SpriteIcon } from '#app/components/IconSprite.tsx'
import { WriteToSeller } from '#app/components/chat/WriteToSeller.tsx'
import { CompareButton } from '#app/components/compare/CompareButton.tsx'
import { formatMoney } from '#app/lib/format.ts'
import { PRICE_ON_REQUEST } from '#common/catalog/products.ts'
import { vatNoteOf } from '#common/catalog/vat.ts'
import type { CartItem } from '#common/orders.ts'
import classes from './cart.module.css'
import { quote } from '#common/format.ts'

/** How long the stepper waits for more clicks before it saves the quantity. */
const SAVE_DELAY_MS = 400

/**
 * One product in the cart: its price (and the one it had when added, if it changed), a quantity
 * stepper limited by the seller's stock, and what can be done with it. A product priced on
 * request offers a question to the seller instead of a line of the order.
 */
export function CartItemRow({ item, sellerId }: { item: CartItem; sellerId: string }) {
  const quantity = useFetcher<{ ok: boolean; message?: string }>()
  const removal = useFetcher()
  const [value, setValue] = useState<number | string>(item.quantity)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // The server's quantity after a save (or another tab's change) replaces what was typed.
  const [shown, setShown] = useState(item.quantity)
  if (shown !== item.quantity) {
    setShown(item.quantity)
    setValue(item.quantity)
  }
  useEffect(() => () => clearTimeout(timer.current), [])

  function change(next: number | string) {
    setValue(next)
    clearTimeout(timer.current)
    const n = typeof next === 'number' ? next : Number(next)
    if (!Number.isInteger(n) || n < item.minQuantity || n > item.maxQuantity || n === item.quantity) return
    timer.current = setTimeout(() => {
      void quantity.submit({ intent: 'quantity', productId: item.productId, quantity: String(n) }, { method: 'post' })
    }, SAVE_DELAY_MS)
  }

  const removing = removal.state !== 'idle'
  const failed = quantity.data && !quantity.data.ok ? quantity.data.message : undefined
  const priced = item.priceKopecks !== null
  return (
    <li className={classes.item} data-testid="cart-item" aria-busy={removing || undefined}>
      <div className={classes.picture}>
        {item.image ? <AppImage src={item.image.src} alt="" size="thumb" /> : <span aria-hidden="true" />}
      </div>
      <Stack gap={4} className={classes.about}>
        {item.href ? (
          <AppLink to={item.href} className={classes.title}>
            {item.title}
          </AppLink>
        ) : (
          <Text fw={600}>{item.title}</Text>
        )}
        {item.sku && (
          <Text size="xs" c="dimmed">
            Артикул: {item.sku}
          </Text>
        )}
        {item.note && (
          <Text size="sm" c={item.unavailable ? 'red.8' : 'accent.9'} role="status">
            {item.note}
          </Text>
        )}
        <Group gap="xs" mt={4}>
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
        </Group>
      </Stack>
      <div className={classes.price}>
        {priced ? (
          <>
            <Text fw={600}>{formatMoney(item.priceKopecks!)}</Text>
            {item.previousPriceKopecks !== null && (
              <Text size="xs" c="accent.9">
                Было <s>{formatMoney(item.previousPriceKopecks)}</s>
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {vatNoteOf(item.vatRate)}
            </Text>
          </>
        ) : (
          <Text fw={600}>{item.unavailable ? '—' : PRICE_ON_REQUEST}</Text>
        )}
      </div>
      <div className={classes.quantity}>
        {!item.unavailable && (
          <NumberInput
            aria-label={`Количество: ${item.title}`}
            value={value}
            onChange={change}
            min={item.minQuantity}
            max={item.maxQuantity}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            w={110}
            suffix=" шт."
            error={failed}
          />
        )}
      </div>
      <Text className={classes.amount} fw={700}>
        {priced && !item.unavailable ? formatMoney(item.amountKopecks) : ''}
      </Text>
      <removal.Form method="post" className={classes.remove}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={item.productId} />
        <ActionIcon
          type="submit"
          variant="subtle"
          color="gray"
          size="lg"
          loading={removing}
          aria-label={`Убрать из корзины: ${item.title}`}
          title="Убрать из корзины"
        >
          <SpriteIcon name="trash" size={18} />
        </ActionIcon>
      </removal.Form>
    </li>
  )
}
