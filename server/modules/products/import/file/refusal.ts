import { IMPORT_MESSAGES as M } from './messages.ts'
import { type ImportResult, MAX_IMPORT_FILE_BYTES } from './types.ts'

/** A file refused as a whole: no offers, one message (line 0 when no line is to blame). */
export function refuseFile(message: string, line = 0): ImportResult {
  return { categories: [], offers: [], errors: [{ line, message }] }
}

/** The refusal of a file over the size limit, checked before anything is decoded. */
export function checkFileSize(bytes: Uint8Array): ImportResult | undefined {
  if (bytes.length === 0) return refuseFile(M.emptyFile)
  if (bytes.length > MAX_IMPORT_FILE_BYTES) return refuseFile(M.fileTooLarge(MAX_IMPORT_FILE_BYTES / 1024 / 1024))
  return undefined
}
