import { and, eq, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { moscowToday } from '#common/moscow-days.ts'
import type { ActDocument, InvoiceDocument, Party, UkdDocument, UpdDocument } from '../../documents/index.ts'
import {
  type ClosingDocumentKind,
  type DocumentState,
  closingDocumentCounters,
  closingDocuments,
} from './documents.table.ts'

const partyColumns = ({ seller, buyer }: { seller: Party; buyer: Party }) => ({
  sellerName: seller.name,
  sellerInn: seller.inn,
  buyerName: buyer.name,
  buyerInn: buyer.inn,
})

export interface IssuedDocument {
  number: string
  /** YYYY-MM-DD. */
  date: string
}

interface Issue<Content> {
  sellerOrganizationId: string
  buyerOrganizationId: string
  /** The goods order's or the service order's number. */
  orderNumber: string
  /** Everything the form prints but its number, which the seller's sequence gives. */
  content: Omit<Content, 'number'>
  signatureFileId: string | null
  stampFileId: string | null
}

export type UpdIssue = Issue<UpdDocument>
export type ActIssue = Issue<ActDocument>
/** A correction document: also names the order's correction it records. */
export type UkdIssue = Issue<UkdDocument> & { correction: number }

/**
 * The seller's next number of the kind for the year, inside the caller's transaction: the
 * counter's row stays locked until it ends, so a concurrent issue of the same seller waits and
 * takes the number after, and a rolled-back one gives its number back.
 */
async function nextNumber(ctx: Ctx, organizationId: string, kind: ClosingDocumentKind, year: number) {
  const [row] = await ctx.db
    .insert(closingDocumentCounters)
    .values({ organizationId, kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [closingDocumentCounters.organizationId, closingDocumentCounters.kind, closingDocumentCounters.year],
      set: { last: sql`${closingDocumentCounters.last} + 1` },
    })
    .returning({ last: closingDocumentCounters.last })
  return row!.last
}

/**
 * Issues a closing document of an order, numbered next in the seller's sequence of its kind for
 * the year of its date, in the caller's transaction. An order has one of each kind: issuing
 * again answers the one it has.
 */
async function issue(
  ctx: Ctx,
  kind: ClosingDocumentKind,
  issue: Issue<UpdDocument | ActDocument | UkdDocument>,
  totals: { totalKopecks: number; vatKopecks: number; status: number | null },
  parties: { seller: Party; buyer: Party },
  correction = 0,
): Promise<IssuedDocument> {
  const [existing] = await ctx.db
    .select({ number: closingDocuments.number, date: closingDocuments.date })
    .from(closingDocuments)
    .where(
      and(
        eq(closingDocuments.orderNumber, issue.orderNumber),
        eq(closingDocuments.kind, kind),
        eq(closingDocuments.correction, correction),
      ),
    )
  if (existing) return existing
  const date = issue.content.date
  const year = Number(date.slice(0, 4))
  const sequence = await nextNumber(ctx, issue.sellerOrganizationId, kind, year)
  const number = String(sequence)
  await ctx.db.insert(closingDocuments).values({
    kind,
    sellerOrganizationId: issue.sellerOrganizationId,
    buyerOrganizationId: issue.buyerOrganizationId,
    orderNumber: issue.orderNumber,
    correction,
    year,
    sequence,
    number,
    date,
    ...totals,
    ...partyColumns(parties),
    content: { ...issue.content, number } as UpdDocument | ActDocument | UkdDocument,
    signatureFileId: issue.signatureFileId,
    stampFileId: issue.stampFileId,
  })
  return { number, date }
}

/** The УПД of a shipped order, dated the day of shipping (the shipment's transaction). */
export function issueUpd(ctx: Ctx, upd: UpdIssue): Promise<IssuedDocument> {
  const { totals, status } = upd.content
  return issue(
    ctx,
    'upd',
    upd,
    { totalKopecks: totals.amountKopecks, vatKopecks: totals.vatKopecks, status },
    { seller: upd.content.seller, buyer: upd.content.buyer },
  )
}

/** The act of drone work the customer accepted, dated the day of acceptance (the acceptance's transaction). */
export function issueAct(ctx: Ctx, act: ActIssue): Promise<IssuedDocument> {
  const { work } = act.content
  return issue(
    ctx,
    'act',
    act,
    { totalKopecks: work.amountKopecks, vatKopecks: work.vatKopecks, status: null },
    { seller: act.content.contractor, buyer: act.content.customer },
  )
}

/**
 * The correction document of an accepted return or price change, dated the day it was accepted
 * (the acceptance's transaction). Its sums are the change, signed: a return's are negative, so a
 * period's totals in the registry add up to what was finally sold. The УПД it corrects is marked
 * corrected.
 */
export async function issueUkd(ctx: Ctx, ukd: UkdIssue): Promise<IssuedDocument> {
  const { increase, decrease } = ukd.content.totals
  const issued = await issue(
    ctx,
    'ukd',
    ukd,
    {
      totalKopecks: increase.amountKopecks - decrease.amountKopecks,
      vatKopecks: increase.vatKopecks - decrease.vatKopecks,
      status: ukd.content.status,
    },
    { seller: ukd.content.seller, buyer: ukd.content.buyer },
    ukd.correction,
  )
  await ctx.db
    .update(closingDocuments)
    .set({ state: 'corrected' })
    .where(and(eq(closingDocuments.orderNumber, ukd.orderNumber), eq(closingDocuments.kind, 'upd')))
  return issued
}

/** The УПД of an order as issued, for a correction document to start from; null when it has none. */
export async function updOf(ctx: Ctx, orderNumber: string): Promise<UpdDocument | null> {
  const [row] = await ctx.db
    .select({ content: closingDocuments.content })
    .from(closingDocuments)
    .where(and(eq(closingDocuments.orderNumber, orderNumber), eq(closingDocuments.kind, 'upd')))
  return (row?.content as UpdDocument | undefined) ?? null
}

export interface InvoiceIssue {
  sellerOrganizationId: string
  buyerOrganizationId: string
  content: InvoiceDocument
  signatureFileId: string | null
  stampFileId: string | null
}

/**
 * Keeps the invoice of an order confirmed now in the registry, as printed: it bears the order's
 * number (its running part is the sequence, unique across sellers) and the day of confirmation.
 */
export async function registerInvoice(ctx: Ctx, invoice: InvoiceIssue): Promise<void> {
  const { content } = invoice
  const date = moscowToday(content.date)
  await ctx.db
    .insert(closingDocuments)
    .values({
      kind: 'invoice',
      sellerOrganizationId: invoice.sellerOrganizationId,
      buyerOrganizationId: invoice.buyerOrganizationId,
      orderNumber: content.number,
      year: Number(date.slice(0, 4)),
      sequence: Number(content.number.split('-').at(-1)),
      number: content.number,
      date,
      status: null,
      ...partyColumns({ seller: content.seller, buyer: content.buyer }),
      totalKopecks: content.totals.amountKopecks,
      vatKopecks: content.totals.vatKopecks,
      content,
      signatureFileId: invoice.signatureFileId,
      stampFileId: invoice.stampFileId,
    })
    .onConflictDoNothing()
}

/** An order's invoice is paid, or void with the order: the registry shows it so. */
export async function setInvoiceState(ctx: Ctx, orderNumber: string, state: DocumentState): Promise<void> {
  await ctx.db
    .update(closingDocuments)
    .set({ state })
    .where(and(eq(closingDocuments.orderNumber, orderNumber), eq(closingDocuments.kind, 'invoice')))
}
