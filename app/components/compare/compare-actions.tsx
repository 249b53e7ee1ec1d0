import { Anchor } from '@mantine/core'
import { api } from '#app/lib/api.ts'
import { isApiError } from '#app/lib/api-client.ts'
import { applyCompareIds, type CompareIds } from '#app/lib/compare.ts'
import { showNotification } from '#app/lib/notify.ts'
import { AppLink } from '../AppLink.tsx'

/**
 * What a compare button does on click: loaded on the first click, so the buttons on cards cost
 * the first load no more than a button.
 */
export const COMPARE_PATH = '/compare'

export async function addToCompare(productId: string, productTitle: string): Promise<boolean> {
  try {
    const { data } = await api.post<{ data: CompareIds }>('/compare/items', { productId })
    applyCompareIds(data)
    showNotification({
      id: 'compare',
      tone: 'success',
      title: 'Товар добавлен к сравнению',
      message: (
        <>
          {productTitle}.{' '}
          <Anchor component={AppLink} to={COMPARE_PATH} size="sm">
            Перейти к сравнению
          </Anchor>
        </>
      ),
    })
    return true
  } catch (error) {
    notifyFailure('Не удалось добавить к сравнению', error)
    return false
  }
}

export async function removeFromCompare(productId: string): Promise<boolean> {
  try {
    const { data } = await api.delete<{ data: CompareIds }>(`/compare/items/${encodeURIComponent(productId)}`)
    applyCompareIds(data)
    return true
  } catch (error) {
    notifyFailure('Не удалось убрать из сравнения', error)
    return false
  }
}

export async function clearCompare(categorySlug?: string): Promise<boolean> {
  try {
    const { data } = await api.delete<{ data: CompareIds }>('/compare', {
      query: { category: categorySlug },
    })
    applyCompareIds(data)
    return true
  } catch (error) {
    notifyFailure('Не удалось очистить сравнение', error)
    return false
  }
}

/** The server's own Russian message (the per-category limit, a product gone from sale). */
function notifyFailure(title: string, error: unknown) {
  if (isApiError(error) && (error.cancelled || error.status === 403)) return // 403 shows the error page
  const message = error instanceof Error ? error.message : 'Попробуйте ещё раз'
  showNotification({ id: 'compare', tone: 'error', title, message })
}
