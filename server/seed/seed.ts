import { sql } from 'drizzle-orm'
import type { FileStorage } from '../modules/files/files.storage.ts'
import type { Db } from '../db/client.ts'
import { systemMeta } from '../modules/system/system.table.ts'
import { seedAccounts } from './accounts.ts'
import { seedArticles } from './articles.ts'
import { seedBankRequisites } from './bank-requisites.ts'
import { seedDocumentSettings } from './document-settings.ts'
import { seedCatalog } from './catalog/seed-catalog.ts'
import { seedChat } from './chat.ts'
import { seedClosingDocuments } from './closing-documents.ts'
import { seedOrderCorrections } from './order-corrections.ts'
import { seedExchange1c } from './exchange-1c.ts'
import { seedExchangeOffers } from './exchange-offers.ts'
import { seedOrders } from './orders.ts'
import { seedProcurement } from './procurement.ts'
import { seedProducts } from './products.ts'
import { seedReviews } from './reviews.ts'
import { seedServiceOrders } from './service-orders.ts'
import { seedServiceRequests } from './service-requests.ts'

/**
 * Bump when the demo data changes. Each module's seed step is idempotent on its own (natural
 * keys with on-conflict), so re-running a newer version only adds what is missing.
 */
export const DEMO_SEED_VERSION = 16

/** Demo data; the documents of the demo organizations go to `storage`, the app's file storage. */
export async function seedDemo(db: Db, storage: FileStorage): Promise<{ applied: boolean }> {
  const [current] = await db
    .select()
    .from(systemMeta)
    .where(sql`${systemMeta.key} = 'demo_seed_version'`)
  if (current && Number(current.value) >= DEMO_SEED_VERSION) return { applied: false }

  await db.transaction(async (tx) => {
    // Modules add their demo data here as they land.
    await seedAccounts(tx, storage)
    await seedCatalog(tx, storage)
    await seedBankRequisites(tx)
    await seedDocumentSettings(tx)
    await seedProducts(tx)
    await seedChat(tx, storage)
    await seedOrders(tx)
    await seedReviews(tx)
    await seedExchangeOffers(tx)
    await seedServiceOrders(tx)
    await seedServiceRequests(tx)
    await seedArticles(tx)
    // The УПД of shipped orders and the acts of accepted work, once both kinds of order are in.
    await seedClosingDocuments(tx)
    // A return with its УКД and a price change waiting, on the completed order that has its УПД.
    await seedOrderCorrections(tx)
    // Requests for commercial offers in every state, for both demo buyers and the demo vendor.
    await seedProcurement(tx)
    // The demo vendor's exchange with 1С: its login, mapped groups, linked goods and a log.
    await seedExchange1c(tx)
    await tx
      .insert(systemMeta)
      .values({ key: 'demo_seed_version', value: DEMO_SEED_VERSION })
      .onConflictDoUpdate({ target: systemMeta.key, set: { value: DEMO_SEED_VERSION, updatedAt: new Date() } })
  })
  return { applied: true }
}
