import { formatNumber, pluralize } from './format.ts'

/**
 * Uploaded documents: what the server accepts and what the upload component checks before
 * sending. One place, so the browser and the API refuse the same files with the same words.
 */
export const FILE_TYPES = [
  { mimeType: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
  { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG' },
  { mimeType: 'image/png', extensions: ['png'], label: 'PNG' },
] as const

export type FileMimeType = (typeof FILE_TYPES)[number]['mimeType']

export const FILE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** How many files one form takes; each of them goes to the server in its own request. */
  maxFiles: 5,
  maxNameLength: 255,
  /** The `accept` attribute of the file input. */
  accept: FILE_TYPES.flatMap((t) => [t.mimeType, ...t.extensions.map((e) => `.${e}`)]).join(','),
} as const

/** REST path under the API base URL; the spec's upload is a multipart POST with field `file`. */
export const FILES_PATH = '/files'
export const FILE_FIELD = 'file'

/** «не больше 1 файла», «не больше 5 файлов»: the genitive after «не больше». */
export const filesAfterLimit = (n: number) => `${n} ${pluralize(n, ['файла', 'файлов', 'файлов'])}`

export const FILE_MESSAGES = {
  badType: 'Допустимы файлы PDF, JPEG или PNG',
  mismatch: 'Содержимое файла не совпадает с его типом. Допустимы файлы PDF, JPEG или PNG',
  tooLarge: 'Файл больше 10 МБ',
  empty: 'Файл пустой',
  missing: 'Выберите файл',
  unreadable: 'Не удалось прочитать файл из запроса. Отправьте его ещё раз',
  tooMany: (n: number) => `Можно прикрепить не больше ${filesAfterLimit(n)}`,
  notFound: 'Файл не найден',
  organizationNotFound: 'Организация не найдена',
} as const

/** Browsers and old tools send a few aliases of the same types. */
const MIME_ALIASES: Record<string, FileMimeType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'application/x-pdf': 'application/pdf',
}

export function normalizeMimeType(declared: string): string {
  const base = declared.split(';')[0]!.trim().toLowerCase()
  return MIME_ALIASES[base] ?? base
}

/** Tabs, line breaks and every Unicode space become one ordinary space in a name. */
const SPACES = /[\t\n\v\f\r\p{Z}]+/gu
/**
 * What shows nothing or changes how the rest shows: controls (C0, DEL, C1), format characters
 * (bidi marks, embeddings, overrides and isolates: «документ», U+202E, «gnp.pdf» shows as
 * «документfdp.png»; zero-width space and joiners; word joiner; BOM), the other
 * default-ignorable code points (Hangul fillers, variation selectors) and unpaired surrogates.
 * `"` goes too: it would end the quoted name in Content-Disposition.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}"]/gu
/** The name of a file whose own name had nothing visible left before the extension. */
const FALLBACK_STEM = 'документ'

/** The longest start of `text` that fits `room` UTF-16 units without splitting a character. */
function cutToFit(text: string, room: number): string {
  let out = ''
  for (const ch of text) {
    if (out.length + ch.length > room) break
    out += ch
  }
  return out
}

/**
 * The name a file is stored and shown under: no path, no invisible characters, spaces plain and
 * single (none before the extension), at most 255 characters with the extension kept. The type
 * check reads this name too, so what is checked is what people see. Cleaning a clean name
 * changes nothing.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? ''
  const visible = base.replace(SPACES, ' ').replace(INVISIBLE, '').normalize('NFC').replace(/ {2,}/g, ' ').trim()
  const ext = /\.[^.]{1,10}$/.exec(visible)?.[0] ?? ''
  const stem = cutToFit(visible.slice(0, visible.length - ext.length), FILE_LIMITS.maxNameLength - ext.length).trimEnd()
  // Only dots and spaces left (".pdf", "..") is no name to show.
  return (/[^.\s]/.test(stem) ? stem : FALLBACK_STEM) + ext
}

/** The type an extension stands for, or null for anything we do not take. */
export function typeByFileName(name: string): FileMimeType | null {
  const ext = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase()
  if (!ext) return null
  return FILE_TYPES.find((t) => (t.extensions as readonly string[]).includes(ext))?.mimeType ?? null
}

const SIGNATURES: { mimeType: FileMimeType; bytes: number[] }[] = [
  { mimeType: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mimeType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mimeType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
]

/** The type the first bytes prove ("magic bytes"), or null. */
export function typeByContent(head: Uint8Array): FileMimeType | null {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b))?.mimeType ?? null
}

/** What the browser can check before uploading: name and size (the server also reads the bytes). */
export function checkFileBeforeUpload(file: { name: string; size: number; type: string }): string | null {
  const byName = typeByFileName(cleanFileName(file.name))
  if (!byName) return FILE_MESSAGES.badType
  if (file.type && normalizeMimeType(file.type) !== byName) return FILE_MESSAGES.badType
  if (file.size === 0) return FILE_MESSAGES.empty
  if (file.size > FILE_LIMITS.maxBytes) return FILE_MESSAGES.tooLarge
  return null
}

/** The metadata of a stored file as the API gives it. */
export interface FileMeta {
  id: string
  originalName: string
  mimeType: string
  size: number
  organizationId: string | null
  ownerUserId: string
  createdAt: Date
}

/** "2,4 МБ", "830 КБ": sizes for people. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / 1024 / 1024, 1)} МБ`
  if (bytes >= 1024) return `${formatNumber(bytes / 1024, 1)} КБ`
  return `${bytes} Б`
}
