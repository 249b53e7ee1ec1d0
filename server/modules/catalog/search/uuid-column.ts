import { EntryHash } from './entry-hash.ts'

/** The hyphens' places in a UUID's text. */
const HYPHENS = [8, 13, 18, 23]

/**
 * The four 32-bit words of a UUID in text form (either case); null when it is not one. A loop
 * over the characters: a million products' load parses two million of these.
 */
function wordsOf(uuid: string): [number, number, number, number] | null {
  if (uuid.length !== 36) return null
  const words: [number, number, number, number] = [0, 0, 0, 0]
  let digits = 0
  for (let i = 0; i < 36; i++) {
    const c = uuid.charCodeAt(i)
    if (HYPHENS.includes(i)) {
      if (c !== 45 /* - */) return null
      continue
    }
    const lower = c | 32
    const value = c >= 48 && c <= 57 ? c - 48 : lower >= 97 && lower <= 102 ? lower - 87 : -1
    if (value < 0) return null
    const word = digits++ >> 3
    // Multiplied, not shifted: the words stay unsigned.
    words[word] = words[word]! * 16 + value
  }
  return words
}

const hashOf = (w: readonly number[]) =>
  (w[0]! ^ Math.imul(w[1]!, 0x9e3779b1) ^ Math.imul(w[2]!, 0x85ebca6b) ^ Math.imul(w[3]!, 0xc2b2ae35)) | 0

const hex8 = (n: number) => n.toString(16).padStart(8, '0')

/**
 * UUIDs by entry number (the index's products by slot, its models by code), 16 bytes each in one
 * Uint32Array where a string and its map entry took some 90, and a lookup from a UUID to the
 * latest entry holding it. Entries are only appended.
 */
export class UuidColumn {
  private words = new Uint32Array(4 * 1024)
  length = 0
  private readonly lookup = new EntryHash()

  /** Appends `uuid` (lower or upper case); the lookup finds this entry for it from now on. */
  push(uuid: string): number {
    const w = wordsOf(uuid)
    if (!w) throw new Error(`not a UUID: ${uuid}`)
    if (4 * (this.length + 1) > this.words.length) {
      const bigger = new Uint32Array(this.words.length * 2)
      bigger.set(this.words)
      this.words = bigger
    }
    const entry = this.length++
    this.words.set(w, 4 * entry)
    this.lookup.set(hashOf(w), entry, (other) => this.holds(other, w))
    return entry
  }

  /** The latest entry holding `uuid`; -1 when none does or it is not a UUID. */
  find(uuid: string): number {
    const w = wordsOf(uuid)
    return w ? this.lookup.find(hashOf(w), (entry) => this.holds(entry, w)) : -1
  }

  /** The UUID of an entry, in lower-case text form. */
  at(entry: number): string {
    const [a, b, c, d] = this.words.subarray(4 * entry, 4 * entry + 4)
    const t = hex8(a!) + hex8(b!) + hex8(c!) + hex8(d!)
    return `${t.slice(0, 8)}-${t.slice(8, 12)}-${t.slice(12, 16)}-${t.slice(16, 20)}-${t.slice(20)}`
  }

  /** Two entries' UUIDs compared as their text compares (and as PostgreSQL orders uuids). */
  compare(a: number, b: number): number {
    const w = this.words
    for (let i = 0; i < 4; i++) {
      const x = w[4 * a + i]!
      const y = w[4 * b + i]!
      if (x !== y) return x < y ? -1 : 1
    }
    return 0
  }

  get byteLength(): number {
    return this.words.byteLength + this.lookup.byteLength
  }

  private holds(entry: number, w: readonly number[]): boolean {
    const at = 4 * entry
    return (
      this.words[at] === w[0] &&
      this.words[at + 1] === w[1] &&
      this.words[at + 2] === w[2] &&
      this.words[at + 3] === w[3]
    )
  }
}
