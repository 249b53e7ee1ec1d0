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
