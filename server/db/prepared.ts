import type { Db } from './client.ts'

/**
 * A statement built once per database handle rather than on every call: for the statements every
 * signed-in request runs (its session, its memberships). Building a query with drizzle costs about
 * a tenth of a millisecond of the server's CPU, and a named statement is parsed and planned by
 * PostgreSQL once per connection instead of once per request. `build` must name its statement
 * (`.prepare('name')`) with a name no other statement uses.
 */
export function preparedOnce<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>()
  return (db) => {
    let statement = byDb.get(db)
    if (!statement) {
      statement = build(db)
      byDb.set(db, statement)
    }
    return statement
  }
}
