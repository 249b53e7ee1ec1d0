import { MessageChannel } from 'node:worker_threads'
import { Piscina } from 'piscina'
import type { ImportResult } from '../../catalog/import/types.ts'
import type { ParseProgress } from '../../catalog/import/yml.ts'

/**
 * Uploads are parsed in worker threads, never on the event loop: the parsers are synchronous,
 * and a catalogue of a few megabytes takes a second or more. The pool bounds what parsing may
 * take of an instance: two threads at most (the job queue's workers wait for a free one), each
 * with a capped heap, so six parallel uploads of 7.5 MB cost one or two parses' memory, not six;
 * a file that would need more than the cap fails alone instead of taking the process down.
 */
export const PARSE_THREADS = 2
/** The heap of one parsing thread: a 20 MB file of 10 000 offers needs about a third of it. */
export const PARSE_HEAP_MB = 384

let pool: Piscina | undefined

function parsingPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./parse.thread.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: PARSE_THREADS,
    // An idle thread ends soon: a parsed catalogue's garbage leaves with its thread.
    idleTimeout: 1_000,
    resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  })
  return pool
}

/** The upload's offers, categories and errors, parsed in a thread of the pool. */
export async function parseUpload(
  bytes: Uint8Array,
  fileName: string,
  onProgress?: ParseProgress,
): Promise<ImportResult> {
  // The thread gets the bytes without a copy: a buffer of their own, handed over.
  const own = new Uint8Array(bytes)
  const { port1, port2 } = new MessageChannel()
  port1.on('message', (p: { done: number; total: number }) => onProgress?.(p.done, p.total))
  try {
    return await parsingPool().run({ bytes: own, fileName, port: port2 }, { transferList: [own.buffer, port2] })
  } finally {
    port1.close()
  }
}

/** Ends the parsing threads (tests, shutdown); idle ones end by themselves. */
export async function closeParsingThreads(): Promise<void> {
  const current = pool
  pool = undefined
  await current?.destroy()
}
