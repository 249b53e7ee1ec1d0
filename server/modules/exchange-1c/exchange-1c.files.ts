import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { and, eq, lt, sql } from 'drizzle-orm'
import { Unzip, type UnzipFile, UnzipInflate } from 'fflate'
import { PHOTO_LIMITS } from '#common/product-media.ts'
import { EXCHANGE_LIMITS, EXCHANGE_MESSAGES as M } from '#common/exchange-1c.ts'
import type { Db } from '../../db/client.ts'
import type { FilesService } from '../files/index.ts'
import { ExchangeFailure, type SessionRow } from './exchange-1c.access.ts'
import { type ExchangeFile, exchange1cSessions } from './exchange-1c.table.ts'

/**
 * The files 1С sends in a session, kept part by part in the files' storage (every instance reads
 * them; nothing of them goes through the database): a file's parts come in order and are read
 * back in order, so a catalogue of any size is never in memory whole. Archives are unpacked
 * into files of their own the same way when the first import asks for them.
 */

export type Blobs = FilesService['blobs']
const SPACE = 'exchange1c'
/** Compressed bytes inflated between two turns of the event loop. */
const INFLATE_SLICE = 64 * 1024

const partKey = (sessionId: string, file: number, part: number) => `${sessionId}/f${file}/p${part}`
const isPicture = (name: string) => /\.(jpe?g|png|webp|gif)$/i.test(name)

/**
 * A file name as 1С gives it: a name or a relative path («import_files/ab/abcd.jpg»), never
 * absolute, never up a level, no control characters. Null when it is none of these.
 */
export function cleanExchangeName(name: string | undefined): string | null {
  const trimmed = (name ?? '').trim().replace(/\\/g, '/')
  if (!trimmed || trimmed.length > 255 || trimmed.startsWith('/')) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return null
  if (trimmed.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) return null
  return trimmed
}

export const isZip = (name: string) => /\.zip$/i.test(name)

/** The file's entry in the session by its name, or by its last segment («import.xml» for «1/import.xml»). */
export function findFile(files: ExchangeFile[], name: string): { file: ExchangeFile; index: number } | null {
  let index = files.findIndex((f) => f.name === name)
  if (index < 0) {
    const base = name.split('/').at(-1)!
    index = files.findIndex((f) => f.name.split('/').at(-1) === base && !isZip(f.name))
  }
  return index < 0 ? null : { file: files[index]!, index }
}

/** Keeps one part of a file (1С appends a large file in several); the session locked meanwhile. */
export async function receivePart(db: Db, blobs: Blobs, sessionId: string, name: string, bytes: Uint8Array) {
  if (!bytes.length) throw new ExchangeFailure(M.emptyPart)
  if (bytes.length > EXCHANGE_LIMITS.partBytes)
    throw new ExchangeFailure(M.partTooLarge(EXCHANGE_LIMITS.partBytes / 1024 / 1024))
  await db.transaction(async (tx) => {
    const [session] = await tx
      .select({ files: exchange1cSessions.files })
      .from(exchange1cSessions)
      .where(eq(exchange1cSessions.id, sessionId))
      .for('update')
    const files = [...session!.files]
    const total = files.reduce((sum, f) => sum + f.bytes, 0)
    if (total + bytes.length > EXCHANGE_LIMITS.sessionBytes) throw new ExchangeFailure(M.sessionTooLarge)
    let index = files.findIndex((f) => f.name === name)
    if (index < 0) {
      if (files.length >= EXCHANGE_LIMITS.sessionFiles) throw new ExchangeFailure(M.tooManyFiles)
      index = files.push({ name, parts: 0, bytes: 0 }) - 1
    }
    const file = files[index]!
    await blobs.put(SPACE, partKey(sessionId, index, file.parts), bytes)
    files[index] = { ...file, parts: file.parts + 1, bytes: file.bytes + bytes.length }
    await tx.update(exchange1cSessions).set({ files }).where(eq(exchange1cSessions.id, sessionId))
  })
}

/** A file's parts in order, one in memory at a time. */
export async function* readParts(blobs: Blobs, sessionId: string, index: number, file: ExchangeFile) {
  for (let part = 0; part < file.parts; part++)
    yield new Uint8Array(await blobs.get(SPACE, partKey(sessionId, index, part)))
}

/**
 * A picture's bytes by its path: a file 1С sent on its own (without archives), or one unpacked
 * from an archive; null when it sent none by that path (or one over a photo's limit).
 */
export function pictureSource(blobs: Blobs, sessionId: string, files: ExchangeFile[]) {
  const byName = new Map(files.map((file, index) => [file.name, index]))
  return async (path: string): Promise<Buffer | null> => {
    const name = cleanExchangeName(path)
    const index = name === null ? undefined : byName.get(name)
    if (index === undefined || !files[index]!.parts) return null
    const parts: Uint8Array[] = []
    for await (const part of readParts(blobs, sessionId, index, files[index]!)) parts.push(part)
    return Buffer.concat(parts)
  }
}

/**
 * Removes the parts of an organization's sessions 1С is done with (no request for the idle time):
 * the log keeps the files' names and sizes, not their bytes (archives' entries and pictures are
 * files of the session too).
 */
export async function removeOldFiles(db: Db, blobs: Blobs, organizationId: string, now: Date) {
  const idleSince = new Date(now.getTime() - EXCHANGE_LIMITS.sessionIdleMs)
  const done = await db
    .select({ id: exchange1cSessions.id, files: exchange1cSessions.files })
    .from(exchange1cSessions)
    .where(
      and(
        eq(exchange1cSessions.organizationId, organizationId),
        lt(exchange1cSessions.lastSeenAt, idleSince),
        sql`exists (select 1 from jsonb_array_elements(${exchange1cSessions.files}) f where (f ->> 'parts')::int > 0)`,
      ),
    )
  for (const session of done) {
    for (const [index, file] of session.files.entries())
      for (let part = 0; part < file.parts; part++)
        await blobs.delete(SPACE, partKey(session.id, index, part)).catch(() => {})
    await db
      .update(exchange1cSessions)
      .set({ files: session.files.map((f) => ({ ...f, parts: 0 })) })
      .where(eq(exchange1cSessions.id, session.id))
  }
}

/**
 * Unpacks the session's archives into files of the session: each XML entry written in parts as
 * it inflates, so neither the archive nor an entry is held whole; each picture whole, up to a
 * photo's limit. A broken or cut-off archive is a failure naming what is wrong. Answers the
 * session's files after.
 */
export async function unpackArchives(db: Db, blobs: Blobs, session: Pick<SessionRow, 'id' | 'files'>) {
  const files = [...session.files]
  const archives = files.map((file, index) => ({ file, index })).filter(({ file }) => isZip(file.name))
  for (const { file, index } of archives) {
    const unpacked = await unpackOne(blobs, session.id, files, index, file)
    files.push(...unpacked)
  }
  if (archives.length) {
    // The archives' entries become the session's files; the archives stay for their pictures.
    const marked = files.map((f) => (isZip(f.name) ? { ...f, name: `${f.name}#unpacked` } : f))
    await db.update(exchange1cSessions).set({ files: marked }).where(eq(exchange1cSessions.id, session.id))
    return marked
  }
  return files
}

/** The end of central directory record (PK 5 6) within the archive's last 64 KB and 22 bytes. */
function hasEndRecord(tail: Uint8Array): boolean {
  for (let at = tail.length - 22; at >= Math.max(0, tail.length - 65_557); at--)
    if (tail[at] === 0x50 && tail[at + 1] === 0x4b && tail[at + 2] === 0x05 && tail[at + 3] === 0x06) return true
  return false
}

async function unpackOne(blobs: Blobs, sessionId: string, files: ExchangeFile[], index: number, archive: ExchangeFile) {
  const added: ExchangeFile[] = []
  const writes: Promise<void>[] = []
  let failure: string | null = null
  let open = 0
  const unzip = new Unzip((entry) => {
    const name = cleanExchangeName(entry.name)
    if (!name) return
    if (isPicture(name)) {
      keepPicture(entry, name)
      return
    }
    if (!/\.xml$/i.test(name)) return
    const out: ExchangeFile = { name, parts: 0, bytes: 0 }
    const outIndex = files.length + added.length
    added.push(out)
    let pending: Uint8Array[] = []
    let pendingBytes = 0
    const flush = () => {
      if (!pendingBytes) return
      const joined = Buffer.concat(pending)
      writes.push(blobs.put(SPACE, partKey(sessionId, outIndex, out.parts), joined))
      out.parts++
      out.bytes += joined.length
      pending = []
      pendingBytes = 0
    }
    open++
    entry.ondata = (error, data, final) => {
      if (error) {
        failure ??= error.message
        return
      }
      pending.push(data)
      pendingBytes += data.length
      if (pendingBytes >= EXCHANGE_LIMITS.partBytes) flush()
      if (final) {
        flush()
        open--
      }
    }
    entry.start()
  })
  /** A picture is kept whole (up to a photo's limit), a file of the session: the goods name it by its path. */
  function keepPicture(entry: UnzipFile, name: string) {
    const chunks: Uint8Array[] = []
    let size = 0
    const out: ExchangeFile = { name, parts: 0, bytes: 0 }
    const outIndex = files.length + added.length
    added.push(out)
    open++
    entry.ondata = (error, data, final) => {
      if (error) {
        failure ??= error.message
        return
      }
      size += data.length
      if (size <= PHOTO_LIMITS.maxBytes) chunks.push(data)
      if (final) {
        open--
        if (size > PHOTO_LIMITS.maxBytes) return
        writes.push(blobs.put(SPACE, partKey(sessionId, outIndex, 0), Buffer.concat(chunks)))
        out.parts = 1
        out.bytes = size
      }
    }
    entry.start()
  }
  unzip.register(UnzipInflate)
  let sawEntry = false
  let previousTail = new Uint8Array(0)
  try {
    for (let part = 0; part < archive.parts; part++) {
      const bytes = new Uint8Array(await blobs.get(SPACE, partKey(sessionId, index, part)))
      if (!sawEntry && part === 0 && !(bytes[0] === 0x50 && bytes[1] === 0x4b)) throw new Error('это не zip-архив')
      sawEntry = true
      const last = part === archive.parts - 1
      // A whole archive ends with its central directory's end record; one cut off does not. The
      // record may straddle the last two parts.
      if (last && !hasEndRecord(Buffer.concat([previousTail, bytes]))) throw new Error('архив обрывается')
      previousTail = bytes.subarray(Math.max(0, bytes.length - 65_557))
      // Inflated a slice at a time, the entries' parts written between slices: a part of 8 MB
      // inflates to some 80 MB of XML, which neither the event loop nor memory should take at once.
      for (let at = 0; at < bytes.length && !failure; at += INFLATE_SLICE) {
        const end = Math.min(at + INFLATE_SLICE, bytes.length)
        unzip.push(bytes.subarray(at, end), last && end === bytes.length)
        await Promise.all(writes.splice(0))
        await yieldToRequests()
      }
      if (failure) break
    }
  } catch (error) {
    failure ??= (error as Error).message
  }
  await Promise.all(writes)
  if (!failure && open > 0) failure = 'архив обрывается'
  if (failure) throw new ExchangeFailure(M.brokenZip(failure))
  return added
}
