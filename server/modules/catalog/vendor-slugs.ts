/**
 * Vendor slugs as last resolved to organization ids (or as last seen on cards and in the seller
 * facet), so a listing filtered by sellers can be worked out before the statement that resolves
 * them answers: that statement goes out beside the
 * cards instead, and the caller works the listing out again when the answer differs from the
 * guess (a seller renamed its address or stopped selling). Only slugs that resolved are kept: a
 * slug no seller has is always asked, so a seller page never answers «not found» from memory.
 */
export class VendorSlugGuesses {
  private readonly ids = new Map<string, string>()
  private readonly limit: number

  constructor(limit = 5000) {
    this.limit = limit
  }

  /** The ids of the slugs when every one resolved last time; null otherwise. */
  guess(slugs: readonly string[]): Map<string, string> | null {
    const guessed = new Map<string, string>()
    for (const slug of slugs) {
      const id = this.ids.get(slug)
      if (id === undefined) return null
      guessed.set(slug, id)
    }
    return guessed
  }

  /** Keeps the slugs of sellers met otherwise (a page's, its seller facet's) as a guess. */
  remember(sellers: Iterable<{ id: string; slug: string }>): void {
    for (const { id, slug } of sellers) this.keep(slug, id)
  }

  /** Keeps what the slugs resolved to; true when that is what `guess` would have said. */
  learn(slugs: readonly string[], resolved: ReadonlyMap<string, string>): boolean {
    let same = true
    for (const slug of new Set(slugs)) {
      const id = resolved.get(slug)
      if (this.ids.get(slug) !== id) same = false
      if (id === undefined) this.ids.delete(slug)
      else this.keep(slug, id)
    }
    return same
  }

  private keep(slug: string, id: string): void {
    if (this.ids.get(slug) === id) return
    if (this.ids.size >= this.limit) this.ids.clear()
    this.ids.set(slug, id)
  }
}
