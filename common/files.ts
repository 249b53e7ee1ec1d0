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

/**
 * What a chat message may carry besides: more pictures and office documents. The same checks
 * (extension, declared type, first bytes) apply; an upload asks for these with `purpose=chat`.
 */
export const CHAT_FILE_TYPES = [
  ...FILE_TYPES,
  { mimeType: 'image/webp', extensions: ['webp'], label: 'WebP' },
  { mimeType: 'image/gif', extensions: ['gif'], label: 'GIF' },
  { mimeType: 'application/msword', extensions: ['doc'], label: 'Word' },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    label: 'Word',
  },
  { mimeType: 'application/vnd.ms-excel', extensions: ['xls'], label: 'Excel' },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    label: 'Excel',
  },
  { mimeType: 'application/vnd.ms-powerpoint', extensions: ['ppt'], label: 'PowerPoint' },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
    label: 'PowerPoint',
  },
  { mimeType: 'application/vnd.oasis.opendocument.text', extensions: ['odt'], label: 'OpenDocument' },
  { mimeType: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['ods'], label: 'OpenDocument' },
] as const

export type FileMimeType = (typeof CHAT_FILE_TYPES)[number]['mimeType']

/** Which list of types an upload is checked against: documents of forms, or chat attachments. */
export const FILE_PURPOSES = ['document', 'chat'] as const
export type FilePurpose = (typeof FILE_PURPOSES)[number]
const TYPES_OF: Record<FilePurpose, readonly { mimeType: FileMimeType; extensions: readonly string[] }[]> = {
  document: FILE_TYPES,
  chat: CHAT_FILE_TYPES,
}

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
  badChatType: 'Допустимы изображения (JPEG, PNG, WebP, GIF), PDF и документы Word, Excel, PowerPoint, OpenDocument',
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

/** The type an extension stands for, or null for anything we do not take for that purpose. */
export function typeByFileName(name: string, purpose: FilePurpose = 'document'): FileMimeType | null {
  const ext = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase()
  if (!ext) return null
  return TYPES_OF[purpose].find((t) => t.extensions.includes(ext))?.mimeType ?? null
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

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b)
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

/**
 * Whether the first bytes fit the type: the signature of its format. Office documents share
 * containers (ZIP for docx, xlsx, pptx, odt, ods; OLE for doc, xls, ppt), so for them the
 * container is what the bytes can prove.
 */
export function contentMatches(mimeType: FileMimeType, head: Uint8Array): boolean {
  switch (mimeType) {
    case 'image/webp':
      return startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)
    case 'image/gif':
      return startsWith(head, [0x47, 0x49, 0x46, 0x38])
    case 'application/msword':
    case 'application/vnd.ms-excel':
    case 'application/vnd.ms-powerpoint':
      return startsWith(head, OLE)
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    case 'application/vnd.oasis.opendocument.text':
    case 'application/vnd.oasis.opendocument.spreadsheet':
      return startsWith(head, ZIP)
    default:
      return typeByContent(head) === mimeType
  }
}

/**
 * Whether the type the browser declared agrees with the extension's. Browsers without a
 * registered handler send office documents as `application/octet-stream` (or nothing): for those
 * the extension and the bytes decide.
 */
export function declaredTypeFits(declared: string, byName: FileMimeType): boolean {
  const type = normalizeMimeType(declared)
  if (type === byName) return true
  const generic = type === '' || type === 'application/octet-stream'
  return generic && (byName.startsWith('application/vnd.') || byName === 'application/msword')
}

/** What the browser can check before uploading: name and size (the server also reads the bytes). */
export function checkFileBeforeUpload(
  file: { name: string; size: number; type: string },
  purpose: FilePurpose = 'document',
): string | null {
  const badType = purpose === 'chat' ? FILE_MESSAGES.badChatType : FILE_MESSAGES.badType
  const byName = typeByFileName(cleanFileName(file.name), purpose)
  if (!byName) return badType
  if (file.type && !declaredTypeFits(file.type, byName)) return badType
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
