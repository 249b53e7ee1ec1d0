import { defineModule } from '../module.ts'
import { createMailService, DELIVER_JOB, type MailService } from './mail.service.ts'
import * as tables from './mail.table.ts'

export type { MailAttachment, MailService, OutgoingEmail } from './mail.service.ts'

export const mailModule = defineModule({
  name: 'mail',
  tables,
  jobs: [DELIVER_JOB],
  service: ({ config, log }, { jobs }): MailService =>
    createMailService({ smtpUrl: config.SMTP_URL, mailDir: config.mailDir, from: config.MAIL_FROM, log, jobs }),
  close: (mail) => mail.close(),
})
