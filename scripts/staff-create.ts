/**
 * `npm run staff:create -- <email>`: makes an existing user platform staff, or creates the user
 * with a random password printed once. Works on the configured database (DATABASE_URL or
 * PGLITE_DIR); with the embedded database, stop the server first (PGlite has one writer).
 */
import { loadConfig } from '../server/config.ts'
import { systemCtx } from '../server/context.ts'
import { openDatabase } from '../server/db/client.ts'
import { recordAudit } from '../server/modules/audit/audit.service.ts'
import { grantStaff } from '../server/modules/identity/staff-accounts.ts'

const email = process.argv[2]
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run staff:create -- <email>')
  process.exit(2)
}

const config = loadConfig()
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR })
try {
  await database.migrate()
  const grant = await database.db.transaction(async (tx) => {
    const result = await grantStaff(tx, email)
    const ctx = systemCtx(tx, { requestId: 'staff:create', ip: 'cli', userAgent: 'npm run staff:create' })
    if (result.outcome !== 'already_staff') {
      await recordAudit(ctx, {
        action: 'user.staff_grant',
        targetType: 'user',
        targetId: result.userId,
        details: { via: 'cli', created: result.outcome === 'created' },
      })
    }
    return result
  })
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.PGLITE_DIR}`
  if (grant.outcome === 'created') {
    console.log(`Created staff user ${grant.email} in ${where}.`)
    console.log(`Password (shown once, change it after signing in): ${grant.password}`)
  } else if (grant.outcome === 'promoted') {
    console.log(`User ${grant.email} is now staff (${where}).`)
  } else {
    console.log(`User ${grant.email} is already staff (${where}); nothing changed.`)
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
} finally {
  await database.close()
}
