import { countryByCode } from '#common/countries.ts'
import { invoiceSignatories } from '#common/document-settings.ts'
import { moscowToday } from '#common/moscow-days.ts'
import { UNITS } from '#common/okei.ts'
import { DELIVERY_METHOD_LABELS } from '#common/orders.ts'
import type { ProductOrigin } from '#common/product-origin.ts'
import type { UpdDocument, UpdLine } from '../documents/index.ts'
import type { UpdIssue } from '../modules/documents/index.ts'
import type { OrderRow } from '../modules/orders/index.ts'

type OrderLine = {
  productId: string
  sku: string
  title: string
  quantity: number
  amountKopecks: number
  vatRate: UpdLine['vatRate']
  vatKopecks: number
  serialNumbers: string[]
}

/**
 * What the universal transfer document of a shipped order prints, from what the order kept: the
 * parties and the seller's signatories as of its confirmation, the lines as bought with the serial
 * numbers shipped, the origins of imported goods as the seller gives them, the day of shipping.
 * Status 1 (a VAT invoice too) for a VAT payer, 2 otherwise; an order confirmed before its seller
 * said how it charges VAT is judged by whether its lines carry VAT.
 */
export function updIssueOf(
  row: OrderRow,
  lines: OrderLine[],
  origins: Map<string, ProductOrigin>,
  shippedAt: Date,
  buyerEdoId: string | null,
): UpdIssue {
  const settings = row.sellerDocumentSettings
  const vatPayer = settings ? settings.vatStatus !== 'none' : row.vatKopecks > 0
  const party = (p: OrderRow['seller']) => ({
    name: p.fullName,
    inn: p.inn,
    kpp: p.kpp,
    address: p.address,
    ogrn: p.ogrn ?? null,
  })
  const updLines: UpdLine[] = lines.map((line) => {
    const withoutVat = line.amountKopecks - line.vatKopecks
    const origin = origins.get(line.productId)
    const country = origin?.countryCode ? countryByCode(origin.countryCode) : undefined
    return {
      code: line.sku || null,
      name: line.title,
      serialNumbers: line.serialNumbers,
      unit: UNITS.piece,
      quantity: line.quantity,
      priceKopecks: Math.round(withoutVat / line.quantity),
      amountWithoutVatKopecks: withoutVat,
      vatRate: line.vatRate,
      vatKopecks: line.vatKopecks,
      amountKopecks: line.amountKopecks,
      origin: country ? { country, declaration: origin?.customsDeclaration ?? null } : null,
    }
  })
  const signer = settings ? (settings.attorney ?? settings.head) : null
  const delivered = row.delivery.method !== 'pickup'
  const transport = [
    row.carrier ?? row.delivery.carrier ?? DELIVERY_METHOD_LABELS[row.delivery.method],
    row.trackingNumber ? `трек-номер ${row.trackingNumber}` : null,
  ]
    .filter(Boolean)
    .join(', ')
  const content: Omit<UpdDocument, 'number'> = {
    date: moscowToday(shippedAt),
    status: vatPayer ? 1 : 2,
    seller: party(row.seller),
    buyer: party(row.buyer),
    consignee: { name: row.buyer.fullName, address: delivered ? row.delivery.address : row.buyer.address },
    bases: [
      { name: 'Заказ', number: row.number, date: moscowToday(row.createdAt) },
      ...(row.confirmedAt ? [{ name: 'Счет на оплату', number: row.number, date: moscowToday(row.confirmedAt) }] : []),
    ],
    transport,
    lines: updLines,
    totals: {
      amountWithoutVatKopecks: row.totalKopecks - row.vatKopecks,
      vatKopecks: row.vatKopecks,
      amountKopecks: row.totalKopecks,
    },
    signatories:
      settings && signer
        ? {
            ...invoiceSignatories(settings),
            signer: {
              fullName: signer.name,
              position: signer.position,
              powerOfAttorney: settings.attorney
                ? { number: settings.attorney.number, date: settings.attorney.date }
                : null,
            },
          }
        : null,
    edo: { seller: settings?.edoParticipantId ?? null, buyer: buyerEdoId },
  }
  return {
    sellerOrganizationId: row.sellerOrganizationId,
    buyerOrganizationId: row.buyerOrganizationId,
    orderNumber: row.number,
    content,
    signatureFileId: settings?.signatureFileId ?? null,
    stampFileId: settings?.stampFileId ?? null,
  }
}
