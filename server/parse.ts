import { RU } from '#common/messages.ts'
import type { z } from '#common/zod.ts'
import { isUuid } from '#common/validators.ts'
import { AppError } from './errors.ts'

/**
 * Validates a service's input with the schema the form and the REST route share; a failure is
 * a 400 with the first Russian message per field (the same helper as the identity service's).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message
  throw new AppError('invalid', RU.invalidRequest, fields)
}

/**
 * An id from a URL, lower-cased. Ids are UUIDs: anything else cannot exist, so it is not found
 * (with the caller's message), and it never reaches PostgreSQL as a malformed uuid.
 */
export function parseId(id: string, notFoundMessage: string): string {
  if (!isUuid(id)) throw new AppError('not_found', notFoundMessage)
  return id.toLowerCase()
}
