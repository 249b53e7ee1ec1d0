import { parseCsv } from './csv.ts'
import { IMPORT_MESSAGES as M } from './messages.ts'
import { checkFileSize, refuseFile } from './refusal.ts'
import type { ImportResult } from './types.ts'
import { type ParseProgress, parseYml } from './yml.ts'

/** The first character that is not a BOM or whitespace: «<» starts XML whatever the file is named. */
function startsLikeXml(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++
  return bytes[i] === 0x3c
}

/** An uploaded catalogue, read as YML or CSV by its content first and its name second. */
export function parseImportFile(bytes: Uint8Array, fileName: string, onProgress?: ParseProgress): ImportResult {
  const tooLarge = checkFileSize(bytes)
  if (tooLarge) return tooLarge
  if (startsLikeXml(bytes)) return parseYml(bytes, onProgress)
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase()
  if (extension === 'xml' || extension === 'yml') return parseYml(bytes, onProgress)
  if (extension === 'csv' || extension === 'txt' || extension === 'tsv') return parseCsv(bytes)
  return refuseFile(M.unknownFormat)
}
