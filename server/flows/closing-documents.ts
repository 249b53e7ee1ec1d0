import { countryByCode } from '#common/countries.ts'
import { type DocumentSettings, invoiceSignatories } from '#common/document-settings.ts'
import { moscowToday } from '#common/moscow-days.ts'
import { UNITS } from '#common/okei.ts'
import { DELIVERY_METHOD_LABELS } from '#common/orders.ts'
import type { ProductOrigin } from '#common/product-origin.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import { CORRECTION_KIND_LABELS, type CorrectionFigures } from '#common/order-corrections.ts'
import type { UkdDocument, UkdFigures, UpdDocument, UpdLine, UpdSignatories } from '../documents/index.ts'
import { ukdTotals } from '../documents/index.ts'
import type { UkdIssue, UpdIssue } from '../modules/documents/index.ts'
import type { CorrectionRow, OrderRow } from '../modules/orders/index.ts'

/** Who signs a universal document for the seller: its head, or the attorney who signs instead. */
function signatoriesOf(settings: DocumentSettings | null): UpdSignatories | null {
  const signer = settings ? (settings.attorney ?? settings.head) : null
  if (!settings || !signer) return null
  return {
    ...invoiceSignatories(settings),
    signer: {
      fullName: signer.name,
      position: signer.position,
      powerOfAttorney: settings.attorney ? { number: settings.attorney.number, date: settings.attorney.date } : null,
    },
  }
}

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
    signatories: signatoriesOf(settings),
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

/** A line's figures as a universal document prints them: without VAT per unit and in sum, and with it. */
function printedFigures(figures: CorrectionFigures, otherwise: UkdFigures | null): UkdFigures {
  const withoutVat = figures.amountKopecks - figures.vatKopecks
  return {
    quantity: figures.quantity,
    // A line returned whole keeps its price: nothing is left to divide.
    priceKopecks: figures.quantity ? Math.round(withoutVat / figures.quantity) : (otherwise?.priceKopecks ?? 0),
    amountWithoutVatKopecks: withoutVat,
    vatKopecks: figures.vatKopecks,
    amountKopecks: figures.amountKopecks,
  }
}

const REASON_ON_FORM = 300

/**
 * What the correction document of an accepted return or price change prints: the УПД it
 * corrects, each changed line as it stood and as it stands, the seller's signatories of today,
 * the day of acceptance, and the agreement as the platform recorded it. The same status as the
 * УПД: a correction invoice too for a VAT payer.
 */
export function ukdIssueOf(
  row: OrderRow,
  upd: UpdDocument,
  correction: CorrectionRow,
  orderLineIds: string[],
  acceptedAt: Date,
  settings: DocumentSettings | null,
): UkdIssue {
  const lines = correction.lines.map((line) => {
    const index = orderLineIds.indexOf(line.lineId)
    const printed = upd.lines[index]!
    const before = printedFigures(line.before, null)
    return {
      position: index + 1,
      code: printed.code,
      name: printed.name,
      unit: printed.unit,
      vatRate: printed.vatRate,
      before,
      after: printedFigures(line.after, before),
    }
  })
  const asked = formatIsoDate(moscowToday(correction.createdAt))
  const agreed = formatIsoDate(moscowToday(acceptedAt))
  const reason =
    correction.reason.length > REASON_ON_FORM ? `${correction.reason.slice(0, REASON_ON_FORM - 1)}…` : correction.reason
  const content: Omit<UkdDocument, 'number'> = {
    date: moscowToday(acceptedAt),
    status: upd.status,
    upd: { number: upd.number, date: upd.date },
    seller: upd.seller,
    buyer: upd.buyer,
    basis: `${CORRECTION_KIND_LABELS[correction.kind]}: корректировка № ${correction.number} по заказу № ${row.number} от ${asked}, причина: ${reason.replace(/\s+/g, ' ')}`,
    consent:
      correction.proposedBy === 'buyer'
        ? `Запрос покупателя от ${asked}, принят продавцом ${agreed} на платформе «БАС Маркет»`
        : `Согласие покупателя от ${agreed} на предложение продавца от ${asked}, получено на платформе «БАС Маркет»`,
    lines,
    totals: ukdTotals(lines),
    signatories: signatoriesOf(settings) ?? upd.signatories,
    edo: upd.edo,
  }
  return {
    sellerOrganizationId: row.sellerOrganizationId,
    buyerOrganizationId: row.buyerOrganizationId,
    orderNumber: row.number,
    correction: correction.number,
    content,
    signatureFileId: settings?.signatureFileId ?? null,
    stampFileId: settings?.stampFileId ?? null,
  }
}
