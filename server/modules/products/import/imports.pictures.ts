import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { formatFileSize } from '#common/files.ts'
import { POINTS_UP_TO, PHOTOS_UP_TO, SECONDS_WITHIN } from '#common/counted-words.ts'
import { formatCount, quote } from '#common/format.ts'
import { PHOTO_LIMITS } from '#common/product-media.ts'
import { PRODUCT_IMPORT_MESSAGES } from '#common/product-import.ts'
import { PRODUCT_LIMITS } from '#common/products.ts'
import type { Db } from '../../../db/client.ts'
import { AppError, isAppError } from '../../../errors.ts'
import type { JobsService } from '../../../jobs/jobs.service.ts'
import type { JobHandler, JobRun } from '../../../jobs/runner.ts'
import type { PublicFetcher, PublicFetchFailure } from '../../../public-fetch.ts'
import type { FileStorage } from '../../files/index.ts'
import { productDrafts } from '../products.table.ts'
import { deleteUploadedPhoto, storeUploadedPhoto } from '../uploaded-photos.ts'
import {
  type ImportOutcome,
  PICTURE_WARNINGS_KEPT,
  type PictureTask,
  productImportPictures,
  productImports,
} from './imports.table.ts'

/** A picture whose shorter side is below this is added, with a warning that it will look blurred. */
export const PICTURE_MIN_EDGE = 600
/** For one picture, redirects and body included. */
export const PICTURE_TIMEOUT_MS = 15_000
/** Pictures of one product fetched at once. */
const AT_ONCE = 4

const failureText = (failure: PublicFetchFailure): string => {
  switch (failure.reason) {
    case 'address':
      return 'адрес не открывается: нужна ссылка http или https'
    case 'private':
      return 'адрес во внутренней сети: такие адреса не загружаются'
    case 'unreachable':
      return 'сервер не найден или не отвечает'
    case 'timeout':
      return `не загрузилось за ${formatCount(PICTURE_TIMEOUT_MS / 1000, SECONDS_WITHIN)}`
    case 'status':
      return `сервер ответил ошибкой ${failure.status}`
    case 'redirects':
      return 'слишком много перенаправлений'
    case 'too_large':
      return `файл больше ${formatFileSize(PHOTO_LIMITS.maxBytes)}`
  }
}

export const PICTURE_MESSAGES = {
  notFetched: (url: string, why: string) => `Фото ${quote(url)} не добавлено: ${why}`,
  small: (url: string, width: number, height: number) =>
    `Фото ${quote(url)} добавлено, но оно маленькое (${width}×${height}): на карточке товара будет размытым, нужно не меньше ${formatCount(PICTURE_MIN_EDGE, POINTS_UP_TO)} по короткой стороне`,
  tooMany: (left: number) =>
    `В товаре не больше ${formatCount(PRODUCT_LIMITS.photos, PHOTOS_UP_TO)}: лишние адреса из файла (${left}) не загружались`,
  changedMeanwhile:
    'Фото из файла не добавлены: пока они загружались, у товара появились свои фото или он ушёл на модерацию',
  hostGaveUp: (url: string, host: string) =>
    `Фото ${quote(url)} не добавлено: сервер ${host} дважды не ответил, другие фото с него в этом импорте не загружались`,
} as const

/** A host that timed out or could not be reached this often is not asked again in the import. */
export const HOST_FAILURES_TO_GIVE_UP = 2

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

interface Fetched {
  photos: { src: string }[]
  warnings: string[]
}

/**
 * One product's pictures, in the file's order: each fetched from the vendor's server (public
 * addresses only, public-fetch.ts), re-encoded and stored as an uploaded photo is. What could not
 * be fetched or read is a warning, not a failure of the import. A host that timed out or could
 * not be reached twice is not asked again (`hostFailures`, kept for the whole import): a dead
 * server costs the import two waits, not one per picture.
 */
async function fetchPictures(
  task: PictureTask,
  deps: PicturesDeps,
  hostFailures: Record<string, number>,
): Promise<Fetched> {
  const urls = task.urls.slice(0, PRODUCT_LIMITS.photos)
  const results: ({ src: string; warning?: string } | { src?: undefined; warning: string })[] = []
  const fetchOne = async (url: string) => {
    const host = hostOf(url)
    if (host && (hostFailures[host] ?? 0) >= HOST_FAILURES_TO_GIVE_UP)
      return { warning: PICTURE_MESSAGES.hostGaveUp(url, host) }
    const response = await deps.fetcher.fetch(url)
    if (!response.ok) {
      if (host && (response.reason === 'timeout' || response.reason === 'unreachable'))
        hostFailures[host] = (hostFailures[host] ?? 0) + 1
      return { warning: PICTURE_MESSAGES.notFetched(url, failureText(response)) }
    }
    try {
      const { src, width, height } = await storeUploadedPhoto(deps.storage, response.bytes)
      const small = Math.min(width, height) < PICTURE_MIN_EDGE
      return { src, warning: small ? PICTURE_MESSAGES.small(url, width, height) : undefined }
    } catch (error) {
      if (!isAppError(error)) throw error
      return { warning: PICTURE_MESSAGES.notFetched(url, lowerFirst(error.message)) }
    }
  }
  for (let i = 0; i < urls.length; i += AT_ONCE)
    results.push(...(await Promise.all(urls.slice(i, i + AT_ONCE).map(fetchOne))))
  const warnings = results.flatMap((r) => r.warning ?? [])
  if (task.urls.length > urls.length) warnings.push(PICTURE_MESSAGES.tooMany(task.urls.length - urls.length))
  return { photos: results.flatMap((r) => (r.src ? [{ src: r.src }] : [])), warnings }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

export interface PicturesDeps {
  fetcher: PublicFetcher
  storage: FileStorage
  /** How long one part of the pictures' job goes on (IMPORT_PICTURES_SLICE_SECONDS). */
  sliceMs: number
}

/** Puts the drafts that want their rows' pictures in the import's queue (in the batch's transaction). */
export async function queuePictures(db: Db, importId: string, outcome: ImportOutcome, tasks: PictureTask[]) {
  const step = (outcome.pictures ??= { total: 0, done: 0, added: 0, warningsTotal: 0, warnings: [] })
  if (!tasks.length) return
  await db
    .insert(productImportPictures)
    .values(tasks.map((task, i) => ({ importId, position: step.total + i, ...task })))
  step.total += tasks.length
}

export const PICTURES_JOB = 'products.fetch_import_pictures'

/** Starts the pictures' step of an import whose rows are written (in the rows' job's commit). */
export async function startPictures(db: Db, jobs: PicturesJobs, importId: string, outcome: ImportOutcome) {
  const job = await jobs.enqueue(
    db,
    PICTURES_JOB,
    { importId, part: 0 },
    { key: `${importId}:0`, total: outcome.pictures!.total, maxAttempts: 3 },
  )
  await db
    .update(productImports)
    .set({ jobId: job.id, outcome, updatedAt: new Date() })
    .where(eq(productImports.id, importId))
}

type PicturesJobs = Pick<JobsService, 'enqueue'>

/**
 * The import's last step: the pictures of the drafts that had none, product by product. A
 * product leaves the queue in the transaction that gives its draft the photos and notes how far
 * the step got, so a job resumed after a restart goes on with the next one. A draft that got
 * photos of its own or went to staff meanwhile keeps what it has. After `sliceMs` the job hands
 * the worker over: it queues its next part behind what else is due, so an import of thousands of
 * pictures does not hold up the instance's e-mails and reminders (only the order of the work
 * depends on it, not the outcome). The last part marks the import done.
 */
export function createPicturesJob(deps: PicturesDeps & { jobs: PicturesJobs }): JobHandler {
  return async (run) => {
    const importId = String(run.job.payload.importId)
    const part = Number(run.job.payload.part ?? 0)
    const [row] = await run.db.select().from(productImports).where(eq(productImports.id, importId))
    const outcome = row?.outcome
    if (!outcome?.pictures) throw new AppError('not_found', PRODUCT_IMPORT_MESSAGES.notFound)
    let step: PicturesStep = outcome.pictures
    const until = performance.now() + deps.sliceMs
    await run.progress(step.done, step.total)
    // At least one product a part, however short the slice.
    do {
      run.stopIfAsked()
      step = await nextProduct(run, importId, { ...outcome, pictures: step }, deps)
      await run.progress(step.done, step.total)
    } while (step.done < step.total && performance.now() < until)
    const more = step.done < step.total
    await run.commit(async (tx) => {
      if (more) {
        const next = await deps.jobs.enqueue(
          tx,
          PICTURES_JOB,
          { importId, part: part + 1 },
          { key: `${importId}:${part + 1}`, total: step.total, maxAttempts: 3 },
        )
        await tx.update(productImports).set({ jobId: next.id }).where(eq(productImports.id, importId))
      } else {
        await tx
          .update(productImports)
          .set({ status: 'done', outcome: { ...outcome, pictures: step }, updatedAt: new Date() })
          .where(eq(productImports.id, importId))
      }
    })
    return { done: step.done, total: step.total, more }
  }
}

type PicturesStep = NonNullable<ImportOutcome['pictures']>

/** The next product of the queue, fetched and written; answers how far the step has got. */
async function nextProduct(
  run: JobRun,
  importId: string,
  outcome: ImportOutcome & { pictures: PicturesStep },
  deps: PicturesDeps,
): Promise<PicturesStep> {
  const step = outcome.pictures
  const [task] = await run.db
    .select()
    .from(productImportPictures)
    .where(eq(productImportPictures.importId, importId))
    .orderBy(asc(productImportPictures.position))
    .limit(1)
  // Gone through already: an earlier attempt committed the last one, its count with it.
  if (!task) return { ...step, done: step.total }
  const next = structuredClone(step)
  next.hostFailures ??= {}
  const { photos, warnings } = await fetchPictures(task, deps, next.hostFailures)
  let kept = false // true once the draft's photos are committed
  try {
    kept = await run.db.transaction(async (tx) => {
      const taken = photos.length === 0 || (await addToDraft(tx, task.draftId, photos))
      const notes = taken ? warnings : [PICTURE_MESSAGES.changedMeanwhile]
      next.done++
      if (taken) next.added += photos.length
      next.warningsTotal += notes.length
      const room = Math.max(0, PICTURE_WARNINGS_KEPT - next.warnings.length)
      next.warnings.push(...notes.slice(0, room).map((message) => ({ line: task.line, sku: task.sku, message })))
      await tx
        .delete(productImportPictures)
        .where(and(eq(productImportPictures.importId, importId), eq(productImportPictures.position, task.position)))
      await tx
        .update(productImports)
        .set({ outcome: { ...outcome, pictures: next }, updatedAt: new Date() })
        .where(eq(productImports.id, importId))
      return taken
    })
  } finally {
    // No bytes without a product: what was stored for a draft that did not take it goes.
    if (!kept) for (const photo of photos) await deleteUploadedPhoto(deps.storage, photo.src)
  }
  return next
}

/** The photos as the draft's, captioned with its title, if it still has none and is not with staff. */
async function addToDraft(db: Db, draftId: string, photos: { src: string }[]): Promise<boolean> {
  const [draft] = await db
    .select({ title: productDrafts.title })
    .from(productDrafts)
    .where(eq(productDrafts.id, draftId))
  if (!draft) return false
  const [saved] = await db
    .update(productDrafts)
    .set({ images: photos.map((p) => ({ src: p.src, alt: draft.title.trim() })), updatedAt: new Date() })
    .where(
      and(
        eq(productDrafts.id, draftId),
        ne(productDrafts.status, 'moderation'),
        sql`jsonb_array_length(${productDrafts.images}) = 0`,
      ),
    )
    .returning({ id: productDrafts.id })
  return Boolean(saved)
}
