import { PRODUCT_MESSAGES } from '#common/products.ts'
import { moderationOf } from '../../moderation/machine.ts'
import { productDraftEvents, productDrafts } from './products.table.ts'
import { quote } from '#common/format.ts'

/** Product moderation: the moderation kit's machine over the vendor's drafts (server/moderation). */
const products = moderationOf({
  refusals: {
    create: 'Такой товар уже создан',
    edit: PRODUCT_MESSAGES.notEditable,
    submit: 'Отправить на модерацию можно черновик или товар, возвращённый на доработку',
    withdraw: 'Отозвать можно только товар, который находится на модерации',
    approve: 'Одобрить можно только товар, который находится на модерации',
    requestFixes: 'Вернуть на доработку можно только товар, который находится на модерации',
    unpublish: PRODUCT_MESSAGES.notPublished,
  },
  named: (title) => `Товар ${quote(title)}`,
  subject: { table: productDrafts, id: productDrafts.id, status: productDrafts.status },
  history: { table: productDraftEvents, subjectId: productDraftEvents.productId, event: productDraftEvents.event },
  stale: PRODUCT_MESSAGES.stale,
})

/** The whole machine, for the moderation kit's staff decisions (moderation/decisions.ts). */
export const productMachine = products
export const productModeration = products.lifecycle
export const productTransition = products.transition
export const moveProduct = products.move
export const recordCreation = products.recordCreation
