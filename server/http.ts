import { RU } from '#common/messages.ts'
import { z } from '#common/zod.ts'
import { AppError } from './errors.ts'

/** What REST handlers share: the response envelopes and how a route hands validation to its service. */

/** `{ data }`: every successful JSON answer of the API. */
export const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema })

/** A page of a list: `{ data: [...], meta: { page, pageSize, total } }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
  })

/** A service's page of items in the `pageOf` envelope. */
export const toPageBody = <T>(page: { items: T[]; page: number; pageSize: number; total: number }) => ({
  data: page.items,
  meta: { page: page.page, pageSize: page.pageSize, total: page.total },
})

/** The header that makes a repeated write (a double click, a client's retry) safe: see ARCHITECTURE rule 5. */
export const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().max(200).optional() })

/** The `page` of a list's URL (1 when absent); anything but a whole number from 1 to `max` is a 400. */
export function pageFromUrl(url: string, max: number): number {
  const raw = new URLSearchParams(url.split('?')[1] ?? '').get('page')
  if (raw === null || raw === '') return 1
  const page = Number(raw)
  if (!Number.isInteger(page) || page < 1 || page > max)
    throw new AppError('invalid', RU.invalidRequest, { page: `Целое число от 1 до ${max}` })
  return page
}

/**
 * Route option for input the service validates itself with the shared schema: the schema still
 * documents the route in OpenAPI, and field errors come back in Russian from one place.
 */
export const passThrough = { validatorCompiler: () => (input: unknown) => ({ value: input }) }
