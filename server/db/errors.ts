/**
 * What the database said when a statement failed. Drizzle wraps the driver's error in its own
 * (`DrizzleQueryError`) with the original as `cause`; `pg` and PGlite put the SQLSTATE in `code`
 * and the index in `constraint`. These read the error and its causes alike.
 */
type DriverError = { code: string; constraint?: unknown; message?: unknown }

function driverError(error: unknown): DriverError | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code))
      return current as DriverError
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Whether a statement failed on a unique index (SQLSTATE 23505); with `index`, on that one. */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const found = driverError(error)
  if (found?.code !== '23505') return false
  // The message names the index too («… violates unique constraint "x"»), for drivers without `constraint`.
  return index === undefined || found.constraint === index || String(found.message).includes(`"${index}"`)
}
