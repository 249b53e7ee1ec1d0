/**
 * The rows of `db.execute(sql…)`. Both drivers (node-postgres and PGlite) answer `{ rows }`; Drizzle's
 * result type over the two does not say so, hence the one cast here.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
