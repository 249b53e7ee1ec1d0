import type { BulkAction, ProductTab } from '#common/products.ts'

/** The buttons of the bulk bar, in order. */
export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  submit: 'Отправить на модерацию',
  unpublish: 'Снять с публикации',
  delete: 'Удалить черновики',
}

/**
 * What can be done at once on each tab: products on sale come off the catalogue or send their
 * changes to staff; drafts go to staff or are deleted; products with staff wait for them.
 */
const BY_TAB: Record<ProductTab, readonly BulkAction[]> = {
  published: ['submit', 'unpublish'],
  moderation: [],
  'non-published': ['submit', 'delete'],
}

/**
 * The bulk actions a member sees on a tab: none for those who may not submit, unpublish or delete
 * (the page says why); submitting stays visible but disabled for an unconfirmed vendor.
 */
export function bulkActionsFor(tab: ProductTab, access: { manager: boolean }): readonly BulkAction[] {
  return access.manager ? BY_TAB[tab] : []
}

/** The result line of a bulk action: «Отправлено на модерацию: 3». */
export function bulkDoneMessage(action: BulkAction, done: number): string {
  const verb = { submit: 'Отправлено на модерацию', unpublish: 'Снято с публикации', delete: 'Удалено' }[action]
  return `${verb}: ${done}`
}
