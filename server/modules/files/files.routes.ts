import multipart, { type MultipartFile } from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FILE_FIELD, FILE_LIMITS, FILE_MESSAGES, FILE_PURPOSES, type FilePurpose } from '#common/files.ts'
import { z } from '#common/zod.ts'
import { requireUser } from '../../context.ts'
import { AppError, isAppError } from '../../errors.ts'
import type { StoreFileInput } from './files.service.ts'
import { data, passThrough } from '../../http.ts'

const FileMetaSchema = z.object({
  id: z.uuid(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  organizationId: z.uuid().nullable(),
  ownerUserId: z.uuid(),
  createdAt: z.date(),
})

/** What the upload form sends, for the API documentation: the parts are read as a stream. */
const UploadBodySchema = z.object({
  file: z.file(),
  organizationId: z.uuid().optional(),
  /** `chat` admits the chat's wider list of types (images, office documents). */
  purpose: z.enum(FILE_PURPOSES).optional(),
})

/**
 * A file part's bytes, refused (FST_REQ_FILE_TOO_LARGE, a 413) the moment it passes the parser's
 * size limit. Multipart's own `toBuffer()` waits for the part to end first, which a client that
 * keeps sending never lets happen; the 413 then closes the connection (plugins/request-size.ts).
 */
export async function filePartBytes(part: MultipartFile): Promise<Buffer> {
  const tooLarge = () => Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })
  // Ending the part's stream at the limit also stops the parser reading the request.
  part.file.once('limit', () => part.file.destroy(tooLarge()))
  const chunks: Buffer[] = []
  for await (const chunk of part.file) chunks.push(chunk as Buffer)
  if (part.file.truncated) throw tooLarge()
  return Buffer.concat(chunks)
}

/** The file and the optional organizationId of a multipart body; at most one file, 10 MB. */
export async function readUpload(req: FastifyRequest): Promise<StoreFileInput> {
  let upload: Omit<StoreFileInput, 'organizationId'> | undefined
  let organizationId: string | undefined
  let purpose: FilePurpose | undefined
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const data = await filePartBytes(part) // throws at the size limit, so nothing big stays in memory
      if (part.fieldname === FILE_FIELD) upload = { filename: part.filename, mimeType: part.mimetype, data }
    } else if (part.fieldname === 'organizationId' && typeof part.value === 'string') {
      organizationId = part.value
    } else if (part.fieldname === 'purpose' && (FILE_PURPOSES as readonly unknown[]).includes(part.value)) {
      purpose = part.value as FilePurpose
    }
  }
  if (!upload) throw new AppError('invalid', FILE_MESSAGES.missing, { file: FILE_MESSAGES.missing })
  return { ...upload, organizationId, purpose }
}

/**
 * An upload route's answer: the file read from the body (by `read`, the single `file` part by
 * default), multipart's refusals answered in Russian (`sendUploadError`), else `status` (201) with
 * `{ data }` of what `keep` made of the file. The route checks who may upload before calling this,
 * so that a guest's 10 MB is never read.
 */
export async function receiveUpload<F = StoreFileInput>(
  req: FastifyRequest,
  reply: FastifyReply,
  keep: (file: F) => Promise<unknown>,
  options: { status?: number; read?: (req: FastifyRequest) => Promise<F>; wording?: Partial<UploadWording> } = {},
) {
  let file: F
  try {
    file = await (options.read ?? (readUpload as unknown as (req: FastifyRequest) => Promise<F>))(req)
  } catch (err) {
    return sendUploadError(err, reply, options.wording)
  }
  return reply.status(options.status ?? 201).send({ data: await keep(file) })
}

/**
 * Multipart's refusals, in Russian: too big is a 413, the rest a 400. Reading the body only
 * parses what the client sent, so anything else that breaks there (no boundary, a body cut
 * short: busboy's errors carry no code) is the client's mistake too.
 */
export function sendUploadError(err: unknown, reply: FastifyReply, wording: Partial<UploadWording> = {}) {
  if (isAppError(err)) throw err
  const say = { ...FILE_UPLOAD_WORDING, ...wording }
  const code = (err as { code?: unknown }).code
  const refuse = (status: number, message: string) =>
    reply.status(status).send({ error: { code: 'invalid', message, fields: { file: message } } })
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(413, say.tooLarge)
  if (code === 'FST_FILES_LIMIT') return refuse(400, say.tooMany)
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return refuse(400, say.missing)
  reply.log.info({ err }, 'unreadable multipart body')
  return refuse(400, say.unreadable)
}

/** What an upload's refusals say; a form with its own limits (a catalogue import) words its own. */
export interface UploadWording {
  tooLarge: string
  tooMany: string
  missing: string
  unreadable: string
}

const FILE_UPLOAD_WORDING: UploadWording = {
  tooLarge: FILE_MESSAGES.tooLarge,
  tooMany: FILE_MESSAGES.tooMany(1),
  missing: FILE_MESSAGES.missing,
  unreadable: FILE_MESSAGES.unreadable,
}

/** `attachment` with an ASCII fallback name and the real one in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/** The policy of an answer that is a file, not a page: nothing loads, and it runs as no origin. */
export const FILE_POLICY = "default-src 'none'; sandbox"

/**
 * A stored file as the answer: its own type and name, and the headers that keep an uploaded
 * file from running as a page of ours (nosniff, a sandboxing CSP). Images may be shown `inline`
 * (chat previews); everything else downloads. Private: never kept by shared caches.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { data: Buffer; mimeType: string; name: string },
  options: { inline?: boolean; maxAgeSeconds?: number } = {},
) {
  const disposition = contentDisposition(file.name)
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', file.data.length)
    .header('content-disposition', options.inline ? disposition.replace(/^attachment/, 'inline') : disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_POLICY)
    .header('cache-control', options.maxAgeSeconds ? `private, max-age=${options.maxAgeSeconds}` : 'private, no-store')
    .send(file.data)
}

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: FILE_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 200, parts: 6, headerPairs: 50 },
  })

  app.post(
    '/files',
    {
      schema: {
        tags: ['files'],
        summary: 'Загрузка файла до 10 МБ: документ (PDF, JPEG, PNG) или вложение чата (purpose=chat)',
        description: 'multipart/form-data: поле `file` и необязательное `organizationId` (документ организации).',
        consumes: ['multipart/form-data'],
        body: UploadBodySchema,
        response: { 201: data(FileMetaSchema) },
      },
      ...passThrough, // readUpload reads and checks the parts as they stream in
      config: { upload: { maxBytes: FILE_LIMITS.maxBytes, tooLarge: FILE_MESSAGES.tooLarge } },
    },
    async (req, reply) => {
      const ctx = req.ctx
      requireUser(ctx) // before reading 10 MB from a guest
      return receiveUpload(req, reply, (upload) => app.services.files.store(ctx, upload))
    },
  )

  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Скачать файл (владелец, участники организации, сотрудники платформы)',
        params: z.object({ id: z.string() }),
      },
      ...passThrough,
    },
    async (req, reply) => {
      const { meta, data } = await app.services.files.read(req.ctx, req.params.id)
      return sendStoredFile(reply, { data, mimeType: meta.mimeType, name: meta.originalName })
    },
  )
}
