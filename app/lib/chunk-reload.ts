/**
 * A lazily loaded chunk that fails to load usually means a new release removed it: reload once.
 * The time of the last reload is kept in sessionStorage, and a second failure within 10 s
 * does nothing, so a chunk that is really broken cannot make the page reload forever.
 */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at'
export const CHUNK_RELOAD_WINDOW_MS = 10_000

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i

export function shouldReload(storage: Pick<Storage, 'getItem'>, now: number): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0)
  return !(last && now - last < CHUNK_RELOAD_WINDOW_MS)
}

export function reloadOnceForChunkError(reload: () => void = () => window.location.reload()): boolean {
  const now = Date.now()
  if (!shouldReload(sessionStorage, now)) return false
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now))
  reload()
  return true
}

export function installChunkReloadGuard(): () => void {
  const onPreloadError = (event: Event) => {
    event.preventDefault()
    reloadOnceForChunkError()
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    const message = event.reason instanceof Error ? event.reason.message : String(event.reason)
    if (CHUNK_ERROR.test(message)) reloadOnceForChunkError()
  }
  window.addEventListener('vite:preloadError', onPreloadError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}
