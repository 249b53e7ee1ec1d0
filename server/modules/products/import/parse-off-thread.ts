import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { Piscina } from 'piscina'
import type { ImportMapping } from './file/mapping.ts'
import type { ImportError } from './file/types.ts'
import type { ParseProgress } from './file/yml.ts'
import type { FileParam, OfferEvaluation } from './imports.preview.ts'
import type { CountedCategory } from './imports.table.ts'

/**
 * Uploads are parsed in a worker thread, never on the event loop: the parsers are synchronous,
 * and a catalogue of a few megabytes takes a second or more. The pool bounds what parsing may
 * take of an instance: one thread (parsing jobs of several organizations queue for it, a 7.5 MB
 * file takes about two seconds) with a capped heap, so six parallel uploads of 7.5 MB cost one
 * parse's memory, not six (bench:hostile: +220 MB instead of +420 MB with two threads); a file
 * that would need more than the cap fails alone instead of taking the process down.
 */
export const PARSE_THREADS = 1
/** The heap of one parsing thread: a 20 MB file of 10 000 offers needs about a third of it. */
export const PARSE_HEAP_MB = 384

export interface ParseTask {
  kind: 'parse'
  bytes: Uint8Array
  fileName: string
  port: MessagePort
}

export interface EvaluateTask {
  kind: 'evaluate'
  offersJson: string
  mapping: ImportMapping
}

/**
 * A parsed upload: refused with a reason, or its preview with the offers as stored JSON text.
 * `size` is what the progress counts to (the file's characters): it comes with the result, as the
 * progress messages travel apart from it and may arrive after it.
 */
export type ParsedUpload =
  | { refusal: string; size: number }
  | {
      refusal?: undefined
      size: number
      categories: CountedCategory[]
      params: FileParam[]
      mapping: ImportMapping
      fileErrors: ImportError[]
      offersJson: string
      evaluation: OfferEvaluation
    }

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

/** The upload parsed and previewed in a thread of the pool, its progress reported as it goes. */
export async function parseUpload(
  bytes: Uint8Array,
  fileName: string,
  onProgress?: ParseProgress,
): Promise<ParsedUpload> {
  // The thread gets the bytes without a copy: a buffer of their own, handed over.
  const own = new Uint8Array(bytes)
  const { port1, port2 } = new MessageChannel()
  port1.on('message', (p: { done: number; total: number }) => onProgress?.(p.done, p.total))
  try {
    const task: ParseTask = { kind: 'parse', bytes: own, fileName, port: port2 }
    return await parsingPool().run(task, { transferList: [own.buffer, port2] })
  } finally {
    port1.close()
  }
}

/** The stored offers (JSON text) checked against a new mapping, in a thread of the pool. */
export function evaluateStoredOffers(offersJson: string, mapping: ImportMapping): Promise<OfferEvaluation> {
  const task: EvaluateTask = { kind: 'evaluate', offersJson, mapping }
  return parsingPool().run(task)
}

/** Ends the parsing threads (tests, shutdown); idle ones end by themselves. */
export async function closeParsingThreads(): Promise<void> {
  const current = pool
  pool = undefined
  await current?.destroy()
}
