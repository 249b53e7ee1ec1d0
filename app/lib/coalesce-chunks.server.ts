import { Transform, type TransformCallback } from 'node:stream'

/**
 * Gathers what React writes during one pass and passes it on as a single buffer.
 *
 * React's stream writes a page in pieces of at most 4 KB and calls its destination's `flush()`
 * once a pass is written (the shell, then each boundary that resolves). Passed on as they come,
 * a 120 KB page is some thirty pieces, and each one travels alone through every stage after this
 * one (the paint-first transform, the web stream React Router answers with, its adapter back to a
 * Node stream, the socket): each stage costs about as much per piece as per kilobyte. Gathered,
 * the page goes through them in a handful of buffers, as soon as React has finished each pass.
 */
export class CoalesceChunks extends Transform {
  #held: Buffer[] = []

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#held.push(chunk)
    callback()
  }

  /** React calls this when a pass is written: what it wrote goes on as one buffer. */
  flush(): void {
    if (!this.#held.length) return
    const held = this.#held
    this.#held = []
    this.push(held.length === 1 ? held[0] : Buffer.concat(held))
  }

  override _flush(callback: TransformCallback): void {
    this.flush()
    callback()
  }
}
