import { and, eq, getTableColumns } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { type Ctx, withDb } from '../context.ts'
import { AppError } from '../errors.ts'

/** Where a lifecycle keeps its status and its history. */
export interface LifecycleStore {
  /** The table of the things that move (roles, products, orders) with their id and status columns. */
  subject: { table: PgTable; id: AnyPgColumn; status: AnyPgColumn }
  /**
   * One row per move: the columns of `historyColumns` and one that points at the subject, and
   * optionally one naming the event, for lifecycles where two events make the same move.
   */
  history: { table: PgTable; subjectId: AnyPgColumn; event?: AnyPgColumn }
  /** The refusal when someone else moved the subject first, in Russian. */
  stale: string
}

export interface Move<S extends string> {
  from: S | null
  to: S
  /** Written to the history's event column when it has one (a Transition passes its own). */
  event?: string
}

/**
 * Moves the subject from `move.from` to `move.to` and appends the history row, both or neither.
 * The status is compared in the update itself, so of two concurrent clicks only one moves it and
 * the other gets the store's 409. Runs in the caller's transaction when there is one (as a
 * savepoint), so whatever the caller writes beside it is kept or dropped with it.
 * `set`: other columns of the subject to write with the status (by their property names).
 */
export async function moveStatus<S extends string>(
  ctx: Ctx,
  store: LifecycleStore,
  subjectId: string,
  move: Move<S>,
  options: { comment?: string | null; set?: Record<string, unknown> } = {},
): Promise<void> {
  const { subject } = store
  if (move.from === null) throw new Error('a subject comes into being by an insert: use recordMove')
  const from = move.from
  await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(subject.table)
      .set({ ...options.set, [keyOf(subject.table, subject.status)]: move.to })
      .where(and(eq(subject.id, subjectId), eq(subject.status, from)))
      .returning({ id: subject.id })
    if (!moved) throw new AppError('conflict', store.stale)
    await recordMove(withDb(ctx, tx), store, subjectId, move, options.comment ?? null)
  })
}

/** Appends a history row: who (the signed-in user; none for the system), when, from, to, why. */
export async function recordMove<S extends string>(
  ctx: Ctx,
  store: LifecycleStore,
  subjectId: string,
  move: Move<S>,
  comment: string | null = null,
): Promise<void> {
  await ctx.db.insert(store.history.table).values(historyRows(ctx, store, [subjectId], move, comment))
}

/**
 * The history rows of the same move of several subjects (a checkout's orders), for a caller that
 * writes them with others in one statement.
 */
export function historyRows<S extends string>(
  ctx: Ctx,
  store: LifecycleStore,
  subjectIds: readonly string[],
  move: Move<S>,
  comment: string | null = null,
): Record<string, unknown>[] {
  const { history } = store
  return subjectIds.map((subjectId) => ({
    [keyOf(history.table, history.subjectId)]: subjectId,
    ...(history.event && { [keyOf(history.table, history.event)]: move.event ?? null }),
    fromStatus: move.from,
    toStatus: move.to,
    byUserId: ctx.user?.id ?? null,
    comment,
  }))
}

/** The property name Drizzle knows a column by, for `set` and `values`. */
function keyOf(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column)
  if (!entry) throw new Error(`column ${column.name} is not a column of the table given with it`)
  return entry[0]
}
