import { PostingList } from './postings.ts'

/** The words of a text as suggestions read them: lower-case runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/**
 * The words of every product's title, brand and model, each with the slots using it, for
 * suggestions while typing: a product matches when each typed word begins one of its words.
 * Looking up a prefix is a binary search in the sorted word list, so a prefix nothing begins
 * costs next to nothing, where scanning every title would cost a pass over the catalogue.
 */
export class TitleWords {
  private readonly slots = new Map<string, PostingList>()
  /** Sorted lazily: new words are rare once the catalogue is loaded. */
  private sorted: string[] | null = []

  add(slot: number, text: string): void {
    for (const word of new Set(wordsOf(text))) {
      let list = this.slots.get(word)
      if (!list) {
        this.slots.set(word, (list = new PostingList()))
        this.sorted = null
      }
      list.push(slot)
    }
  }

  /**
   * Counts in `hits` (zeroed, a byte per slot), per slot, how many of the prefixes begin one of
   * its words: a slot matches them all where the count equals their number. False when some
   * prefix begins no word at all.
   */
  match(prefixes: readonly string[], hits: Uint8Array): boolean {
    const sorted = (this.sorted ??= [...this.slots.keys()].sort())
    for (let i = 0; i < prefixes.length; i++) {
      const prefix = prefixes[i]!
      let lo = 0
      for (let hi = sorted.length; lo < hi;) {
        const mid = (lo + hi) >>> 1
        if (sorted[mid]! < prefix) lo = mid + 1
        else hi = mid
      }
      if (!sorted[lo]?.startsWith(prefix)) return false
      for (let w = lo; w < sorted.length && sorted[w]!.startsWith(prefix); w++) {
        const { data, length } = this.slots.get(sorted[w]!)!
        // A slot with two words of this prefix counts once: only slots at i move on.
        for (let j = 0; j < length; j++) if (hits[data[j]!] === i) hits[data[j]!] = i + 1
      }
    }
    return true
  }

  /** Gives back the lists' spare room (after a whole load). */
  trim(): void {
    for (const list of this.slots.values()) list.trim()
  }
}
