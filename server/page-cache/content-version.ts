import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { scheduledPublicationsMs } from '../modules/media/articles.view.ts'

export interface ContentVersion {
  /** Moves with every transaction that writes a table public pages show (migration 0025's triggers). */
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
 * Reads the content version: one small statement per cacheable request, read BEFORE the page
 * renders, so that a page is stored under a version no newer than the data it shows and the next
 * write makes it stale. The scheduled publications change only with the articles, so they are
 * read again only when the version moves (read after it: they can be newer than it, never older).
 */
export function createContentVersionReader(database: Database): (now?: number) => Promise<ContentVersion> {
  let schedule: { version: string; times: number[] } | null = null
  return async (now = Date.now()) => {
    const version = String((await database.queryValue('select version::text from content_version')) ?? '0')
    if (schedule?.version !== version) {
      const result = (await database.db.execute(sql`select ${scheduledPublicationsMs} as times`)) as unknown as {
        rows: { times: (number | string)[] | null }[]
      }
      schedule = { version, times: (result.rows[0]?.times ?? []).map(Number) }
    }
    const nextPublication = schedule.times.find((at) => at > now) ?? Infinity
    return { version, changesAt: Math.min(nextPublication, nextMoscowMidnight(now)) }
  }
}
