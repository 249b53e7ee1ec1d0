import { Worker } from 'node:worker_threads'
import { parseImportFile } from '../../catalog/import/parse.ts'
import type { ImportResult } from '../../catalog/import/types.ts'

/**
 * Above this size a file is parsed in a worker thread: the parsers are synchronous, and a
 * catalogue of a few megabytes takes about a second, which would stall every other request of
 * the process. Smaller files parse in milliseconds, cheaper than starting a thread.
 */
export const THREAD_PARSE_BYTES = 256 * 1024

const THREAD = new URL('./parse.thread.ts', import.meta.url)

/** The upload's offers, categories and errors, off the event loop when the file is large. */
export function parseUpload(
  bytes: Uint8Array,
  fileName: string,
  threadAbove = THREAD_PARSE_BYTES,
): Promise<ImportResult> {
  if (bytes.length <= threadAbove) return Promise.resolve(parseImportFile(bytes, fileName))
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD, { workerData: { bytes, fileName } })
    worker.once('message', (result: ImportResult) => {
      resolve(result)
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`import parser thread exited with ${code}`))
    })
  })
}
