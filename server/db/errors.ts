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

/**
 * SQLSTATEs that mean the server went away or will not take the statement now, not that the
 * statement was wrong: class 08 (connection exception), the server shutting down or starting up
 * (57P01–57P03), too many connections (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/
/** Socket-level failures of the driver, reported as Node's error codes. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'])
/** What `pg` says, with no code, when a connection dies under a query or a pool cannot get one. */
const LOST_CONNECTION =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/

/**
 * Whether a failure means the database could not be reached, rather than that the statement was
 * refused: the request may be repeated once it is back (503 with Retry-After, not 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
