import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { nextScheduledPublicationMs } from '../modules/media/articles.view.ts'

export interface ContentVersion {
  /** Changes whenever a table that public pages show is written (migration 0025's triggers). */
  version: string
  /**
   * The moment public pages may change without any write: the next scheduled article, or the next
   * midnight in Moscow (exchange requests past their deadline leave the listings then).
   */
  changesAt: number
}

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000 // UTC+3 all year since 2014
const DAY_MS = 24 * 60 * 60 * 1000

/** The next 00:00 Moscow time after `now`, as epoch ms. */
export function nextMoscowMidnight(now: number): number {
  return (Math.floor((now + MOSCOW_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - MOSCOW_OFFSET_MS
}

/**
 * One cheap statement per cacheable request. It must be read BEFORE the page renders: a page is
 * then stored under a version no newer than the data it shows, and the next write makes it stale.
 */
export async function readContentVersion(db: Db, now = Date.now()): Promise<ContentVersion> {
  const result = (await db.execute(sql`
    select (select sum(version) from content_versions)::text as version,
      ${nextScheduledPublicationMs} as "nextPublicationMs"
  `)) as unknown as { rows: { version: string | null; nextPublicationMs: number | string | null }[] }
  const row = result.rows[0]
  const nextPublication = row?.nextPublicationMs == null ? Infinity : Number(row.nextPublicationMs)
  return { version: row?.version ?? '0', changesAt: Math.min(nextPublication, nextMoscowMidnight(now)) }
}
