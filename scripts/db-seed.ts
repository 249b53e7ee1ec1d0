/** `npm run db:seed`: add the demo data; running it again changes nothing. */
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/client.ts'
import { seedDemo } from '../server/seed/seed.ts'
import { createFileStorage } from '../server/modules/files/files.storage.ts'

const config = loadConfig()
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR })
await database.migrate()
const { applied } = await seedDemo(database.db, createFileStorage(config))
await database.close()
console.log(applied ? 'Demo data seeded.' : 'Demo data is already there.')
