import { useSyncExternalStore } from 'react'

/**
 * An error page shown on top of the current route, e.g. 403 after an API call was forbidden.
 * Cleared on the next navigation.
 */
export interface ForcedError {
  statusCode: number
  message: string
}

let current: ForcedError | null = null
const listeners = new Set<() => void>()

export function showErrorPage(error: ForcedError) {
  current = error
  listeners.forEach((l) => l())
}

export function clearErrorPage() {
  if (current === null) return
  current = null
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useForcedError(): ForcedError | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
}
