import type { MessagePort } from 'node:worker_threads'
import { parseImportFile } from '../../catalog/import/parse.ts'
import type { ImportResult } from '../../catalog/import/types.ts'

/** A thread of the parsing pool (parse-off-thread.ts): one upload, its progress on `port`. */
export default function parse(task: { bytes: Uint8Array; fileName: string; port: MessagePort }): ImportResult {
  let reported = 0
  try {
    return parseImportFile(task.bytes, task.fileName, (done, total) => {
      // A few dozen messages for the largest file, not one per piece.
      if (done === total || done - reported >= total / 50) {
        reported = done
        task.port.postMessage({ done, total })
      }
    })
  } finally {
    task.port.close()
  }
}
