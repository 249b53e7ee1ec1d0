import { defineModule } from '../module.ts'
import type { Events } from './events.ts'
import { createNotifications } from './notifications.service.ts'

export type { Events, ExchangeProposalEvent, Person } from './events.ts'

/** Modules tell what happened (`services.notifications.emit`); this one decides who hears of it and how. */
export const notificationsModule = defineModule({
  name: 'notifications',
  service: ({ config }, { mail }): Events => createNotifications({ mail, publicUrl: config.publicUrl }),
})
