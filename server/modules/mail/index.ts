import { defineModule } from '../module.ts'
import { createMailService } from './mail.service.ts'
import * as tables from './mail.table.ts'

export type { MailService, OutgoingEmail } from './mail.service.ts'

export const mailModule = defineModule({
  name: 'mail',
  tables,
  service: ({ config, log }) =>
    createMailService({ smtpUrl: config.SMTP_URL, mailDir: config.mailDir, from: config.MAIL_FROM, log }),
  close: (mail) => mail.close(),
})
