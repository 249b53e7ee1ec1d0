/**
 * Where rendered guest pages are kept. The store holds no truth of its own: every entry names the
 * content version it was rendered under, and the caller compares it with the version it just read
 * from the database, so a store local to one instance is as correct as a shared one (decision 041).
 */
export interface CachedPage {
  /** The content version read before the page was rendered. */
  version: string
  /** Epoch ms after which the entry must not be served (TTL, next scheduled publication, midnight). */
  expiresAt: number
  /** Response headers to replay (per-response ones, like the CSP and the request id, left out). */
  headers: Record<string, string | string[]>
  /** The HTML (UTF-8) split at the CSP nonce it was rendered with: joined with a fresh one on every hit. */
  segments: Buffer[]
  bytes: number
}

export interface PageStore {
  get(key: string): CachedPage | undefined
  set(key: string, page: CachedPage): void
  delete(key: string): void
  /** Entries and bytes held, for tests and debugging. */
  size(): { entries: number; bytes: number }
}

/**
 * An in-memory LRU bounded by bytes: a Map keeps insertion order, and a read moves its entry to
 * the end, so the first key is always the least recently used.
 */
export function createMemoryPageStore(opts: { maxBytes: number }): PageStore {
  const entries = new Map<string, CachedPage>()
  let bytes = 0

  function remove(key: string) {
    const page = entries.get(key)
    if (!page) return
    entries.delete(key)
    bytes -= page.bytes + key.length
  }

  return {
    get(key) {
      const page = entries.get(key)
      if (!page) return undefined
      entries.delete(key)
      entries.set(key, page)
      return page
    },
    set(key, page) {
      remove(key)
      // A page bigger than a quarter of the store would push out most of what is worth keeping.
      if (page.bytes + key.length > opts.maxBytes / 4) return
      entries.set(key, page)
      bytes += page.bytes + key.length
      for (const oldest of entries.keys()) {
        if (bytes <= opts.maxBytes) break
        remove(oldest)
      }
    },
    delete: remove,
    size: () => ({ entries: entries.size, bytes }),
  }
}
