/**
 * A guest's «В корзину» waits here while they sign in (the auth modal keeps them on the page);
 * the button of that product adds it once the session has a user. Session storage: the wish
 * belongs to this tab and dies with it.
 */
const PENDING_KEY = 'cart:pending'

export function rememberPendingCartAdd(productId: string) {
  try {
    sessionStorage.setItem(PENDING_KEY, productId)
  } catch {
    // Storage may be off: the guest clicks again after signing in.
  }
}

/** True once for the product that was waiting, which stops waiting. */
export function takePendingCartAdd(productId: string): boolean {
  try {
    if (sessionStorage.getItem(PENDING_KEY) !== productId) return false
    sessionStorage.removeItem(PENDING_KEY)
    return true
  } catch {
    return false
  }
}
