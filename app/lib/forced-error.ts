import { createStore, useStore } from './store.ts'

/**
 * An error page shown on top of the current route, e.g. 403 after an API call was forbidden.
 * Cleared on the next navigation.
 */
export interface ForcedError {
  statusCode: number
  message: string
}

const forcedError = createStore<ForcedError | null>(null)

export function showErrorPage(error: ForcedError) {
  forcedError.set(error)
}

export function clearErrorPage() {
  forcedError.set(null)
}

export function useForcedError(): ForcedError | null {
  return useStore(forcedError)
}
