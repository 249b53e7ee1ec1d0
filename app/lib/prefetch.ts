import { useEffect, useState } from 'react'

type Connection = { saveData?: boolean; effectiveType?: string }

/** Spec section 9: no prefetch for users who asked to save data or sit on a 2g connection. */
export function allowsPrefetch(connection: Connection | undefined): boolean {
  if (!connection) return true
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g')
}

export function usePrefetchMode(): 'intent' | 'none' {
  const [mode, setMode] = useState<'intent' | 'none'>('intent')
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: Connection }).connection
    setMode(allowsPrefetch(connection) ? 'intent' : 'none')
  }, [])
  return mode
}
