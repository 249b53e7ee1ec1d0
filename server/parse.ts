import { RU } from '#common/messages.ts'
import type { z } from '#common/zod.ts'
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
