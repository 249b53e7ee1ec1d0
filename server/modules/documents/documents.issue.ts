import { and, eq, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { UpdDocument } from '../../documents/index.ts'
import { closingDocumentCounters, closingDocuments } from './documents.table.ts'

export interface IssuedDocument {
  number: string
  /** YYYY-MM-DD. */
  date: string
}

export interface UpdIssue {
  sellerOrganizationId: string
  buyerOrganizationId: string
  orderNumber: string
  /** Everything the form prints but its number, which the seller's sequence gives. */
  content: Omit<UpdDocument, 'number'>
  signatureFileId: string | null
  stampFileId: string | null
}

/**
 * The seller's next number of the kind for the year, inside the caller's transaction: the
 * counter's row stays locked until it ends, so a concurrent shipment of the same seller waits
 * and takes the number after.
 */
async function nextNumber(ctx: Ctx, organizationId: string, year: number): Promise<number> {
  const [row] = await ctx.db
    .insert(closingDocumentCounters)
    .values({ organizationId, kind: 'upd', year, last: 1 })
    .onConflictDoUpdate({
      target: [closingDocumentCounters.organizationId, closingDocumentCounters.kind, closingDocumentCounters.year],
      set: { last: sql`${closingDocumentCounters.last} + 1` },
    })
    .returning({ last: closingDocumentCounters.last })
  return row!.last
}

/**
 * Issues the УПД of a shipped order, numbered next in the seller's sequence for the year of its
 * date, in the caller's transaction (the shipment's). An order has one: issuing again answers
 * the one it has.
 */
export async function issueUpd(ctx: Ctx, issue: UpdIssue): Promise<IssuedDocument> {
  const [existing] = await ctx.db
    .select({ number: closingDocuments.number, date: closingDocuments.date })
    .from(closingDocuments)
    .where(and(eq(closingDocuments.orderNumber, issue.orderNumber), eq(closingDocuments.kind, 'upd')))
  if (existing) return existing
  const year = Number(issue.content.date.slice(0, 4))
  const sequence = await nextNumber(ctx, issue.sellerOrganizationId, year)
  const number = String(sequence)
  await ctx.db.insert(closingDocuments).values({
    kind: 'upd',
    sellerOrganizationId: issue.sellerOrganizationId,
    buyerOrganizationId: issue.buyerOrganizationId,
    orderNumber: issue.orderNumber,
    year,
    sequence,
    number,
    date: issue.content.date,
    status: issue.content.status,
    totalKopecks: issue.content.totals.amountKopecks,
    vatKopecks: issue.content.totals.vatKopecks,
    content: { ...issue.content, number },
    signatureFileId: issue.signatureFileId,
    stampFileId: issue.stampFileId,
  })
  return { number, date: issue.content.date }
}
