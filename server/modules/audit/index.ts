import { defineModule } from '../module.ts'
import { type AuditService, createAuditService } from './audit.service.ts'
import * as tables from './audit.table.ts'

export { recordAudit } from './audit.service.ts'

export const auditModule = defineModule({
  name: 'audit',
  tables,
  service: (_infra, { identity }): AuditService => createAuditService({ describeUsers: identity.describeUsers }),
})
