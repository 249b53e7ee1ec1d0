/** `npm run db:migrate`: apply the committed SQL migrations to the configured database. */
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/client.ts'
import { assignModels } from '../server/modules/catalog/index.ts'

const config = loadConfig()
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR })
await database.migrate()
await assignModels(database.db)
await database.close()
console.log(`Migrations applied (${database.kind}).`)
