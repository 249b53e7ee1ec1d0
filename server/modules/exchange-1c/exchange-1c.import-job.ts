import { eq } from 'drizzle-orm'
import { EXCHANGE_LIMITS, EXCHANGE_MESSAGES as M } from '#common/exchange-1c.ts'
import type { Db } from '../../db/client.ts'
import type { JobHandler } from '../../jobs/runner.ts'
import { CmlRefusal } from './commerceml/reader.ts'
import { actingCtx, ExchangeFailure } from './exchange-1c.access.ts'
import { type CatalogWriter, type FileOutcome, importCatalogFile } from './exchange-1c.catalog.ts'
import { type Blobs, findFile, isZip, pictureSource, readParts, unpackArchives } from './exchange-1c.files.ts'
import { exchange1cAccounts, exchange1cSessions, type ExchangeImport } from './exchange-1c.table.ts'

// Job kinds are letters only: «onec» is 1С.
export const EXCHANGE_IMPORT_JOB = 'onec.import_file'

/** The import's state in its session, and the log's counts and errors added to. */
async function finish(db: Db, sessionId: string, fileName: string, state: ExchangeImport, outcome?: FileOutcome) {
  await db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(exchange1cSessions)
      .where(eq(exchange1cSessions.id, sessionId))
      .for('update')
    if (!session) return
    const counts = { ...session.counts }
    const errors = [...session.errors]
    if (outcome) {
      counts.created += outcome.created
      counts.updated += outcome.updated
      counts.unchanged += outcome.unchanged
      counts.errors += outcome.errorsTotal
      for (const e of outcome.errors)
        if (errors.length < EXCHANGE_LIMITS.errorsKept)
          errors.push({ file: fileName, line: e.line, message: e.message })
    }
    if (state.status === 'failed') {
      counts.errors++
      if (errors.length < EXCHANGE_LIMITS.errorsKept) errors.push({ file: fileName, line: 0, message: state.reason! })
    }
    const imports = { ...session.imports, [fileName]: state }
    // The session succeeded once every import it asked for is done and none failed.
    const states = Object.values(imports).map((i) => i.status)
    const status = states.includes('failed') ? 'failure' : states.every((s) => s === 'done') ? 'success' : 'open'
    await tx
      .update(exchange1cSessions)
      .set({
        // The row is locked: the imports as read, with this one's state.
        imports,
        counts,
        errors,
        status,
        finishedAt: status === 'open' ? null : new Date(),
      })
      .where(eq(exchange1cSessions.id, sessionId))
  })
}

/**
 * The import 1С asked for with `mode=import`: the session's archives unpacked on the first, the
 * file read into the catalogue (exchange-1c.catalog.ts), and its outcome written to the session,
 * which `import` answers from: `progress` while it runs, `success`, or `failure` with the reason.
 * A refusal of the file is the import's outcome, not the job's failure: it is not retried.
 */
export const createImportJob =
  (deps: { blobs: Blobs; writer: CatalogWriter }): JobHandler =>
  async (run) => {
    const { sessionId, fileName } = run.job.payload as { sessionId: string; fileName: string }
    const [row] = await run.db
      .select({ session: exchange1cSessions, account: exchange1cAccounts })
      .from(exchange1cSessions)
      .innerJoin(exchange1cAccounts, eq(exchange1cAccounts.organizationId, exchange1cSessions.organizationId))
      .where(eq(exchange1cSessions.id, sessionId))
    if (!row) return { skipped: true }
    const { session, account } = row
    const state: ExchangeImport = { jobId: run.job.id, status: 'running' }
    try {
      const ctx = await actingCtx(run.db, account, `job:${run.job.id}`)
      const files = session.files.some((f) => isZip(f.name))
        ? await unpackArchives(run.db, deps.blobs, session)
        : session.files
      const found = findFile(files, fileName)
      if (!found) throw new ExchangeFailure(M.fileNotReceived(fileName))
      await run.progress(0, found.file.bytes)
      const outcome = await importCatalogFile(readParts(deps.blobs, session.id, found.index, found.file), {
        ctx,
        writer: deps.writer,
        account,
        sessionId: session.id,
        fileName,
        onBytes: (done) => run.progress(done, found.file.bytes),
        pictures: pictureSource(deps.blobs, session.id, files),
        stopIfAsked: run.stopIfAsked,
      })
      await finish(run.db, session.id, fileName, { ...state, status: 'done' }, outcome)
      return { created: outcome.created, updated: outcome.updated, errors: outcome.errorsTotal }
    } catch (error) {
      if (!(error instanceof ExchangeFailure || error instanceof CmlRefusal)) throw error
      await finish(run.db, session.id, fileName, { ...state, status: 'failed', reason: error.message })
      return { failed: error.message }
    }
  }
