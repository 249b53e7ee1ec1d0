import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while rendering on the server and hydrating, true after: for parts that exist only in the
 * browser (rich-text editors, maps), so the server's HTML and the first client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
