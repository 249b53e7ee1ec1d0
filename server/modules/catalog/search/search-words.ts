import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'

/**
 * Rebuilds the dictionary the search corrects typos against: every word of a published
 * product's title, brand and model (lower-case letters and digits, three characters or more)
 * with the number of products using it. Called after products are added, changed or removed.
 */
export async function rebuildSearchWords(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from catalog_search_words`)
    await tx.execute(sql`
      insert into catalog_search_words (word, frequency)
      select word, count(distinct id)::int
      from (
        select p.id, regexp_split_to_table(lower(p.title || ' ' || p.brand || ' ' || p.model), '[^[:alnum:]]+') as word
        from catalog_products p
        where p.status = 'published'
      ) words
      where char_length(word) >= 3 and word !~ '^[0-9]+$'
      group by word
    `)
  })
}

/**
 * Adjusts the dictionary for one product's change in the caller's transaction: its old title,
 * brand and model (`removed`, '' when it was not on sale) stop counting and the new ones
 * (`added`, '' when it leaves the catalogue) count, so words of new products are corrected to at
 * once and words no product uses any more disappear, without a rebuild.
 */
export async function adjustSearchWords(db: Db, change: { removed: string; added: string }): Promise<void> {
  const changes = sql`
    select word, sum(delta)::int as delta
    from (
      select distinct word, -1 as delta from regexp_split_to_table(lower(${change.removed}), '[^[:alnum:]]+') word
      union all
      select distinct word, 1 from regexp_split_to_table(lower(${change.added}), '[^[:alnum:]]+') word
    ) words
    where char_length(word) >= 3 and word !~ '^[0-9]+$'
    group by word
    having sum(delta) <> 0`
  await db.execute(sql`
    with changes as (${changes}),
    added as (
      insert into catalog_search_words (word, frequency)
      select word, delta from changes where delta > 0
      on conflict (word) do update set frequency = catalog_search_words.frequency + excluded.frequency
    )
    update catalog_search_words sw set frequency = sw.frequency + c.delta
    from changes c where c.word = sw.word and c.delta < 0`)
  await db.execute(sql`delete from catalog_search_words where frequency <= 0`)
}
