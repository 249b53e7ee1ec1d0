import { parentPort, workerData } from 'node:worker_threads'
import { parseImportFile } from '../../catalog/import/parse.ts'

// A worker thread's entry (parse-off-thread.ts): parses one upload and posts the result back.
const { bytes, fileName } = workerData as { bytes: Uint8Array; fileName: string }
parentPort!.postMessage(parseImportFile(bytes, fileName))
