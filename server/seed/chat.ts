import { readFile } from 'node:fs/promises'
import { and, asc, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { type ChatContext, type ChatFile, productContext } from '#common/chat.ts'
import type { Db } from '../db/client.ts'
import { catalogProducts } from '../modules/catalog/catalog.table.ts'
import { chatMessages, chatReads, chatRooms } from '../modules/chat/chat.table.ts'
import { saveFile } from '../modules/files/files.service.ts'
import type { FileStorage } from '../modules/files/files.storage.ts'
import { users } from '../modules/identity/identity.table.ts'
import { organizationMembers, organizations } from '../modules/organizations/organizations.table.ts'
import { CATALOG_EPOCH } from './catalog/build.ts'
import { ACCOUNTS_VENDOR_SLUG } from './catalog/vendors/index.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** Conversations of the last days before the catalogue's epoch + 23 days, at office hours (UTC+3). */
const at = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return new Date(CATALOG_EPOCH + day * DAY + (h - 3) * 60 * MINUTE + m * MINUTE)
}

type Who = 'buyer' | 'seller' | 'system'
interface Line {
  who: Who
  day: number
  time: string
  text: string
  /** A picture the seller sends: the product's art rendered to PNG. */
  picture?: string
}

interface Conversation {
  key: string
  /** The buyer side's account and organization, and the seller's organization. */
  buyer: { email: string; slug: string }
  seller: { slug: string }
  /** Which of the seller's products it is about (the first by slug containing this). */
  product: string | null
  lines: Line[]
  /** How far each side has read: the number of lines, from the start. */
  buyerRead: number
  sellerRead: number
}

const DEMO_BUYER = { email: 'buyer@example.com', slug: 'agrokholding-zarya' }

const CONVERSATIONS: Conversation[] = [
  {
    key: 'zarya-aerotekh',
    buyer: DEMO_BUYER,
    seller: { slug: ACCOUNTS_VENDOR_SLUG },
    product: '',
    lines: [
      {
        who: 'buyer',
        day: 19,
        time: '10:12',
        text: 'Добрый день! Рассматриваем этот дрон для мониторинга посевов, около 12 000 га. Есть ли в наличии два комплекта?',
      },
      {
        who: 'seller',
        day: 19,
        time: '10:40',
        text: 'Здравствуйте, Ирина! Два комплекта есть на складе в Москве, отгрузка за 3 рабочих дня. В комплект входят две батареи и кейс.',
      },
      {
        who: 'seller',
        day: 19,
        time: '10:41',
        text: 'Фото комплектации прикладываю.',
        picture: 'catalog/quad-enterprise-top.svg',
      },
      {
        who: 'buyer',
        day: 19,
        time: '11:05',
        text: 'Спасибо. Нужны ещё две дополнительные батареи на каждый комплект. Сможете выставить счёт на ООО «Агрохолдинг Заря»?',
      },
      {
        who: 'seller',
        day: 20,
        time: '09:30',
        text: 'Да, конечно. Счёт пришлём сегодня. Обучение пилотов на вашей площадке в Воронеже можем провести в первую неделю декабря — подробности: https://aerotech.example/training',
      },
      {
        who: 'buyer',
        day: 22,
        time: '16:20',
        text: 'Счёт получили, передали в бухгалтерию. Подскажите, нужна ли регистрация в Росавиации для этой модели?',
      },
      {
        who: 'buyer',
        day: 22,
        time: '16:22',
        text: 'И какая гарантия на батареи?',
      },
    ],
    buyerRead: 7,
    sellerRead: 5,
  },
  {
    key: 'zarya-agrodron',
    buyer: DEMO_BUYER,
    seller: { slug: 'agrodron-povolzhe' },
    product: 'agro',
    lines: [
      {
        who: 'buyer',
        day: 21,
        time: '12:00',
        text: 'Здравствуйте! Интересует агродрон для внесения СЗР. Какая производительность в гектарах за смену?',
      },
      {
        who: 'seller',
        day: 21,
        time: '14:35',
        text: 'Добрый день! До 180 га за смену при норме 10 л/га. Можем показать работу на вашем поле — приедем с демонстрацией в Воронежскую область.',
      },
      {
        who: 'seller',
        day: 23,
        time: '09:15',
        text: 'Ирина, напоминаю про демонстрацию: свободны даты 2 и 3 декабря. Какая удобнее?',
      },
    ],
    buyerRead: 2,
    sellerRead: 3,
  },
]

/**
 * Demo conversations of the demo buyer with the demo vendor and with a catalogue vendor: a
 * product card on top, a picture, links, and unread messages on both sides (the vendor sees two,
 * the buyer one). Each conversation is written once, by its natural key (the pair of organizations).
 */
export async function seedChat(db: Db, storage: FileStorage): Promise<void> {
  for (const talk of CONVERSATIONS) {
    const orgs = await db
      .select({ id: organizations.id, slug: organizations.slug, name: organizations.shortName })
      .from(organizations)
      .where(inArray(organizations.slug, [talk.buyer.slug, talk.seller.slug]))
    const buyerOrg = orgs.find((o) => o.slug === talk.buyer.slug)
    const sellerOrg = orgs.find((o) => o.slug === talk.seller.slug)
    if (!buyerOrg || !sellerOrg) continue
    const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, talk.buyer.email))
    const [seller] = await db
      .select({ id: organizationMembers.userId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, sellerOrg.id), eq(organizationMembers.role, 'owner')))
    if (!buyer || !seller) continue

    const context = talk.product === null ? null : await contextOf(db, sellerOrg.id, talk.product)
    const [sideA, sideB] = buyerOrg.id < sellerOrg.id ? [buyerOrg.id, sellerOrg.id] : [sellerOrg.id, buyerOrg.id]
    const first = talk.lines[0]!
    const last = talk.lines.at(-1)!
    const [room] = await db
      .insert(chatRooms)
      .values({
        type: 'direct',
        sideA,
        sideB,
        context,
        openedBy: buyerOrg.id,
        lastSeq: talk.lines.length,
        lastMessageAt: at(last.day, last.time),
        createdAt: at(first.day, first.time),
      })
      .onConflictDoNothing()
      .returning({ id: chatRooms.id })
    if (!room) continue // written by an earlier run

    let seq = 0
    for (const line of talk.lines) {
      seq++
      const files: ChatFile[] = line.picture ? [await picture(db, storage, seller.id, sellerOrg.id, line)] : []
      const author = line.who === 'buyer' ? buyer.id : line.who === 'seller' ? seller.id : null
      await db.insert(chatMessages).values({
        roomId: room.id,
        seq,
        clientId: null,
        authorUserId: author,
        authorOrganizationId: line.who === 'buyer' ? buyerOrg.id : line.who === 'seller' ? sellerOrg.id : null,
        content: line.text,
        files,
        isSystem: line.who === 'system',
        createdAt: at(line.day, line.time),
      })
    }
    const readAt = (n: number) => at(talk.lines[n - 1]!.day, talk.lines[n - 1]!.time)
    await db.insert(chatReads).values([
      {
        roomId: room.id,
        userId: buyer.id,
        organizationId: buyerOrg.id,
        lastReadSeq: talk.buyerRead,
        updatedAt: readAt(talk.buyerRead),
      },
      {
        roomId: room.id,
        userId: seller.id,
        organizationId: sellerOrg.id,
        lastReadSeq: talk.sellerRead,
        updatedAt: readAt(talk.sellerRead),
      },
    ])
  }
}

async function contextOf(db: Db, vendorId: string, slugPart: string): Promise<ChatContext | null> {
  const rows = await db
    .select({
      id: catalogProducts.id,
      slug: catalogProducts.slug,
      title: catalogProducts.title,
      priceKopecks: catalogProducts.priceKopecks,
      images: catalogProducts.images,
    })
    .from(catalogProducts)
    .where(eq(catalogProducts.vendorOrganizationId, vendorId))
    .orderBy(asc(catalogProducts.slug))
  const product = rows.find((r) => r.slug.includes(slugPart)) ?? rows[0]
  return product ? productContext(product) : null
}

/** The product's art as a PNG the seller attached, stored through the files module. */
async function picture(
  db: Db,
  storage: FileStorage,
  userId: string,
  organizationId: string,
  line: Line,
): Promise<ChatFile> {
  const svg = await readFile(new URL(`../../content/assets/${line.picture}`, import.meta.url))
  const data = await sharp(svg, { density: 96 }).resize(960).png().toBuffer()
  const file = await saveFile(db, storage, {
    ownerUserId: userId,
    organizationId,
    name: 'Комплектация.png',
    mimeType: 'image/png',
    data,
    createdAt: at(line.day, line.time),
  })
  return { id: file.id, name: file.originalName, mimeType: file.mimeType, size: file.size, isImage: true }
}
