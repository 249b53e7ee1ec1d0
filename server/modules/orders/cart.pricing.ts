import {
  CART_LIMITS,
  type CartGroup,
  type CartItem,
  type CartView,
  type PartyRef,
  vatIncluded,
} from '#common/orders.ts'
import { offerHref } from '#common/catalog/product-href.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import type { Offer } from '../catalog/index.ts'

export interface CartRow {
  productId: string
  quantity: number
  priceKopecksAtAdd: number | null
  title: string
  createdAt: Date
  /** A price quoted in a seller's answer to a request for offers, and until when it holds. */
  quotedPriceKopecks: number | null
  quoteVatRate: VatRate | null
  quoteValidUntil: string | null
  quoteRef: string | null
}

/** What can be ordered of a product at most: its stock when the seller counts it. */
/** Why a line cannot hold fewer units: the seller's minimum order. */
export function minOrderMessage(min: number): string {
  return `Минимальный заказ у продавца — ${min} шт.`
}

export function maxQuantityOf(offer: Pick<Offer, 'stockQuantity'>): number {
  return offer.stockQuantity === null ? CART_LIMITS.maxQuantity : Math.min(offer.stockQuantity, CART_LIMITS.maxQuantity)
}

/** A line the checkout turns into an order line: on sale, priced, in stock. */
export interface OrderableItem {
  item: CartItem
  offer: Offer
}

/**
 * The cart as the buyer sees it and the checkout orders it, from its rows and today's offers:
 * one group per seller with the subtotal and VAT of what will be ordered. The checkout prices
 * with this same function, so what the page showed is what the order holds. A line put there
 * from a seller's commercial offer keeps the quoted price and VAT through the offer's last day
 * (`today`, a Moscow day), then the catalogue's again.
 */
export function priceCart(
  rows: CartRow[],
  offers: Map<string, Offer>,
  sellers: Map<string, PartyRef>,
  today: string,
): CartView & { orderable: Map<string, OrderableItem[]>; shortages: { title: string; available: number }[] } {
  const groups = new Map<string, CartGroup>()
  const shortages: { title: string; available: number }[] = []
  const orderable = new Map<string, OrderableItem[]>()
  const gone: CartItem[] = []
  let hasPriceChanges = false
  for (const row of rows) {
    const offer = offers.get(row.productId)
    if (!offer) {
      gone.push(unavailableItem(row))
      continue
    }
    const max = maxQuantityOf(offer)
    const min = Math.max(1, offer.minOrderQuantity)
    const quoted =
      row.quotedPriceKopecks !== null && row.quoteValidUntil !== null && row.quoteValidUntil >= today
        ? { price: row.quotedPriceKopecks, vatRate: row.quoteVatRate ?? offer.vatRate }
        : null
    const quoteExpired = row.quotedPriceKopecks !== null && !quoted
    const price = quoted ? quoted.price : offer.priceKopecks
    const vatRate = quoted ? quoted.vatRate : offer.vatRate
    const onRequest = price === null
    // Fewer on hand than the seller sells at once is as good as none.
    const outOfStock = max === 0 || max < min
    const quantity = Math.max(min, Math.min(row.quantity, max))
    if (row.quantity > max) shortages.push({ title: offer.title, available: max })
    const amount = price === null || outOfStock ? 0 : price * quantity
    const previous = !quoted && row.priceKopecksAtAdd !== null && price !== null && row.priceKopecksAtAdd !== price
    if (previous) hasPriceChanges = true
    const item: CartItem = {
      productId: offer.id,
      slug: offer.slug,
      modelSlug: offer.modelSlug,
      href: offerHref(offer),
      title: offer.title,
      sku: offer.sku,
      image: offer.image,
      quantity,
      priceKopecks: price,
      previousPriceKopecks: previous ? row.priceKopecksAtAdd : null,
      vatRate,
      quote: quoted && row.quoteRef ? { ref: row.quoteRef, validUntil: row.quoteValidUntil! } : null,
      amountKopecks: amount,
      maxQuantity: max,
      minQuantity: min,
      unavailable: outOfStock,
      note: outOfStock
        ? max === 0
          ? 'Нет в наличии'
          : `Продавец продаёт от ${min} шт., в наличии ${max}`
        : row.quantity > max
          ? `Доступно только ${max} шт.`
          : row.quantity < min
            ? minOrderMessage(min)
            : quoteExpired
              ? `Цена из КП № ${row.quoteRef} действовала до ${formatIsoDate(row.quoteValidUntil!)}: теперь цена по каталогу`
              : onRequest
                ? 'Цена по запросу: узнайте её у продавца'
                : null,
      onRequest,
    }
    const seller = sellers.get(offer.vendorOrganizationId) ?? {
      id: offer.vendorOrganizationId,
      name: 'Продавец',
      slug: '',
    }
    const group = groups.get(seller.id) ?? { seller, items: [], subtotalKopecks: 0, vatKopecks: 0 }
    group.items.push(item)
    if (!onRequest && !outOfStock) {
      group.subtotalKopecks += amount
      group.vatKopecks += vatIncluded(amount, vatRate)
      orderable.set(seller.id, [...(orderable.get(seller.id) ?? []), { item, offer }])
    }
    groups.set(seller.id, group)
  }
  const sorted = [...groups.values()].sort((a, b) => a.seller.name.localeCompare(b.seller.name, 'ru'))
  if (gone.length) {
    sorted.push({
      seller: { id: '', name: 'Сняты с продажи', slug: '' },
      items: gone,
      subtotalKopecks: 0,
      vatKopecks: 0,
    })
  }
  const orderableCount = [...orderable.values()].reduce((n, items) => n + items.length, 0)
  return {
    groups: sorted,
    totalKopecks: sorted.reduce((sum, g) => sum + g.subtotalKopecks, 0),
    vatKopecks: sorted.reduce((sum, g) => sum + g.vatKopecks, 0),
    orderableCount,
    count: rows.length,
    hasPriceChanges,
    orderable,
    shortages,
  }
}

function unavailableItem(row: CartRow): CartItem {
  return {
    productId: row.productId,
    slug: '',
    modelSlug: null,
    href: '',
    title: row.title,
    sku: '',
    image: null,
    quantity: row.quantity,
    priceKopecks: null,
    previousPriceKopecks: null,
    vatRate: 'none',
    quote: null,
    minQuantity: 1,
    amountKopecks: 0,
    maxQuantity: 0,
    unavailable: true,
    note: 'Снят с продажи',
    onRequest: false,
  }
}
