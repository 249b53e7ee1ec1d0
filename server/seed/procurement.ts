import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import { isAccessoryCategory } from '#common/catalog/categories.ts'
import { addDays, moscowToday } from '#common/moscow-days.ts'
import type { ProcurementPurpose, ProcurementStatus, ProcurementUnit, RecipientStatus } from '#common/procurement.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { catalogProducts } from '../modules/catalog/catalog.table.ts'
import { chatRooms } from '../modules/chat/chat.table.ts'
import { users } from '../modules/identity/identity.table.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import {
  procurementAnswerLines,
  procurementItems,
  procurementRecipients,
  procurementRequestEvents,
  procurementRequests,
} from '../modules/procurement/procurement.table.ts'
import { CATALOG_EPOCH } from './catalog/build.ts'
import { ACCOUNTS_VENDOR_SLUG } from './catalog/vendors/index.ts'

const DAY = 24 * 60 * 60_000
const at = (day: number, hour: number) => new Date(CATALOG_EPOCH + day * DAY + (hour - 3) * 60 * 60_000)
const MUNICIPAL_SLUG = 'mku-centr-grazhdanskoj-zashchity'
const FARM_SLUG = 'agrokholding-zarya'

interface DemoItem {
  /** A catalogue offer of the demo vendor (by its place among them), or a free-text item. */
  product?: number
  name?: string
  characteristics?: string
  unit: ProcurementUnit
  quantity: number
}

interface DemoAnswer {
  /** The seller: the demo vendor or a catalogue vendor of the same models (by place). */
  seller: 'demo' | number
  status: RecipientStatus
  /** Per item, roubles with VAT. */
  prices?: number[]
  vatRate?: VatRate
  day?: number
  declineReason?: string
}

interface DemoRequest {
  buyer: 'municipal' | 'farm'
  title: string
  purpose: ProcurementPurpose
  status: ProcurementStatus
  /** Days from the epoch it was created and sent; the deadline counts from today when it is still open. */
  createdDay: number
  sentDay?: number
  deadline: { daysFromToday: number } | { day: number }
  items: DemoItem[]
  recipients: DemoAnswer[]
  cancelReason?: string
  deliveryTerm: string
  paymentTerms: string
  comment?: string
}

/**
 * Requests for commercial offers of both demo buyers, one in each state: the municipal
 * institution's 44-ФЗ request answered by three sellers with a homogeneous sample and one whose
 * sample is not (V above 33 %, the demo vendor still to answer), the farm's commercial request
 * the demo vendor answered (its offer goes to the cart), a draft and a cancelled one.
 */
const DEMO_PROCUREMENT: DemoRequest[] = [
  {
    buyer: 'municipal',
    title: 'Квадрокоптеры для мониторинга паводковой обстановки',
    purpose: '44fz',
    status: 'closed',
    createdDay: 20,
    sentDay: 20,
    deadline: { day: 30 },
    deliveryTerm: 'до 1 марта, одной партией',
    paymentTerms: 'в течение 7 рабочих дней после подписания документа о приёмке (ч. 13.1 ст. 34 44-ФЗ)',
    comment: 'Цены просим указать с НДС, с доставкой до склада заказчика.',
    items: [
      { product: 0, unit: 'piece', quantity: 3 },
      {
        name: 'Обучение внешних пилотов БАС',
        characteristics: 'Очно, на территории заказчика, 3 дня, группа до 6 человек, с выдачей удостоверений',
        unit: 'service',
        quantity: 1,
      },
    ],
    recipients: [
      { seller: 'demo', status: 'answered', prices: [0, 148_000], day: 23 },
      { seller: 0, status: 'answered', prices: [1.06, 156_000], day: 24 },
      { seller: 1, status: 'answered', prices: [0.97, 139_500], day: 26 },
    ],
  },
  {
    buyer: 'municipal',
    title: 'Тепловизионные беспилотники для поиска очагов природных пожаров',
    purpose: '44fz',
    status: 'sent',
    createdDay: 55,
    sentDay: 55,
    deadline: { daysFromToday: 6 },
    deliveryTerm: '30 календарных дней с даты заключения контракта',
    paymentTerms: 'в течение 7 рабочих дней после приёмки',
    items: [
      { product: 1, unit: 'piece', quantity: 2 },
      {
        name: 'Комплект запасных аккумуляторов',
        characteristics: 'Оригинальные, не менее 4 шт. в комплекте, с зарядной станцией',
        unit: 'set',
        quantity: 2,
      },
    ],
    recipients: [
      { seller: 0, status: 'answered', prices: [1.02, 96_000], day: 56 },
      { seller: 1, status: 'answered', prices: [1.08, 182_000], day: 57 },
      { seller: 2, status: 'answered', prices: [0.95, 58_000], day: 58 },
      { seller: 'demo', status: 'awaiting' },
    ],
  },
  {
    buyer: 'farm',
    title: 'Дроны для обследования посевов на сезон 2027 года',
    purpose: 'commercial',
    status: 'sent',
    createdDay: 50,
    sentDay: 50,
    deadline: { daysFromToday: 4 },
    deliveryTerm: 'до начала полевых работ, не позднее 1 апреля',
    paymentTerms: '50 % предоплата, 50 % после поставки',
    items: [{ product: 2, unit: 'piece', quantity: 2 }],
    recipients: [
      { seller: 'demo', status: 'answered', prices: [0.94], day: 52 },
      {
        seller: 0,
        status: 'declined',
        day: 53,
        declineReason: 'Нет свободных единиц до мая, предложим после поставки',
      },
    ],
  },
  {
    buyer: 'farm',
    title: 'Метеостанции для полей в Белгородской области',
    purpose: 'commercial',
    status: 'draft',
    createdDay: 59,
    deadline: { daysFromToday: 10 },
    deliveryTerm: 'май',
    paymentTerms: 'по счёту',
    items: [
      {
        name: 'Автономная агрометеостанция',
        characteristics: 'Температура, влажность воздуха и почвы, осадки, ветер; передача данных по GSM',
        unit: 'piece',
        quantity: 6,
      },
    ],
    recipients: [{ seller: 'demo', status: 'awaiting' }],
  },
  {
    buyer: 'farm',
    title: 'Запасные винты и аккумуляторы к агродронам',
    purpose: 'commercial',
    status: 'cancelled',
    createdDay: 35,
    sentDay: 35,
    deadline: { day: 42 },
    deliveryTerm: '5 рабочих дней',
    paymentTerms: 'по счёту',
    cancelReason: 'Купили у производителя по сервисному договору',
    items: [{ product: 0, unit: 'set', quantity: 4 }],
    recipients: [
      { seller: 'demo', status: 'awaiting' },
      { seller: 1, status: 'awaiting' },
    ],
  },
]

export async function seedProcurement(db: Db): Promise<void> {
  const existing = await db.select({ id: procurementRequests.id }).from(procurementRequests).limit(1)
  if (existing.length) return
  const orgs = await db
    .select({ id: organizations.id, slug: organizations.slug, createdByUserId: organizations.createdByUserId })
    .from(organizations)
    .where(inArray(organizations.slug, [ACCOUNTS_VENDOR_SLUG, MUNICIPAL_SLUG, FARM_SLUG]))
  const bySlug = new Map(orgs.map((o) => [o.slug, o]))
  const vendor = bySlug.get(ACCOUNTS_VENDOR_SLUG)
  const buyers = { municipal: bySlug.get(MUNICIPAL_SLUG), farm: bySlug.get(FARM_SLUG) }
  if (!vendor || !buyers.municipal || !buyers.farm) return
  const people = await db
    .select({ id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .where(inArray(users.id, [buyers.municipal.createdByUserId, buyers.farm.createdByUserId]))

  // The demo vendor's drones on sale whose models others sell too: what the buyers ask about.
  const own = await db
    .select({
      id: catalogProducts.id,
      title: catalogProducts.title,
      modelId: catalogProducts.modelId,
      priceKopecks: catalogProducts.priceKopecks,
      categorySlug: catalogProducts.categorySlug,
    })
    .from(catalogProducts)
    .where(
      and(
        eq(catalogProducts.vendorOrganizationId, vendor.id),
        eq(catalogProducts.status, 'published'),
        isNotNull(catalogProducts.modelId),
        isNotNull(catalogProducts.priceKopecks),
      ),
    )
    .orderBy(asc(catalogProducts.createdAt), asc(catalogProducts.id))
    .then((rows) => rows.filter((p) => !isAccessoryCategory(p.categorySlug)))
  const others = own.length
    ? await db
        .selectDistinct({ id: catalogProducts.vendorOrganizationId })
        .from(catalogProducts)
        .where(
          and(
            eq(catalogProducts.status, 'published'),
            ne(catalogProducts.vendorOrganizationId, vendor.id),
            inArray(
              catalogProducts.modelId,
              own.map((p) => p.modelId!),
            ),
          ),
        )
        .orderBy(catalogProducts.vendorOrganizationId)
    : []
  if (own.length < 3 || others.length < 3) return
  const sellerOf = (seller: 'demo' | number) => (seller === 'demo' ? vendor.id : others[seller]!.id)

  for (const demo of DEMO_PROCUREMENT) {
    const buyer = buyers[demo.buyer]!
    const contact = people.find((p) => p.id === buyer.createdByUserId)
    const items = demo.items.map((item, i) => {
      const product = item.product === undefined ? undefined : own[item.product]!
      return {
        position: i + 1,
        productId: product?.id ?? null,
        name: product?.title ?? item.name!,
        characteristics: item.characteristics ?? '',
        unit: item.unit,
        quantity: item.quantity,
        // A catalogue item's quoted prices are shares of the demo vendor's price.
        basePrice: product?.priceKopecks ?? null,
      }
    })
    const deadline =
      'daysFromToday' in demo.deadline
        ? addDays(moscowToday(), demo.deadline.daysFromToday)
        : moscowToday(at(demo.deadline.day, 18))
    const [{ n }] = rowsOf<{ n: string }>(await db.execute(sql`select nextval('procurement_numbers') as n`)) as [
      { n: string },
    ]
    const created = at(demo.createdDay, 10)
    const number = `KP-${moscowToday(created).slice(2, 4)}${moscowToday(created).slice(5, 7)}-${String(n).padStart(5, '0')}`
    const [request] = await db
      .insert(procurementRequests)
      .values({
        number,
        buyerOrganizationId: buyer.id,
        createdByUserId: buyer.createdByUserId,
        status: demo.status,
        title: demo.title,
        purpose: demo.purpose,
        region: demo.buyer === 'municipal' ? 'Краснодарский край' : 'Воронежская область',
        deliveryAddress:
          demo.buyer === 'municipal'
            ? 'г. Краснодар, ул. Красная, д. 122, склад'
            : 'Воронежская обл., Рамонский р-н, с. Ступино, ул. Полевая, д. 1',
        deliveryTerm: demo.deliveryTerm,
        paymentTerms: demo.paymentTerms,
        deadline,
        contactName: contact?.name ?? '',
        contactPhone: contact?.phone ?? '',
        comment: demo.comment ?? '',
        cancelReason: demo.cancelReason ?? null,
        sentAt: demo.sentDay === undefined ? null : at(demo.sentDay, 11),
        closedAt: demo.status === 'closed' ? at(demo.sentDay! + 11, 0) : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning()
    const itemRows = await db
      .insert(procurementItems)
      .values(items.map(({ basePrice: _, ...item }) => ({ ...item, requestId: request!.id })))
      .returning()
    const history: {
      event: string
      fromStatus: ProcurementStatus | null
      toStatus: ProcurementStatus
      createdAt: Date
    }[] = [{ event: 'create', fromStatus: null, toStatus: 'draft', createdAt: created }]
    if (demo.sentDay !== undefined)
      history.push({ event: 'send', fromStatus: 'draft', toStatus: 'sent', createdAt: at(demo.sentDay, 11) })
    if (demo.status === 'closed')
      history.push({ event: 'expire', fromStatus: 'sent', toStatus: 'closed', createdAt: at(demo.sentDay! + 11, 0) })
    if (demo.status === 'cancelled')
      history.push({
        event: 'cancel',
        fromStatus: 'sent',
        toStatus: 'cancelled',
        createdAt: at(demo.createdDay + 3, 9),
      })
    await db.insert(procurementRequestEvents).values(
      history.map((h) => ({
        ...h,
        requestId: request!.id,
        byUserId: h.event === 'expire' ? null : buyer.createdByUserId,
        comment: h.event === 'cancel' ? (demo.cancelReason ?? null) : null,
      })),
    )

    let answered = 0
    for (const [position, answer] of demo.recipients.entries()) {
      const sellerId = sellerOf(answer.seller)
      const isAnswered = answer.status === 'answered'
      if (isAnswered) answered += 1
      const [recipient] = await db
        .insert(procurementRecipients)
        .values({
          requestId: request!.id,
          sellerOrganizationId: sellerId,
          position: position + 1,
          status: answer.status,
          declineReason: answer.declineReason ?? null,
          answeredAt: answer.day === undefined ? null : at(answer.day, 15),
          offerNumber: isAnswered ? `${number}/${answered}` : null,
          deliveryTerm: isAnswered ? '20 рабочих дней с даты заключения договора' : null,
          validUntil: isAnswered ? addDays(moscowToday(), 30) : null,
          signatoryName: isAnswered
            ? answer.seller === 'demo'
              ? 'Громов Алексей Игоревич'
              : 'Лебедев Андрей Павлович'
            : null,
          signatoryPosition: isAnswered ? 'Генеральный директор' : null,
          comment: isAnswered ? 'Цена включает доставку до склада заказчика и пусконаладку.' : null,
          createdAt: created,
        })
        .returning()
      if (isAnswered) {
        await db.insert(procurementAnswerLines).values(
          itemRows.map((item, i) => {
            const given = answer.prices![i]!
            const base = items[i]!.basePrice
            // For a catalogue item a share of the demo vendor's price (0 means the price itself).
            const price = base !== null && given < 10 ? Math.round((base * (given || 1)) / 100) * 100 : given * 100
            return {
              recipientId: recipient!.id,
              itemId: item.id,
              unitPriceKopecks: price,
              vatRate: answer.vatRate ?? ('22' as const),
            }
          }),
        )
      }
      // A sent request opened a conversation between the buyer and each seller.
      if (demo.sentDay !== undefined) {
        const [room] = await db
          .insert(chatRooms)
          .values({
            type: 'request',
            sideA: buyer.id,
            sideB: sellerId,
            requestId: recipient!.id,
            requestTitle: `Запрос КП № ${number}: ${demo.title}`,
            openedBy: sellerId,
            createdAt: at(demo.sentDay, 11),
          })
          .returning({ id: chatRooms.id })
        await db
          .update(procurementRecipients)
          .set({ chatRoomId: room!.id })
          .where(eq(procurementRecipients.id, recipient!.id))
      }
    }
  }
}
