import { defineModule } from '../module.ts'
import type { Events } from './events.ts'
import { createNotifications } from './notifications.service.ts'

export type { Audience, Recipient } from './channels.ts'
export type { Events, ExchangeProposalEvent, Person } from './events.ts'
export { proposalNews } from './proposals.chat.ts'
export { serviceOrderNews } from './service-orders.chat.ts'

/**
 * Modules tell what happened (`services.notifications.emit`); this one decides who hears of it
 * and how. It is built before the modules that emit, among them the ones it asks (organizations
 * for the members of an audience, chat for a conversation's note), so it finds those in the
 * registry when an event comes, once every module is built.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  service: ({ config }, services): Events =>
    createNotifications({
      mail: services.mail,
      publicUrl: config.publicUrl,
      ports: {
        peopleOf: (ctx, audiences) => services.organizations.peopleOf(ctx, audiences),
        postNotes: (ctx, notes, subject) => services.chat.postNews(ctx, notes, subject),
        wake: () => services.jobs.wake(),
      },
    }),
})
