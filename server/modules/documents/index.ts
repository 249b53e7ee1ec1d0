import { defineModule } from '../module.ts'
import { documentsRoutes } from './documents.routes.ts'
import { createDocumentsService, type DocumentsService } from './documents.service.ts'
import * as tables from './documents.table.ts'

export type { DocumentsService } from './documents.service.ts'
export { type IssuedDocument, type UpdIssue, issueUpd } from './documents.issue.ts'

/**
 * Closing documents (закрывающие документы): the universal transfer documents sellers issue when
 * they ship, numbered in each seller's sequence per year and kept as printed. `issueUpd` is for the
 * shipment's flow only; requests read a document through the order it closes.
 */
export const documentsModule = defineModule({
  name: 'documents',
  tables,
  routes: documentsRoutes,
  internal: ['issueUpd'],
  service: (_infra, { files }): DocumentsService => createDocumentsService({ files }),
})
