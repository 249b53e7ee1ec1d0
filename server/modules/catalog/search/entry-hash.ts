/**
 * A hash lookup for keys kept in a caller's own storage (uuid-column.ts, string-column.ts): an
 * open-addressing table of entry numbers, half empty at most, with each entry's hash kept so the
 * table grows without reading a key again. A key maps to one entry; setting it again points it at
 * the newer entry. Thirteen bytes a key, where a Map of strings took fifty and more.
 */
export class EntryHash {
  /** Entry + 1 per place; 0 is an empty place. */
  private table = new Int32Array(1024)
  private hashes = new Int32Array(1024)
  private used = 0

  /** The entry whose key `equals` accepts, among those of `hash`; -1 when there is none. */
  find(hash: number, equals: (entry: number) => boolean): number {
    const mask = this.table.length - 1
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const held = this.table[at]!
      if (held === 0) return -1
      if (this.hashes[held - 1] === hash && equals(held - 1)) return held - 1
    }
  }

  /** Points the key of `hash` that `equals` accepts at `entry`, or adds it. */
  set(hash: number, entry: number, equals: (entry: number) => boolean): void {
    if (entry >= this.hashes.length) {
      const hashes = new Int32Array(Math.max(entry + 1, this.hashes.length * 2))
      hashes.set(this.hashes)
      this.hashes = hashes
    }
    this.hashes[entry] = hash
    if ((this.used + 1) * 2 > this.table.length) this.rehash(this.table.length * 2)
    const mask = this.table.length - 1
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const held = this.table[at]!
      if (held === 0) {
        this.table[at] = entry + 1
        this.used++
        return
      }
      if (this.hashes[held - 1] === hash && equals(held - 1)) {
        this.table[at] = entry + 1
        return
      }
    }
  }

  get byteLength(): number {
    return this.table.byteLength + this.hashes.byteLength
  }

  private rehash(size: number): void {
    const old = this.table
    this.table = new Int32Array(size)
    const mask = size - 1
    for (const held of old) {
      if (held === 0) continue
      let at = this.hashes[held - 1]! & mask
      while (this.table[at] !== 0) at = (at + 1) & mask
      this.table[at] = held
    }
  }
}

/** FNV-1a over a string's UTF-16 code units. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash | 0
}
