import { vatIncluded } from '#common/orders.ts'
import { amountInWords } from '#common/money-words.ts'
import { moscowToday } from '#common/moscow-days.ts'
import { procurementUnit } from '#common/procurement.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import type { CommercialOfferDocument } from '../../documents/index.ts'
import type { RequestParts } from './procurement.view.ts'

type RecipientRow = RequestParts['recipients'][number]

/**
 * What a seller's commercial offer prints, from its answer: the seller's requisites as its
 * organization has them, the items with its prices, VAT per line and by rate, the total in
 * words, its terms and signatory.
 */
export function commercialOfferOf(parts: RequestParts, recipient: RecipientRow): CommercialOfferDocument {
  const { request } = parts
  const prices = new Map(parts.lines.filter((l) => l.recipientId === recipient.id).map((l) => [l.itemId, l]))
  const lines = parts.items.flatMap((item) => {
    const price = prices.get(item.id)
    if (!price) return []
    const amountKopecks = price.unitPriceKopecks * item.quantity
    return [
      {
        name: item.name,
        unit: procurementUnit(item.unit).symbol,
        quantity: item.quantity,
        unitPriceKopecks: price.unitPriceKopecks,
        vatRate: price.vatRate,
        vatKopecks: vatIncluded(amountKopecks, price.vatRate),
        amountKopecks,
      },
    ]
  })
  const byRate = new Map<VatRate, number>()
  for (const line of lines) byRate.set(line.vatRate, (byRate.get(line.vatRate) ?? 0) + line.vatKopecks)
  const total = lines.reduce((sum, line) => sum + line.amountKopecks, 0)
  const seller = parts.organizations.get(recipient.sellerOrganizationId)
  const buyer = parts.organizations.get(request.buyerOrganizationId)
  return {
    number: recipient.offerNumber ?? '',
    date: moscowToday(recipient.answeredAt ?? new Date()),
    seller: {
      name: seller?.fullName ?? seller?.name ?? '',
      inn: seller?.inn ?? '',
      kpp: seller?.kpp ?? null,
      address: seller?.address ?? '',
      ogrn: seller?.ogrn ?? null,
    },
    buyer: { name: buyer?.fullName ?? buyer?.name ?? '' },
    request: { number: request.number, date: moscowToday(request.sentAt ?? request.createdAt), title: request.title },
    lines,
    totals: { amountKopecks: total, vatByRate: [...byRate].map(([rate, vatKopecks]) => ({ rate, vatKopecks })) },
    amountInWords: amountInWords(total),
    deliveryTerm: recipient.deliveryTerm ?? '',
    paymentTerms: request.paymentTerms,
    validUntil: recipient.validUntil ?? '',
    comment: recipient.comment ?? '',
    signatory: { name: recipient.signatoryName ?? '', position: recipient.signatoryPosition ?? '' },
  }
}
