import { EntryHash, hashString } from './entry-hash.ts'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * Strings by entry number, their UTF-8 bytes end to end in one Uint8Array, with a lookup from a
 * string to the latest entry holding it: the models' slugs, a third of what a Map of them took.
 * Entries are only appended.
 */
export class StringColumn {
  private bytes = new Uint8Array(16 * 1024)
  private ends = new Int32Array(1024)
  private byteEnd = 0
  length = 0
  private readonly lookup = new EntryHash()

  push(text: string): number {
    const encoded = encoder.encode(text)
    if (this.byteEnd + encoded.length > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.byteEnd + encoded.length))
      bigger.set(this.bytes.subarray(0, this.byteEnd))
      this.bytes = bigger
    }
    if (this.length === this.ends.length) {
      const bigger = new Int32Array(this.ends.length * 2)
      bigger.set(this.ends)
      this.ends = bigger
    }
    this.bytes.set(encoded, this.byteEnd)
    this.byteEnd += encoded.length
    const entry = this.length++
    this.ends[entry] = this.byteEnd
    this.lookup.set(hashString(text), entry, (other) => this.at(other) === text)
    return entry
  }

  /** The latest entry holding `text`, or -1. */
  find(text: string): number {
    return this.lookup.find(hashString(text), (entry) => this.at(entry) === text)
  }

  at(entry: number): string {
    return decoder.decode(this.bytes.subarray(entry ? this.ends[entry - 1] : 0, this.ends[entry]))
  }

  get byteLength(): number {
    return this.bytes.byteLength + this.ends.byteLength + this.lookup.byteLength
  }
}
