import { type ImportMapping, suggestCategoryMapping, suggestParamMapping } from './file/mapping.ts'
import { IMPORT_MESSAGES } from './file/messages.ts'
import { parseImportFile } from './file/parse.ts'
import type { ImportedOffer } from './file/types.ts'
import { categoriesOf, evaluateOffers, paramsOf } from './imports.preview.ts'
import type { EvaluateTask, ParsedUpload, ParseTask } from './parse-off-thread.ts'

/**
 * A thread of the parsing pool (parse-off-thread.ts). Everything that costs time in proportion to
 * the file happens here: parsing, the suggested mapping, checking every row against it, and the
 * offers written out as the JSON the preview stores. The event loop gets text and small lists.
 */
export default function work(task: ParseTask | EvaluateTask): ParsedUpload | ReturnType<typeof evaluateOffers> {
  if (task.kind === 'evaluate') return evaluateOffers(JSON.parse(task.offersJson) as ImportedOffer[], task.mapping)
  let reported = 0
  let size = 0
  try {
    const parsed = parseImportFile(task.bytes, task.fileName, (done, total) => {
      size = total
      // A few dozen messages for the largest file, not one per piece.
      if (done === total || done - reported >= total / 50) {
        reported = done
        task.port.postMessage({ done, total })
      }
    })
    // Refused as a whole: a file-level problem, or not one offer could be read (a broken file).
    const refusal =
      parsed.errors.find((e) => e.line === 0) ??
      (parsed.offers.length ? undefined : (parsed.errors[0] ?? { line: 0, message: IMPORT_MESSAGES.noOffers }))
    if (refusal) return { refusal: refusal.message, size }
    const categories = categoriesOf(parsed.categories, parsed.offers)
    const params = paramsOf(parsed.offers)
    const mapping: ImportMapping = {
      categories: suggestCategoryMapping(categories),
      params: suggestParamMapping(params),
    }
    return {
      size,
      categories,
      params,
      mapping,
      fileErrors: parsed.errors,
      offersJson: JSON.stringify(parsed.offers),
      evaluation: evaluateOffers(parsed.offers, mapping),
    }
  } finally {
    task.port.close()
  }
}
