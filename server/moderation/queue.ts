import { and, asc, eq, ne, type SQL } from 'drizzle-orm'
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

/** The id of the longest-waiting row in moderation other than `exceptId`: staff's next one. One statement. */
export async function nextWaiting<T extends ModeratedTable>(
  ctx: Ctx,
  table: T,
  exceptId: string,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.status, 'moderation'), ne(table.id, exceptId)))
    .orderBy(asc(table.submittedAt), asc(table.id))
    .limit(1)
  return (row?.id as string | undefined) ?? null
}
