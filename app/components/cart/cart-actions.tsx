import { Anchor } from '@mantine/core'
import { api } from '#app/lib/api.ts'
import { isApiError } from '#app/lib/api-client.ts'
import { openAuthModal } from '#app/lib/auth-modal.ts'
import { rememberPendingCartAdd } from '#app/lib/cart.ts'
import { setCartCount } from '#app/lib/header-summary.ts'
import { showNotification } from '#app/lib/notify.ts'
import type { WhoamiUser } from '#common/organizations.ts'
import { AppLink } from '../AppLink.tsx'

export const CART_PATH = '/cart'
const NOTICE_ID = 'cart'

/**
 * What «В корзину» does, loaded on the first click: a guest signs in first (the product is added
 * after), a user without an organization learns where to register one; anyone else gets the
 * product in the selected organization's cart and the header's count follows.
 */
export async function addToCart(user: WhoamiUser | null, productId: string, productTitle: string): Promise<boolean> {
  if (!user) {
    rememberPendingCartAdd(productId)
    openAuthModal('signIn', { reason: 'cart' })
    return false
  }
  try {
    const { data } = await api.post<{ data: { count: number; quantity: number } }>('/cart/items', { productId })
    setCartCount(data.count)
    showNotification({
      id: NOTICE_ID,
      tone: 'success',
      title: 'Товар в корзине',
      message: (
        <>
          {productTitle}
          {data.quantity > 1 ? ` — ${data.quantity} шт.` : ''}.{' '}
          <Anchor component={AppLink} to={CART_PATH} size="sm">
            Перейти в корзину
          </Anchor>
        </>
      ),
    })
    return true
  } catch (error) {
    if (isApiError(error) && error.cancelled) return false
    const message = error instanceof Error ? error.message : 'Попробуйте ещё раз'
    showNotification({ id: NOTICE_ID, tone: 'error', title: 'Не удалось добавить в корзину', message })
    return false
  }
}
