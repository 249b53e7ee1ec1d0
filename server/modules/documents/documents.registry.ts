import { Readable } from 'node:stream'
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql, sum } from 'drizzle-orm'
import { Zip, ZipPassThrough } from 'fflate'
import {
  REGISTRY_ARCHIVE_MAX,
  REGISTRY_MESSAGES,
  REGISTRY_PAGE_SIZE,
  RegistryArchiveQuery,
  type RegistryFilters,
  type RegistryItem,
  type RegistryPage,
  RegistryQuery,
  type RegistryTotals,
} from '#common/documents.ts'
import { type Ctx, requireUser } from '../../context.ts'
import { likePattern } from '../../db/like.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import { formatsOf, type ReadImage, renderDocumentFile } from './documents.render.ts'
import { closingDocuments } from './documents.table.ts'

type Row = typeof closingDocuments.$inferSelect

/** The organization the caller works as: the registry is its documents, whichever member looks. */
function organizationOf(ctx: Ctx): string {
  requireUser(ctx)
  if (!ctx.organization) throw new AppError('forbidden', REGISTRY_MESSAGES.noOrganization)
  return ctx.organization.id
}

/** The filters as SQL: the organization on the chosen side(s), the period, kind, state and counterparty. */
function conditionsOf(organizationId: string, filters: Omit<RegistryFilters, 'page'>): SQL[] {
  const sold = eq(closingDocuments.sellerOrganizationId, organizationId)
  const bought = eq(closingDocuments.buyerOrganizationId, organizationId)
  const side = filters.direction === 'sale' ? sold : filters.direction === 'purchase' ? bought : or(sold, bought)!
  const conditions = [side]
  if (filters.from) conditions.push(gte(closingDocuments.date, filters.from))
  if (filters.to) conditions.push(lte(closingDocuments.date, filters.to))
  if (filters.kind) conditions.push(eq(closingDocuments.kind, filters.kind))
  if (filters.state) conditions.push(eq(closingDocuments.state, filters.state))
  if (filters.counterparty) {
    const like = likePattern(filters.counterparty)
    // The other side's name or ИНН: the buyer's on what it sold, the seller's on what it bought.
    conditions.push(
      or(
        and(sold, or(ilike(closingDocuments.buyerName, like), ilike(closingDocuments.buyerInn, like))),
        and(bought, or(ilike(closingDocuments.sellerName, like), ilike(closingDocuments.sellerInn, like))),
      )!,
    )
  }
  return conditions
}

function filesOf(
  row: Pick<Row, 'kind' | 'orderNumber' | 'correction'>,
  direction: 'sale' | 'purchase',
): RegistryItem['files'] {
  if (row.kind === 'act') {
    return [{ format: 'pdf', href: `/api/v1/service-orders/${direction}/${row.orderNumber}/documents/act.pdf` }]
  }
  if (row.kind === 'ukd') {
    return [
      { format: 'pdf', href: `/api/v1/orders/${direction}/${row.orderNumber}/corrections/${row.correction}/ukd.pdf` },
    ]
  }
  const base = `/api/v1/orders/${direction}/${row.orderNumber}/documents`
  if (row.kind === 'invoice') return [{ format: 'pdf', href: `${base}/invoice.pdf` }]
  return [
    { format: 'pdf', href: `${base}/upd.pdf` },
    { format: 'xml', href: `${base}/upd.xml` },
  ]
}

const ITEM_COLUMNS = {
  id: closingDocuments.id,
  kind: closingDocuments.kind,
  number: closingDocuments.number,
  date: closingDocuments.date,
  sellerOrganizationId: closingDocuments.sellerOrganizationId,
  sellerName: closingDocuments.sellerName,
  sellerInn: closingDocuments.sellerInn,
  buyerName: closingDocuments.buyerName,
  buyerInn: closingDocuments.buyerInn,
  orderNumber: closingDocuments.orderNumber,
  correction: closingDocuments.correction,
  totalKopecks: closingDocuments.totalKopecks,
  vatKopecks: closingDocuments.vatKopecks,
  state: closingDocuments.state,
}

const ARCHIVE_LABEL: Record<Row['kind'], string> = { invoice: 'Счёт', upd: 'УПД', act: 'Акт', ukd: 'УКД' }

/** The registry's list and the month's archive, for any member of the organization. */
export function createDocumentsRegistry(deps: { readImage: ReadImage }) {
  /** The files of one document as the archive names them, rendered one document at a time. */
  async function archiveFiles(ctx: Ctx, row: Row): Promise<{ name: string; bytes: Uint8Array }[]> {
    const files = []
    for (const format of formatsOf(row.kind)) {
      const file = await renderDocumentFile(ctx, row, format, deps.readImage)
      // The XML keeps the name its format gives it; a PDF is named for the accountant's eye.
      const name = format === 'xml' ? file.name : `${ARCHIVE_LABEL[row.kind]} ${row.number} от ${row.date}.pdf`
      files.push({ name, bytes: file.data })
    }
    return files
  }

  return {
    async list(ctx: Ctx, input: unknown): Promise<RegistryPage> {
      const organizationId = organizationOf(ctx)
      const { page, ...filters } = parse(RegistryQuery, input ?? {})
      const where = and(...conditionsOf(organizationId, filters))
      const [rows, sums] = await Promise.all([
        ctx.db
          .select(ITEM_COLUMNS)
          .from(closingDocuments)
          .where(where)
          .orderBy(desc(closingDocuments.date), desc(closingDocuments.createdAt))
          .limit(REGISTRY_PAGE_SIZE)
          .offset((page - 1) * REGISTRY_PAGE_SIZE),
        ctx.db
          .select({
            sale: sql<boolean>`${closingDocuments.sellerOrganizationId} = ${organizationId}`,
            count: count(),
            // A void invoice is listed but not counted in the period's sums.
            total: sum(
              sql`case when ${closingDocuments.state} = 'cancelled' then 0 else ${closingDocuments.totalKopecks} end`,
            ),
            vat: sum(
              sql`case when ${closingDocuments.state} = 'cancelled' then 0 else ${closingDocuments.vatKopecks} end`,
            ),
          })
          .from(closingDocuments)
          .where(where)
          .groupBy(sql`1`),
      ])
      const totalsOf = (sale: boolean): RegistryTotals => {
        const found = sums.find((s) => Boolean(s.sale) === sale)
        return {
          count: found?.count ?? 0,
          totalKopecks: Number(found?.total ?? 0),
          vatKopecks: Number(found?.vat ?? 0),
        }
      }
      const totals = { sale: totalsOf(true), purchase: totalsOf(false) }
      return {
        items: rows.map((row) => {
          const direction = row.sellerOrganizationId === organizationId ? 'sale' : 'purchase'
          return {
            id: row.id,
            kind: row.kind,
            number: row.number,
            date: row.date,
            direction,
            counterparty:
              direction === 'sale'
                ? { name: row.buyerName, inn: row.buyerInn }
                : { name: row.sellerName, inn: row.sellerInn },
            orderNumber: row.orderNumber,
            totalKopecks: row.totalKopecks,
            vatKopecks: row.vatKopecks,
            state: row.state,
            files: filesOf(row, direction),
          }
        }),
        page,
        pageSize: REGISTRY_PAGE_SIZE,
        total: totals.sale.count + totals.purchase.count,
        totals,
      }
    },

    /**
     * A month's documents as one ZIP for the accountant: «Выданные» and «Полученные» folders, each
     * document's PDF (and a УПД's XML). Streamed: one document is rendered and written at a time,
     * so memory does not grow with the month.
     */
    async archive(ctx: Ctx, input: unknown): Promise<{ stream: Readable; filename: string }> {
      const organizationId = organizationOf(ctx)
      const { month, direction } = parse(RegistryArchiveQuery, input ?? {})
      const [year, m] = month.split('-').map(Number) as [number, number]
      const last = new Date(Date.UTC(year, m, 0)).getUTCDate()
      const where = and(
        ...conditionsOf(organizationId, {
          direction,
          from: `${month}-01`,
          to: `${month}-${String(last).padStart(2, '0')}`,
        }),
      )
      const ids = await ctx.db
        .select({
          id: closingDocuments.id,
          sale: sql<boolean>`${closingDocuments.sellerOrganizationId} = ${organizationId}`,
        })
        .from(closingDocuments)
        .where(where)
        .orderBy(asc(closingDocuments.date), asc(closingDocuments.createdAt))
      if (ids.length > REGISTRY_ARCHIVE_MAX) {
        throw new AppError('unprocessable', REGISTRY_MESSAGES.tooMany(ids.length))
      }

      async function* chunks(): AsyncGenerator<Uint8Array> {
        const out: Uint8Array[] = []
        const zip = new Zip((error, chunk) => {
          if (error) throw error
          out.push(chunk)
        })
        for (const { id, sale } of ids) {
          const [row] = await ctx.db.select().from(closingDocuments).where(eq(closingDocuments.id, id))
          if (!row) continue
          const folder = sale ? 'Выданные' : 'Полученные'
          for (const file of await archiveFiles(ctx, row)) {
            const entry = new ZipPassThrough(`${folder}/${file.name}`)
            entry.mtime = new Date(`${row.date}T12:00:00Z`)
            zip.add(entry)
            entry.push(file.bytes, true)
          }
          while (out.length) yield out.shift()!
        }
        zip.end()
        while (out.length) yield out.shift()!
      }
      return { stream: Readable.from(chunks()), filename: `documents-${month}.zip` }
    },
  }
}

export type DocumentsRegistry = ReturnType<typeof createDocumentsRegistry>
