import { OFFER_MESSAGES } from '#common/exchange/offers.ts'
import { moderationOf } from '../../../moderation/machine.ts'
import { serviceOfferEvents, serviceOffers } from './offers.table.ts'
import { quote } from '#common/format.ts'

/** Offer moderation: the moderation kit's machine over the vendor's service offers (server/moderation). */
const offers = moderationOf({
  refusals: {
    create: 'Такая услуга уже создана',
    edit: 'Новую версию начинает только изменение одобренной услуги',
    submit: 'Отправить на модерацию можно черновик или услугу, возвращённую на доработку',
    withdraw: 'Отозвать можно только услугу, которая находится на модерации',
    approve: 'Одобрить можно только услугу, которая находится на модерации',
    requestFixes: 'Вернуть на доработку можно только услугу, которая находится на модерации',
    unpublish: OFFER_MESSAGES.notPublished,
  },
  named: (title) => `Услуга ${quote(title)}`,
  subject: { table: serviceOffers, id: serviceOffers.id, status: serviceOffers.status },
  history: { table: serviceOfferEvents, subjectId: serviceOfferEvents.offerId, event: serviceOfferEvents.event },
  stale: OFFER_MESSAGES.stale,
})

/** The whole machine, for the moderation kit's staff decisions (moderation/decisions.ts). */
export const offerMachine = offers
export const offerModeration = offers.lifecycle
export const offerTransition = offers.transition
export const moveOffer = offers.move
export const recordOfferCreation = offers.recordCreation
