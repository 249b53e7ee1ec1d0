import { useSyncExternalStore } from 'react'

type Connection = EventTarget & { saveData?: boolean; effectiveType?: string }

/** Spec section 9: no prefetch for users who asked to save data or sit on a 2g connection. */
export function allowsPrefetch(connection: Pick<Connection, 'saveData' | 'effectiveType'> | undefined): boolean {
  if (!connection) return true
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g')
}

function connection(): Connection | undefined {
  return (navigator as Navigator & { connection?: Connection }).connection
}

function subscribe(onChange: () => void) {
  const conn = connection()
  conn?.addEventListener('change', onChange)
  return () => conn?.removeEventListener('change', onChange)
}

export function usePrefetchMode(): 'intent' | 'none' {
  return useSyncExternalStore(
    subscribe,
    () => (allowsPrefetch(connection()) ? 'intent' : 'none'),
    () => 'intent',
  )
}
