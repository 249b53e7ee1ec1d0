import { createHash, randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import {
  cleanFileName,
  contentMatches,
  declaredTypeFits,
  FILE_LIMITS,
  FILE_MESSAGES,
  type FileMeta,
  type FilePurpose,
  typeByFileName,
} from '#common/files.ts'
import { z } from '#common/zod.ts'
import { type Ctx, requireUser } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import { recordAudit } from '../audit/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import type { FileStorage } from './files.storage.ts'
import { files } from './files.table.ts'

/** Enough for a person attaching documents to a few forms; a runaway script stops quickly. */
export const FILE_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60 * 60 * 1000 }

export interface StoreFileInput {
  filename: string
  mimeType: string
  data: Buffer
  organizationId?: string
  /** Which types it may be (default: documents of forms). */
  purpose?: FilePurpose
}

const OrganizationId = z.object({
  organizationId: z.uuid(FILE_MESSAGES.organizationNotFound).optional(),
})
const Uuid = z.uuid()

const META_COLUMNS = {
  id: files.id,
  originalName: files.originalName,
  mimeType: files.mimeType,
  size: files.size,
  organizationId: files.organizationId,
  ownerUserId: files.ownerUserId,
  createdAt: files.createdAt,
}

/**
 * The type a file really is, or a 400: extension, declared type and first bytes must all agree.
 * The extension is read from the cleaned name, the one the file is stored and shown under.
 */
function checkFile(input: StoreFileInput): string {
  const purpose = input.purpose ?? 'document'
  const badType = purpose === 'chat' ? FILE_MESSAGES.badChatType : FILE_MESSAGES.badType
  const byName = typeByFileName(cleanFileName(input.filename), purpose)
  if (!byName) throw new AppError('invalid', badType, { file: badType })
  if (input.data.length === 0) throw new AppError('invalid', FILE_MESSAGES.empty, { file: FILE_MESSAGES.empty })
  if (input.data.length > FILE_LIMITS.maxBytes) {
    throw new AppError('invalid', FILE_MESSAGES.tooLarge, { file: FILE_MESSAGES.tooLarge })
  }
  if (!declaredTypeFits(input.mimeType, byName) || !contentMatches(byName, input.data.subarray(0, 16))) {
    throw new AppError('invalid', FILE_MESSAGES.mismatch, { file: FILE_MESSAGES.mismatch })
  }
  return byName
}

export interface NewFile {
  ownerUserId: string
  organizationId: string | null
  name: string
  mimeType: string
  data: Buffer
  /** When it was uploaded; now unless the demo seed dates its documents. */
  createdAt?: Date
}

/**
 * Puts the bytes in storage and the row in `files`: the one way a file gets stored, for uploads
 * and for the demo documents alike, so every stored name is a cleaned one. Checks are the
 * caller's (an upload's type, size and organization are checked by `store`).
 */
export async function saveFile(db: Db, storage: FileStorage, file: NewFile): Promise<FileMeta> {
  const hex = randomBytes(16).toString('hex')
  const storageKey = `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex}`
  await storage.put(storageKey, file.data, file.mimeType)
  try {
    const [row] = await db
      .insert(files)
      .values({
        ownerUserId: file.ownerUserId,
        organizationId: file.organizationId,
        originalName: cleanFileName(file.name),
        mimeType: file.mimeType,
        size: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        storageKey,
        createdAt: file.createdAt,
      })
      .returning(META_COLUMNS)
    return row!
  } catch (err) {
    await storage.delete(storageKey).catch(() => {}) // no orphaned bytes for a row that is not there
    throw err
  }
}

export function createFilesService(deps: {
  storage: FileStorage
  limiter: RateLimiter
  /** Asked of the organizations module: a module reads only its own tables. */
  isMember: (ctx: Ctx, organizationId: string) => Promise<boolean>
}) {
  const { storage, limiter } = deps

  /**
   * The file if the caller may see it: the owner, a member of the file's organization, or staff.
   * Anyone else gets the same 404 as for a file that does not exist.
   */
  async function findVisible(ctx: Ctx, id: string) {
    const me = requireUser(ctx)
    const notFound = new AppError('not_found', FILE_MESSAGES.notFound)
    if (!Uuid.safeParse(id).success) throw notFound
    const [row] = await ctx.db
      .select({ ...META_COLUMNS, storageKey: files.storageKey })
      .from(files)
      .where(eq(files.id, id))
    if (!row) throw notFound
    if (row.ownerUserId === me.id) return { row, asStaff: false }
    if (row.organizationId && (await deps.isMember(ctx, row.organizationId))) return { row, asStaff: false }
    if (me.isStaff) return { row, asStaff: true }
    throw notFound
  }

  const toMeta = ({ storageKey: _key, ...meta }: FileMeta & { storageKey: string }): FileMeta => meta

  /** Imports' uploads; the parts of files 1С sends in an exchange. */
  type BlobSpace = 'imports' | 'exchange1c'
  /** Where a module's working bytes live: `<space>/<id without dashes>`, beside the files. */
  const blobKey = (space: string, id: string) => `${space}/${id.replace(/-/g, '').toLowerCase()}`

  return {
    /**
     * Bytes a module keeps for a while and nobody downloads (an import's uploaded file between its
     * upload and its parsing job): in the files' storage, so every instance reads them (S3, or a
     * shared disk), written without conversions, and never in a table. System use only: no access
     * checks, the caller owns the id.
     */
    blobs: {
      put: (space: BlobSpace, id: string, data: Uint8Array) =>
        storage.put(
          blobKey(space, id),
          Buffer.from(data.buffer, data.byteOffset, data.byteLength),
          'application/octet-stream',
        ),
      get: (space: BlobSpace, id: string) => storage.get(blobKey(space, id)),
      delete: (space: BlobSpace, id: string) => storage.delete(blobKey(space, id)),
    },

    async store(ctx: Ctx, input: StoreFileInput): Promise<FileMeta> {
      const me = requireUser(ctx)
      const { organizationId } = parse(OrganizationId, { organizationId: input.organizationId || undefined })
      await limiter.hit(`files:user:${me.id}`, FILE_RATE_LIMIT)
      const mimeType = checkFile(input)
      if (organizationId && !(await deps.isMember(ctx, organizationId))) {
        throw new AppError('not_found', FILE_MESSAGES.organizationNotFound, {
          organizationId: FILE_MESSAGES.organizationNotFound,
        })
      }
      return saveFile(ctx.db, storage, {
        ownerUserId: me.id,
        organizationId: organizationId ?? null,
        name: input.filename,
        mimeType,
        data: input.data,
      })
    },

    async describe(ctx: Ctx, id: string): Promise<FileMeta> {
      return toMeta((await findVisible(ctx, id)).row)
    },

    /**
     * Many files at once for lists (documents of several role requests): the ones the caller may
     * see, in one query plus one membership check per organization involved.
     */
    async describeMany(ctx: Ctx, ids: string[]): Promise<FileMeta[]> {
      const me = requireUser(ctx)
      const wanted = [...new Set(ids.filter((id) => Uuid.safeParse(id).success))]
      if (!wanted.length) return []
      const rows = await ctx.db.select(META_COLUMNS).from(files).where(inArray(files.id, wanted))
      if (me.isStaff) return rows
      const orgIds = [
        ...new Set(rows.flatMap((r) => (r.ownerUserId !== me.id && r.organizationId ? [r.organizationId] : []))),
      ]
      const member = new Set<string>()
      for (const orgId of orgIds) if (await deps.isMember(ctx, orgId)) member.add(orgId)
      return rows.filter((r) => r.ownerUserId === me.id || (r.organizationId !== null && member.has(r.organizationId)))
    },

    /**
     * A file attached to something another module shows (a product's certificate): that module
     * has decided the caller may have it, so only existence is checked here.
     */
    async readAttached(ctx: Ctx, id: string): Promise<{ meta: FileMeta; data: Buffer }> {
      const notFound = new AppError('not_found', FILE_MESSAGES.notFound)
      if (!Uuid.safeParse(id).success) throw notFound
      const [row] = await ctx.db
        .select({ ...META_COLUMNS, storageKey: files.storageKey })
        .from(files)
        .where(eq(files.id, id))
      if (!row) throw notFound
      return { meta: toMeta(row), data: await storage.get(row.storageKey) }
    },
    async read(ctx: Ctx, id: string): Promise<{ meta: FileMeta; data: Buffer }> {
      const { row, asStaff } = await findVisible(ctx, id)
      // Staff open other people's documents only for a reason; each time is on record.
      if (asStaff) await recordAudit(ctx, { action: 'file.staff_read', targetType: 'file', targetId: row.id })
      return { meta: toMeta(row), data: await storage.get(row.storageKey) }
    },
  }
}

export type FilesService = ReturnType<typeof createFilesService>
