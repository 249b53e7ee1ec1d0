import { formatMoney, formatNumber } from './format.ts'
import { offerHref } from './catalog/product-href.ts'
import { CHARACTERS_UP_TO, FILES_UP_TO, MINUTES_UP_TO } from '#common/counted-words.ts'
import { multiLineText, singleLineText } from './text.ts'
import { z } from './zod.ts'
import { formatCount } from '#common/format.ts'

/**
 * Chat between organizations: what the REST API (`/api/v1/chat/...`), the realtime publications
 * (`chat:{userId}`) and the /chat page share. Field names the spec fixes (section 3: message
 * `content`, `roomName`, `roomGuid`, `files`, `isSystem`; room `guid`, `name`, `lastMessage`;
 * event `eventType`, `message`, `room`) are used verbatim.
 */

export const CHAT_LIMITS = {
  /** Characters in one message. */
  maxContent: 4000,
  /** Files attached to one message. */
  maxFiles: 10,
  /** How long after sending its author may edit or delete a message. */
  editWindowMinutes: 60,
  /** Messages per page of a room's history (oldest first, paged upward). */
  pageSize: 30,
  /** Rooms per page of the room list. */
  roomsPageSize: 50,
  /** Characters in a report's reason. */
  maxReportReason: 1000,
  /** Spec section 4: a notification shows this many characters of the text, then '...'. */
  notificationLength: 100,
  /** Spec section 4: at most this many notifications at once; the oldest closes on the next. */
  maxNotifications: 3,
} as const

/** The realtime channel of one user (spec section 3). */
export const chatChannel = (userId: string) => `chat:${userId}`

export const ROOM_TYPES = ['direct', 'request'] as const
export type RoomType = (typeof ROOM_TYPES)[number]

/**
 * What a room started from, shown as a card above its messages: a product (its catalogue page)
 * or an order. A snapshot taken when the room was opened from it, so the card still reads after
 * the product goes off sale.
 */
export interface ChatContext {
  type: 'product' | 'order'
  id: string
  title: string
  /** Where the card links: `/product/{slug}`, or the order's page. */
  href: string
  /** A picture URL (the product's main photo), null when none. */
  image: string | null
  /** A line under the title: the price, the order's status. */
  subtitle: string | null
}

/** A file attached to a message; read it at `fileUrl(roomGuid, id)` (members only). */
export interface ChatFile {
  id: string
  name: string
  mimeType: string
  size: number
  /** Images are shown as previews; everything else as a file card. */
  isImage: boolean
}

/** Where a member downloads a message's file (the API base URL before it). */
export const chatFilePath = (roomGuid: string, fileId: string) => `/chat/rooms/${roomGuid}/files/${fileId}`

export interface ChatAuthor {
  userId: string
  name: string
  organizationId: string
  organizationName: string
}

export interface ChatMessage {
  id: string
  /** The id the sending client generated: a retry with the same one returns this message. */
  clientId: string | null
  roomGuid: string
  roomName: string
  /** Plain text; links are made clickable when shown, never stored as HTML. '' when deleted. */
  content: string
  files: ChatFile[]
  /** A message of the platform about the room's order or request («Заказ подтверждён»). */
  isSystem: boolean
  /** Null for system messages. */
  author: ChatAuthor | null
  /** Whether the signed-in user's organization wrote it (its side of the room). */
  isOwn: boolean
  /** `sent`, or `read` once someone of the other side has read it. Own messages only; null otherwise. */
  state: 'sent' | 'read' | null
  createdAt: string
  editedAt: string | null
  deletedAt: string | null
  /** Whether the signed-in user may still edit or delete it (own, not system, inside the window). */
  canChange: boolean
}

export interface ChatRoom {
  guid: string
  type: RoomType
  /** The other organization (direct), or the service request's title (request). */
  name: string
  /** The other organization in the room, from the signed-in user's side. */
  counterpart: { organizationId: string; name: string; slug: string | null }
  context: ChatContext | null
  lastMessage: { content: string; createdAt: string; isSystem: boolean; hasFiles: boolean } | null
  unreadCount: number
  /** Who blocked whom: `us` when our organization blocked the other side, `them` the other way. */
  blocked: 'us' | 'them' | null
  createdAt: string
}

export interface ChatRoomList {
  items: ChatRoom[]
  /** Pass as `before` for the next page; null on the last one. */
  nextCursor: string | null
}

export interface ChatMessagePage {
  /** Oldest first. */
  items: ChatMessage[]
  /** Whether older messages exist (load with `before` = the first item's id). */
  hasMore: boolean
}

/**
 * A realtime publication on `chat:{userId}` (spec sections 3 and 7). `messageCreated` and
 * `roomCreated` are the spec's and raise the unread count by one; `messageUpdated` (an edit or a
 * deletion) and `roomRead` (someone of the room read it: read marks, other tabs' counters) only
 * refresh what is on screen.
 */
export type ChatEventType = 'messageCreated' | 'roomCreated' | 'messageUpdated' | 'roomRead'
export interface ChatEvent {
  eventType: ChatEventType
  message: ChatMessage | null
  room: ChatRoom
}

// ---- REST inputs -------------------------------------------------------------------------------

export const CHAT_MESSAGES = {
  notConfirmed:
    'Чат доступен организациям с подтверждённой ролью. Подтвердите роль покупателя или поставщика в разделе «Компания».',
  roomNotFound: 'Чат не найден или у вас нет к нему доступа',
  messageNotFound: 'Сообщение не найдено',
  empty: 'Напишите сообщение или прикрепите файл',
  tooLong: `Сообщение не длиннее ${formatNumber(CHAT_LIMITS.maxContent)} символов`,
  tooManyFiles: `Можно прикрепить не больше ${formatCount(CHAT_LIMITS.maxFiles, FILES_UP_TO)}`,
  editWindowPassed: `Изменить или удалить сообщение можно в течение ${formatCount(CHAT_LIMITS.editWindowMinutes, MINUTES_UP_TO)} после отправки`,
  notOwn: 'Изменять и удалять можно только свои сообщения',
  systemMessage: 'Системные сообщения нельзя изменить',
  deleted: 'Сообщение удалено',
  blockedByUs: 'Вы заблокировали эту организацию. Разблокируйте её, чтобы написать',
  blockedByThem: 'Организация ограничила переписку с вами',
  selfChat: 'Нельзя написать своей организации',
  sellerNotFound: 'Продавец не найден',
  fileNotAttachable: 'Файл не найден или уже недоступен',
  reportReason: 'Опишите, что не так с сообщением',
  reported: 'Жалоба отправлена модераторам',
} as const

/** `POST /chat/rooms`: open (or reuse) the direct room with a seller, from its page or a product's. */
export const OpenRoomInput = z
  .object({
    /** The seller's organization id, or its public slug. */
    organizationId: z.uuid(CHAT_MESSAGES.sellerNotFound).optional(),
    sellerSlug: z.string().max(200).optional(),
    /** The product the question is about: becomes the room's context card. */
    productSlug: z.string().max(300).optional(),
  })
  .refine((v) => v.organizationId || v.sellerSlug || v.productSlug, { error: CHAT_MESSAGES.sellerNotFound })
export type OpenRoomInput = z.infer<typeof OpenRoomInput>

/** `POST /chat/rooms/:guid/messages`; files are uploaded first through `POST /files`. */
export const SendMessageInput = z.object({
  clientId: z.uuid('Ожидается идентификатор сообщения (UUID)'),
  content: multiLineText().pipe(z.string().max(CHAT_LIMITS.maxContent, CHAT_MESSAGES.tooLong)).default(''),
  fileIds: z
    .array(z.uuid(CHAT_MESSAGES.fileNotAttachable))
    .max(CHAT_LIMITS.maxFiles, CHAT_MESSAGES.tooManyFiles)
    .default([]),
})
export type SendMessageInput = z.infer<typeof SendMessageInput>

/** `PATCH /chat/messages/:id`. */
export const EditMessageInput = z.object({
  content: multiLineText().pipe(
    z.string().min(1, CHAT_MESSAGES.empty).max(CHAT_LIMITS.maxContent, CHAT_MESSAGES.tooLong),
  ),
})

/** `GET /chat/rooms`. */
export const RoomListQuery = z.object({
  q: singleLineText().pipe(z.string().max(200)).optional(),
  before: z.string().max(100).optional(),
})

/** `GET /chat/rooms/:guid/messages`. */
export const MessagePageQuery = z.object({
  before: z.uuid().optional(),
})

/** `POST /chat/messages/:id/report`. */
export const ReportInput = z.object({
  reason: multiLineText().pipe(
    z
      .string()
      .min(1, CHAT_MESSAGES.reportReason)
      .max(CHAT_LIMITS.maxReportReason, `Не длиннее ${formatCount(CHAT_LIMITS.maxReportReason, CHARACTERS_UP_TO)}`),
  ),
})

/**
 * The text a notification shows for a message (spec section 4): the first 100 characters and
 * '...', or 'Вложение' for a message that is only files.
 */
export function notificationText(message: Pick<ChatMessage, 'content' | 'files'>, attachment: string): string {
  const text = message.content.trim()
  if (!text) return message.files.length ? attachment : ''
  return text.length > CHAT_LIMITS.notificationLength ? `${text.slice(0, CHAT_LIMITS.notificationLength)}...` : text
}

export const CHAT_REPORT_STATUSES = ['open', 'resolved'] as const
export type ChatReportStatus = (typeof CHAT_REPORT_STATUSES)[number]

/** A complaint about a message, as staff see it. */
export interface ChatReport {
  id: string
  reason: string
  status: ChatReportStatus
  createdAt: string
  resolvedAt: string | null
  reporter: { name: string; organizationName: string }
  message: {
    id: string
    content: string
    files: ChatFile[]
    createdAt: string
    deletedAt: string | null
    author: { name: string; organizationName: string } | null
  }
  room: { guid: string; sides: string[] }
}

export const ReportListQuery = z.object({ status: z.enum(CHAT_REPORT_STATUSES).default('open') })

/** The card of a room opened from a product's page: what the product was when the question was asked. */
export function productContext(product: {
  id: string
  slug: string
  /** The offer's model: the card then links to the model's page with the offer chosen. */
  modelSlug?: string | null
  title: string
  priceKopecks: number | null
  images: { src: string }[]
}): ChatContext {
  return {
    type: 'product',
    id: product.id,
    title: product.title,
    href: offerHref({ slug: product.slug, modelSlug: product.modelSlug ?? null }),
    image: product.images[0]?.src ?? null,
    subtitle: product.priceKopecks === null ? 'Цена по запросу' : formatMoney(product.priceKopecks),
  }
}
