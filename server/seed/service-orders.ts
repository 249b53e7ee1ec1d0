import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FlightDetails } from '#common/exchange/requests.ts'
import type { ServiceOrderSide, ServiceOrderStatus, ServiceResult } from '#common/exchange/service-orders.ts'
import { formatRequestNumber, formatServiceOrderNumber, type ServiceType } from '#common/exchange/services.ts'
import type { Db } from '../db/client.ts'
import { chatMessages, chatReads, chatRooms } from '../modules/chat/chat.table.ts'
import { serviceProposalEvents, serviceProposals } from '../modules/exchange/proposals/proposals.table.ts'
import { serviceRequestEvents, serviceRequests } from '../modules/exchange/requests/requests.table.ts'
import {
  serviceOrderEvents,
  serviceOrders,
  serviceReviews,
} from '../modules/exchange/service-orders/service-orders.table.ts'
import { users } from '../modules/identity/identity.table.ts'
import { serviceOrderNews } from '../modules/notifications/index.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import { partyDirectory } from '../modules/organizations/party-directory.ts'
import { CATALOG_EPOCH } from './catalog/build.ts'
import { ACCOUNTS_VENDOR_SLUG } from './catalog/vendors/index.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** Days after the catalogue's epoch at office hours (UTC+3), like the other demo data. */
const at = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return new Date(CATALOG_EPOCH + day * DAY + (h - 3) * 60 * MINUTE + m * MINUTE)
}
const isoDay = (day: number) => new Date(CATALOG_EPOCH + day * DAY).toISOString().slice(0, 10)

const BUYER = { email: 'buyer@example.com', slug: 'agrokholding-zarya' }
const VENDOR_EMAIL = 'vendor@example.com'

type Move = 'start' | 'submitResult' | 'accept' | 'requestRework' | 'cancel'
type Step = [event: Move, by: 'customer' | 'contractor', day: number, time: string, text?: string]

const TARGET: Record<Move, ServiceOrderStatus> = {
  start: 'in_progress',
  submitResult: 'done',
  accept: 'completed',
  requestRework: 'in_progress',
  cancel: 'cancelled',
}

interface DemoServiceOrder {
  /** The request's creation key: fixed, so a re-run finds the order instead of making it again. */
  key: string
  type: ServiceType
  title: string
  description: string
  region: string
  address: string
  volume: number
  volumeUnit: 'hectares' | 'km' | 'objects'
  budgetKopecks: number | null
  priceKopecks: number
  /** Days after the epoch: request published, proposal sent, proposal accepted (the order). */
  days: [published: number, proposed: number, accepted: number]
  /** The work's dates, in days after the epoch. */
  work: [number, number]
  terms: string
  message: string
  flight: FlightDetails
  steps: Step[]
  reviews?: { side: ServiceOrderSide; rating: number; text: string; day: number }[]
}

/** «Агрохолдинг Заря» orders drone work from «АэроТех Системы»: an order in each state of its life. */
const ORDERS: DemoServiceOrder[] = [
  {
    key: 'demo-service-order-1',
    type: 'aerial-survey',
    title: 'Аэрофотосъёмка 450 га полей для агроаудита',
    description:
      'Нужен ортофотоплан пяти полей севооборота с разрешением не хуже 5 см/пиксель и цифровая модель рельефа для проектирования дренажа.',
    region: '36',
    address: 'Воронежская область, Острогожский район, с. Гнилое',
    volume: 450,
    volumeUnit: 'hectares',
    budgetKopecks: 300_000_00,
    priceKopecks: 247_500_00,
    days: [15, 16, 22],
    work: [30, 36],
    terms: 'Съёмка в два вылета, обработка в Agisoft Metashape, сдача ортофотоплана GeoTIFF и ЦМР за 5 рабочих дней.',
    message: 'Выполним съёмку сертифицированным экипажем на Геоскан 201, опыт агросъёмки — 6 сезонов.',
    flight: { maxAltitudeM: 250, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' },
    steps: [],
  },
  {
    key: 'demo-service-order-2',
    type: 'agro-spraying',
    title: 'Обработка 120 га озимой пшеницы фунгицидом',
    description: 'Фунгицидная обработка по листу, препарат заказчика, норма расхода 10 л/га рабочего раствора.',
    region: '36',
    address: 'Воронежская область, Лискинский район, поле № 7',
    volume: 120,
    volumeUnit: 'hectares',
    budgetKopecks: null,
    priceKopecks: 84_000_00,
    days: [8, 9, 12],
    work: [20, 27],
    terms: 'Два агродрона, собственная заправочная станция, работа в утренние и вечерние часы при ветре до 5 м/с.',
    message: 'Можем приступить в течение суток после подтверждения погоды.',
    flight: { maxAltitudeM: 30, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' },
    steps: [['start', 'contractor', 20, '06:40']],
  },
  {
    key: 'demo-service-order-3',
    type: 'inspection',
    title: 'Тепловизионное обследование ВЛ 35 кВ, 18 км',
    description: 'Обследование линии электропередачи с тепловизором и фотофиксацией опор для планового ремонта.',
    region: '36',
    address: 'Воронежская область, Каширский район, ВЛ 35 кВ «Заря — Каширская»',
    volume: 18,
    volumeUnit: 'km',
    budgetKopecks: 150_000_00,
    priceKopecks: 126_000_00,
    days: [3, 4, 6],
    work: [10, 16],
    terms: 'Облёт с тепловизором DJI Zenmuse H20T, отчёт с дефектной ведомостью по каждой опоре.',
    message: 'Подготовим дефектную ведомость в формате, принятом в вашей сетевой компании.',
    flight: { maxAltitudeM: 120, controlledAirspace: true, restrictedZone: false, permissionBy: 'customer' },
    steps: [
      ['start', 'contractor', 10, '08:15'],
      [
        'submitResult',
        'contractor',
        16,
        '17:30',
        'Облетели 18,2 км линии, 94 опоры. Нагрев выше нормы — на трёх соединениях (опоры 27, 41, 66), сколы изоляторов — на опорах 12 и 58, на опоре 80 — птичье гнездо в опасной близости от провода. Полная дефектная ведомость со снимками отправлена в переписке; термограммы и фото по каждой опоре передадим на носителе.',
      ],
    ],
  },
  {
    key: 'demo-service-order-4',
    type: 'monitoring',
    title: 'NDVI-мониторинг посевов подсолнечника, 300 га',
    description: 'Мультиспектральная съёмка в фазе 6–8 листьев, карты NDVI и зоны для дифференцированной подкормки.',
    region: '36',
    address: 'Воронежская область, Острогожский район, поля 3, 4 и 9',
    volume: 300,
    volumeUnit: 'hectares',
    budgetKopecks: 120_000_00,
    priceKopecks: 96_000_00,
    days: [1, 2, 3],
    work: [4, 12],
    terms: 'Съёмка мультиспектральной камерой, карты NDVI и файлы заданий для техники в формате ISOXML.',
    message: 'Карты передадим в течение трёх дней после съёмки.',
    flight: { maxAltitudeM: 150, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' },
    steps: [
      ['start', 'contractor', 4, '07:30'],
      ['submitResult', 'contractor', 7, '18:10', 'Сняли все три поля, карты NDVI и зоны подкормки — в отчёте.'],
      [
        'requestRework',
        'customer',
        8,
        '10:05',
        'Для поля 9 нет файла задания в ISOXML, а зоны на поле 4 нарезаны слишком мелко для нашего разбрасывателя (ширина 24 м).',
      ],
      [
        'submitResult',
        'contractor',
        9,
        '16:45',
        'Добавили задание ISOXML для поля 9, зоны на поле 4 укрупнили под ширину захвата 24 м. Средний NDVI: поле 3 — 0,71, поле 4 — 0,64, поле 9 — 0,68.',
      ],
      ['accept', 'customer', 10, '09:20'],
    ],
    reviews: [
      {
        side: 'purchase',
        rating: 5,
        text: 'Съёмка в срок, карты понятные. По нашему замечанию доработали за день, задания загрузились в технику без ошибок.',
        day: 10,
      },
      {
        side: 'sale',
        rating: 5,
        text: 'Заказчик заранее согласовал доступ на поля и быстро проверил результат. Приятно работать.',
        day: 11,
      },
    ],
  },
  {
    key: 'demo-service-order-5',
    type: 'aerial-survey',
    title: 'Съёмка 40 га под межевание участка',
    description: 'Аэрофотосъёмка с опорными точками для кадастрового инженера.',
    region: '36',
    address: 'Воронежская область, Рамонский район, с. Ямное',
    volume: 40,
    volumeUnit: 'hectares',
    budgetKopecks: 45_000_00,
    priceKopecks: 38_000_00,
    days: [5, 6, 7],
    work: [13, 14],
    terms: 'Съёмка с RTK и шестью опорными точками, ортофотоплан и облако точек.',
    message: 'Сделаем за один выезд.',
    flight: { maxAltitudeM: 120, controlledAirspace: true, restrictedZone: true, permissionBy: 'customer' },
    steps: [
      [
        'cancel',
        'customer',
        9,
        '11:50',
        'Участок не попадает в разрешённую зону полётов: аэропорт не согласовал съёмку на нужные даты. Вернёмся к заявке весной.',
      ],
    ],
  },
]

/**
 * Service orders between the demo buyer and the demo vendor in each state, each with its request,
 * the accepted proposal, the room between the two (as the chat's `openRequestRoom` opens it) with
 * the moves' system messages, and both reviews of the completed one.
 */
export async function seedServiceOrders(db: Db): Promise<void> {
  const [buyerUser] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, BUYER.email))
  const [vendorUser] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, VENDOR_EMAIL))
  const orgs = await db
    .select({ id: organizations.id, slug: organizations.slug })
    .from(organizations)
    .where(inArray(organizations.slug, [BUYER.slug, ACCOUNTS_VENDOR_SLUG]))
  const buyerOrg = orgs.find((o) => o.slug === BUYER.slug)
  const vendorOrg = orgs.find((o) => o.slug === ACCOUNTS_VENDOR_SLUG)
  if (!buyerUser || !vendorUser || !buyerOrg || !vendorOrg) return
  const parties = await partyDirectory.describeParties(db, [buyerOrg.id, vendorOrg.id])
  const customer = parties.get(buyerOrg.id)
  const contractor = parties.get(vendorOrg.id)
  if (!customer || !contractor) return

  for (const demo of ORDERS) {
    const [existing] = await db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(and(eq(serviceRequests.organizationId, buyerOrg.id), eq(serviceRequests.creationKey, demo.key)))
    if (existing) continue
    const [published, proposed, accepted] = demo.days.map((d) => at(d, '10:00')) as [Date, Date, Date]
    const requestNumber = formatRequestNumber(published, await nextOf(db, 'service_request_numbers'))
    const [request] = await db
      .insert(serviceRequests)
      .values({
        number: requestNumber,
        status: 'awarded',
        organizationId: buyerOrg.id,
        customer,
        createdByUserId: buyerUser.id,
        type: demo.type,
        sphere: demo.type === 'inspection' ? 'elektroenergetika' : 'selskoe-khozyaistvo',
        title: demo.title,
        description: demo.description,
        region: demo.region,
        address: demo.address,
        startsOn: isoDay(demo.work[0]),
        endsOn: isoDay(demo.work[1]),
        volume: demo.volume,
        volumeUnit: demo.volumeUnit,
        budgetKopecks: demo.budgetKopecks,
        flight: demo.flight,
        proposalsDeadline: isoDay(demo.days[2]),
        proposalCount: 1,
        creationKey: demo.key,
        publishedAt: published,
        createdAt: published,
        updatedAt: accepted,
      })
      .returning()
    await db.insert(serviceRequestEvents).values([
      {
        requestId: request!.id,
        event: 'publish',
        fromStatus: 'draft',
        toStatus: 'open',
        byUserId: buyerUser.id,
        createdAt: published,
      },
      {
        requestId: request!.id,
        event: 'award',
        fromStatus: 'open',
        toStatus: 'awarded',
        byUserId: buyerUser.id,
        createdAt: accepted,
      },
    ])

    // The room the proposal opened, named after the request.
    const [room] = await db
      .insert(chatRooms)
      .values({
        type: 'request',
        sideA: buyerOrg.id,
        sideB: vendorOrg.id,
        requestId: request!.id,
        requestTitle: `Заявка № ${requestNumber}: ${demo.title}`,
        openedBy: vendorOrg.id,
        createdAt: proposed,
      })
      .returning({ id: chatRooms.id })

    const [proposal] = await db
      .insert(serviceProposals)
      .values({
        requestId: request!.id,
        organizationId: vendorOrg.id,
        vendor: contractor,
        createdByUserId: vendorUser.id,
        status: 'accepted',
        priceKopecks: demo.priceKopecks,
        startsOn: isoDay(demo.work[0]),
        endsOn: isoDay(demo.work[1]),
        terms: demo.terms,
        message: demo.message,
        chatRoomId: room!.id,
        createdAt: proposed,
        updatedAt: accepted,
      })
      .returning()
    await db.insert(serviceProposalEvents).values([
      {
        proposalId: proposal!.id,
        event: 'submit',
        fromStatus: null,
        toStatus: 'reviewing',
        byUserId: vendorUser.id,
        createdAt: proposed,
      },
      {
        proposalId: proposal!.id,
        event: 'accept',
        fromStatus: 'reviewing',
        toStatus: 'accepted',
        byUserId: buyerUser.id,
        createdAt: accepted,
      },
    ])

    // The order, where its steps lead, with the result's versions and the history.
    let status: ServiceOrderStatus = 'created'
    let result: ServiceResult | null = null
    let reworkComment: string | null = null
    let cancelReason: string | null = null
    for (const [event, , day, time, text] of demo.steps) {
      status = TARGET[event]
      if (event === 'submitResult') {
        const submission = { report: text ?? '', files: [], submittedAt: at(day, time).toISOString() }
        result = {
          ...submission,
          earlier: result
            ? [...result.earlier, { report: result.report, files: result.files, submittedAt: result.submittedAt }]
            : [],
        }
        reworkComment = null
      }
      if (event === 'requestRework') reworkComment = text ?? null
      if (event === 'cancel') cancelReason = text ?? null
    }
    const lastStep = demo.steps.at(-1)
    const [order] = await db
      .insert(serviceOrders)
      .values({
        number: formatServiceOrderNumber(accepted, await nextOf(db, 'service_order_numbers')),
        status,
        requestId: request!.id,
        proposalId: proposal!.id,
        customerOrganizationId: buyerOrg.id,
        contractorOrganizationId: vendorOrg.id,
        customer,
        contractor,
        type: demo.type,
        title: demo.title,
        priceKopecks: demo.priceKopecks,
        startsOn: isoDay(demo.work[0]),
        endsOn: isoDay(demo.work[1]),
        terms: demo.terms,
        flight: demo.flight,
        result,
        reworkComment,
        cancelReason,
        chatRoomId: room!.id,
        createdAt: accepted,
        updatedAt: lastStep ? at(lastStep[2], lastStep[3]) : accepted,
      })
      .returning()
    const userOf = (by: 'customer' | 'contractor') => (by === 'customer' ? buyerUser.id : vendorUser.id)
    let from: ServiceOrderStatus = 'created'
    const history: (typeof serviceOrderEvents.$inferInsert)[] = [
      {
        orderId: order!.id,
        event: 'create.customer',
        fromStatus: null,
        toStatus: 'created',
        byUserId: buyerUser.id,
        comment: null,
        createdAt: accepted,
      },
    ]
    for (const [event, by, day, time, text] of demo.steps) {
      const to = TARGET[event]
      history.push({
        orderId: order!.id,
        event: `${event}.${by}`,
        fromStatus: from,
        toStatus: to,
        byUserId: userOf(by),
        comment: event === 'requestRework' || event === 'cancel' ? (text ?? null) : null,
        createdAt: at(day, time),
      })
      from = to
    }
    await db.insert(serviceOrderEvents).values(history)

    // The room: the proposal's message, a question, then the platform's note of each move.
    const lines: { author: 'customer' | 'contractor' | null; content: string; createdAt: Date }[] = [
      { author: 'contractor', content: demo.message, createdAt: proposed },
      {
        author: 'customer',
        content: 'Спасибо! Подтвердите, пожалуйста, что экипаж сможет приехать в указанные даты.',
        createdAt: new Date(proposed.getTime() + 2 * 60 * MINUTE),
      },
      {
        author: 'contractor',
        content: 'Да, даты держим за вами.',
        createdAt: new Date(proposed.getTime() + 3 * 60 * MINUTE),
      },
      ...demo.steps.map(([event, by, day, time, text]) => ({
        author: null,
        content: serviceOrderNews(order!.number, event, by, event === 'submitResult' ? null : (text ?? null)),
        createdAt: at(day, time),
      })),
    ]
    await db.insert(chatMessages).values(
      lines.map((line, i) => ({
        roomId: room!.id,
        seq: i + 1,
        clientId: null,
        authorUserId: line.author ? userOf(line.author) : null,
        authorOrganizationId:
          line.author === 'customer' ? buyerOrg.id : line.author === 'contractor' ? vendorOrg.id : null,
        content: line.content,
        files: [],
        isSystem: line.author === null,
        createdAt: line.createdAt,
      })),
    )
    await db
      .update(chatRooms)
      .set({ lastSeq: lines.length, lastMessageAt: lines.at(-1)!.createdAt })
      .where(eq(chatRooms.id, room!.id))
    // Both sides have followed their order: its room holds nothing unread.
    await db.insert(chatReads).values(
      (['customer', 'contractor'] as const).map((side) => ({
        roomId: room!.id,
        userId: userOf(side),
        organizationId: side === 'customer' ? buyerOrg.id : vendorOrg.id,
        lastReadSeq: lines.length,
        updatedAt: lines.at(-1)!.createdAt,
      })),
    )

    for (const review of demo.reviews ?? []) {
      const byCustomer = review.side === 'purchase'
      await db.insert(serviceReviews).values({
        orderId: order!.id,
        orderNumber: order!.number,
        side: review.side,
        authorOrganizationId: byCustomer ? buyerOrg.id : vendorOrg.id,
        authorUserId: byCustomer ? buyerUser.id : vendorUser.id,
        authorName: byCustomer ? buyerUser.name : vendorUser.name,
        authorOrganizationName: byCustomer ? customer.name : contractor.name,
        subjectOrganizationId: byCustomer ? vendorOrg.id : buyerOrg.id,
        serviceType: demo.type,
        rating: review.rating,
        text: review.text,
        createdAt: at(review.day, '12:00'),
      })
    }
  }
}

async function nextOf(db: Db, sequence: 'service_request_numbers' | 'service_order_numbers'): Promise<number> {
  const result = (await db.execute(sql`select nextval(${sql.raw(`'${sequence}'`)})::int as next`)) as unknown as {
    rows: { next: number }[]
  }
  return Number(result.rows[0]!.next)
}
