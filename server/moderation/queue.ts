import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Ctx } from '../context.ts'
import { countRows, pageQuery } from '../db/pages.ts'

/** A table of moderated listings: a status and when it was sent to moderation. */
type ModeratedTable = PgTable & { id: AnyPgColumn; status: AnyPgColumn; submittedAt: AnyPgColumn }

/**
 * A page of what waits for staff in `table`: the rows in moderation (and `where`), the
 * longest-waiting first, and how many there are in all. Products and service offers share it.
 */
export async function waitingForStaff<T extends ModeratedTable>(
  ctx: Ctx,
  table: T,
  { where, page, pageSize }: { where?: SQL; page: number; pageSize: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const waiting = and(eq(table.status, 'moderation'), where)
  const { rows, total } = await pageQuery(
    ctx.db
      .select()
      .from(table as PgTable)
      .where(waiting)
      .orderBy(asc(table.submittedAt), asc(table.id))
      .$dynamic(),
    { page, pageSize },
    countRows(ctx.db, table, waiting),
  )
  return { rows: rows as T['$inferSelect'][], total }
}
