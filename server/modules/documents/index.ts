import { defineModule } from '../module.ts'
import { documentsRoutes } from './documents.routes.ts'
import { createDocumentsService, type DocumentsService } from './documents.service.ts'
import * as tables from './documents.table.ts'

export type { DocumentsService } from './documents.service.ts'
export {
  type ActIssue,
  type InvoiceIssue,
  type IssuedDocument,
  type UkdIssue,
  type UpdIssue,
  issueAct,
  issueUkd,
  issueUpd,
  registerInvoice,
  updOf,
} from './documents.issue.ts'

/**
 * Closing documents (закрывающие документы): the universal transfer documents sellers issue when
 * they ship and the acts of drone work customers accept, and the correction documents of accepted returns
 * and price changes, numbered in each seller's sequence per
 * kind and year and kept as printed. `issueUpd`, `issueAct` and `issueUkd` are for the shipment's
 * and the acceptances' transactions only; requests read a document through the order it closes.
 */
export const documentsModule = defineModule({
  name: 'documents',
  tables,
  routes: documentsRoutes,
  internal: ['issueUpd', 'issueAct', 'issueUkd', 'updOf', 'registerInvoice', 'setInvoiceState'],
  service: (_infra, { files }): DocumentsService => createDocumentsService({ files }),
})
