import { offerHref } from '#common/catalog/product-href.ts'
import {
  type IncomingProcurement,
  PROCUREMENT_LIMITS,
  PROCUREMENT_MESSAGES,
  type ProcurementDetails,
  type ProcurementItem,
  type ProcurementOffer,
  type ProcurementTerms,
} from '#common/procurement.ts'
import type { OrderParty } from '#common/orders.ts'
import type { ProcurementEvent } from './procurement.machine.ts'
import { justify } from './procurement.justification.ts'
import type {
  procurementAnswerLines,
  procurementItems,
  procurementRecipients,
  procurementRequests,
} from './procurement.table.ts'

type RecipientRow = typeof procurementRecipients.$inferSelect

/** A request with everything its pages show, read once. */
export interface RequestParts {
  request: typeof procurementRequests.$inferSelect
  items: (typeof procurementItems.$inferSelect)[]
  recipients: RecipientRow[]
  lines: (typeof procurementAnswerLines.$inferSelect)[]
  /** The buyer and the recipients as legal parties: names, ИНН. */
  organizations: Map<string, OrderParty>
  offers: Map<string, { slug: string; modelSlug: string | null }>
}

function organizationOf(parts: RequestParts, id: string): { id: string; name: string; slug: string } {
  const party = parts.organizations.get(id)
  return { id, name: party?.name ?? '', slug: party?.slug ?? '' }
}

function termsOf(parts: RequestParts): ProcurementTerms {
  const { request } = parts
  const items: ProcurementItem[] = parts.items.map((item) => {
    const offer = item.productId ? parts.offers.get(item.productId) : undefined
    return {
      id: item.id,
      position: item.position,
      productId: item.productId,
      productHref: offer ? offerHref(offer) : null,
      name: item.name,
      characteristics: item.characteristics,
      unit: item.unit,
      quantity: item.quantity,
    }
  })
  return {
    number: request.number,
    title: request.title,
    purpose: request.purpose,
    status: request.status,
    region: request.region,
    deliveryAddress: request.deliveryAddress,
    deliveryTerm: request.deliveryTerm,
    paymentTerms: request.paymentTerms,
    deadline: request.deadline,
    contactName: request.contactName,
    contactPhone: request.contactPhone,
    comment: request.comment,
    specificationFileId: request.specificationFileId,
    cancelReason: request.cancelReason,
    items,
    buyer: organizationOf(parts, request.buyerOrganizationId),
    sentAt: request.sentAt?.toISOString() ?? null,
    createdAt: request.createdAt.toISOString(),
  }
}

/** A recipient's answer with its prices, in the items' order; null before it answered. */
function offerOf(parts: RequestParts, recipient: RecipientRow): ProcurementOffer | null {
  if (recipient.status !== 'answered') return null
  const prices = new Map(parts.lines.filter((l) => l.recipientId === recipient.id).map((l) => [l.itemId, l]))
  const lines = parts.items.flatMap((item) => {
    const line = prices.get(item.id)
    return line ? [{ itemId: item.id, unitPriceKopecks: line.unitPriceKopecks, vatRate: line.vatRate }] : []
  })
  const quantity = new Map(parts.items.map((item) => [item.id, item.quantity]))
  return {
    offerNumber: recipient.offerNumber ?? '',
    deliveryTerm: recipient.deliveryTerm ?? '',
    validUntil: recipient.validUntil ?? '',
    signatoryName: recipient.signatoryName ?? '',
    signatoryPosition: recipient.signatoryPosition ?? '',
    comment: recipient.comment ?? '',
    scanFileId: recipient.scanFileId,
    lines,
    totalKopecks: lines.reduce((sum, line) => sum + line.unitPriceKopecks * quantity.get(line.itemId)!, 0),
  }
}

/** The buyer's page: its terms, every recipient with its answer, and the justification once priced. */
export function buyerDetails(parts: RequestParts, actions: ProcurementEvent[], now: Date): ProcurementDetails {
  const { request } = parts
  const answered = parts.recipients
    .filter((r) => r.status === 'answered' && r.answeredAt)
    .sort((a, b) => a.answeredAt!.getTime() - b.answeredAt!.getTime())
  const wantsThree = request.purpose !== 'commercial'
  const warnings =
    request.status === 'draft' && wantsThree && parts.recipients.length < PROCUREMENT_LIMITS.minimumOffers
      ? [PROCUREMENT_MESSAGES.fewRecipients(request.purpose as '44fz' | '223fz')]
      : []
  return {
    ...termsOf(parts),
    recipients: parts.recipients.map((recipient) => ({
      organization: organizationOf(parts, recipient.sellerOrganizationId),
      status: recipient.status,
      declineReason: recipient.declineReason,
      answeredAt: recipient.answeredAt?.toISOString() ?? null,
      offer: offerOf(parts, recipient),
      chatRoomGuid: recipient.chatRoomId,
    })),
    actions: [
      ...(request.status === 'draft' ? (['edit'] as const) : []),
      ...actions.filter((a): a is 'send' | 'close' | 'cancel' => a === 'send' || a === 'close' || a === 'cancel'),
    ],
    warnings,
    justification: answered.length
      ? justify({
          purpose: request.purpose,
          items: parts.items,
          answers: answered.map((recipient) => {
            const party = parts.organizations.get(recipient.sellerOrganizationId)
            return {
              supplier: { name: party?.fullName ?? party?.name ?? '', inn: party?.inn ?? '' },
              offerNumber: recipient.offerNumber ?? '',
              answeredAt: recipient.answeredAt!,
              lines: parts.lines.filter((l) => l.recipientId === recipient.id),
            }
          }),
          now,
        })
      : null,
  }
}

/** The page of an invited seller: the terms and its own answer, nothing of the others. */
export function incomingDetails(parts: RequestParts, recipient: RecipientRow, today: string): IncomingProcurement {
  const { request } = parts
  return {
    ...termsOf(parts),
    myStatus: recipient.status,
    myDeclineReason: recipient.declineReason,
    myOffer: offerOf(parts, recipient),
    chatRoomGuid: recipient.chatRoomId,
    canAnswer: recipient.status === 'awaiting' && request.status === 'sent' && request.deadline >= today,
  }
}
