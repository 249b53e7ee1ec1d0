/**
 * Answers worked out at one catalogue revision, by key: valid while the catalogue stays at it,
 * dropped as a whole when a later revision is kept, and an answer of an older revision arriving
 * late is not kept. At most `limit` keys, the least recently kept dropped first.
 */
export class RevisionCache<V> {
  private revision = -1
  private readonly entries = new Map<string, V>()
  private readonly limit: number

  constructor(limit: number) {
    this.limit = limit
  }

  /** Whether the key is known, as of the revision kept (which the caller may still have to check). */
  has(key: string): boolean {
    return this.entries.has(key)
  }

  /** The answer kept for the key at `revision`, if there is one. */
  get(revision: number, key: string): V | undefined {
    return revision === this.revision ? this.entries.get(key) : undefined
  }

  /** Forgets every answer (a test's way to make the next listing count again). */
  clear(): void {
    this.entries.clear()
  }

  set(revision: number, key: string, value: V): void {
    if (revision < this.revision) return
    if (revision > this.revision) {
      this.entries.clear()
      this.revision = revision
    }
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!)
  }
}
