import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Licence, OfferContent } from '#common/exchange/offers.ts'
import type { DraftStatus } from '#common/products.ts'
import type { Db } from '../db/client.ts'
import { catalogProducts } from '../modules/catalog/catalog.table.ts'
import { publishedServiceOffers, serviceOfferEvents, serviceOffers } from '../modules/exchange/offers/offers.table.ts'
import { users } from '../modules/identity/identity.table.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import { sanitizeRichText } from '../text/sanitize.ts'
import { CATALOG_EPOCH } from './catalog/build.ts'
import { ACCOUNTS_VENDOR_SLUG, vendorOwnerEmail } from './catalog/vendors/index.ts'

const DAY = 86_400_000
const at = (daysAfterEpoch: number) => new Date(CATALOG_EPOCH + daysAfterEpoch * DAY)

const operator = (number: string, validUntil: string): Licence => ({
  title: 'Сертификат эксплуатанта',
  number,
  validUntil,
})

type DemoOffer = {
  key: string
  vendor: string
  status: DraftStatus
  day: number
  /** How many of the vendor's catalogue products the work is done with. */
  equipment: number
  comment?: string
} & Omit<OfferContent, 'equipmentProductIds' | 'description'> & { description: string }

/**
 * Believable offers of the demo vendors, published on the exchange, and the demo vendor's cabinet
 * in every state (on moderation, a draft, one sent back). Creation keys make a re-run add nothing.
 */
const DEMO_OFFERS: DemoOffer[] = [
  {
    key: 'demo:offer:kuban-survey',
    vendor: 'kuban-agroavia',
    status: 'approved',
    day: 30,
    equipment: 2,
    title: 'Аэрофотосъёмка полей в Краснодарском крае',
    type: 'aerial-survey',
    spheres: ['selskoe-khozyaistvo'],
    regions: ['23', '61', '01'],
    nationwide: false,
    priceFromKopecks: 350_00,
    priceUnit: 'hectare',
    description:
      '<p>Мультиспектральная и RGB-съёмка посевов с привязкой RTK. Выезд бригады в течение трёх дней после заявки.</p><ul><li>Ортофотоплан и карты NDVI в форматах GeoTIFF и SHP</li><li>Оценка всходов и выявление очагов болезней</li><li>Сезонные договоры на повторные облёты</li></ul><p>От 500 га — скидка.</p>',
    photos: [{ src: 'catalog/agro-field.svg', alt: 'Дрон над полем пшеницы' }],
    licences: [operator('СЭ-23-0148', '2027-06-30')],
  },
  {
    key: 'demo:offer:povolzhe-spraying',
    vendor: 'agrodron-povolzhe',
    status: 'approved',
    day: 32,
    equipment: 2,
    title: 'Агрохимическая обработка полей агродронами',
    type: 'agro-spraying',
    spheres: ['selskoe-khozyaistvo'],
    regions: ['63', '64', '73', '58', '16'],
    nationwide: false,
    priceFromKopecks: 450_00,
    priceUnit: 'hectare',
    description:
      '<p>Внесение СЗР и жидких удобрений агродронами с шириной захвата до 9 м. Работаем по полётному заданию из вашей карты полей.</p><ul><li>Производительность до 25 га в час на один дрон</li><li>Отчёт о внесении с треками и нормой расхода</li><li>Согласование полётов берём на себя</li></ul>',
    photos: [{ src: 'catalog/agro-top.svg', alt: 'Агродрон-опрыскиватель сверху' }],
    licences: [
      operator('СЭ-63-0217', '2027-03-31'),
      { title: 'Допуск к работе с пестицидами и агрохимикатами', number: 'ПА-0923/24', validUntil: '2026-12-31' },
    ],
  },
  {
    key: 'demo:offer:energo-lines',
    vendor: 'energodronservis',
    status: 'approved',
    day: 34,
    equipment: 1,
    title: 'Инспекция ЛЭП 35–500 кВ с тепловизором и лидаром',
    type: 'inspection',
    spheres: ['elektroenergetika'],
    regions: ['77', '50', '71', '62', '33', '40'],
    nationwide: false,
    priceFromKopecks: 4_500_00,
    priceUnit: 'km',
    description:
      '<p>Облёт воздушных линий с фото-, тепловизионной и лазерной съёмкой. Дефекты изоляторов, нагрев контактов, габариты до растительности.</p><ul><li>Отчёт по пролётам с координатами дефектов</li><li>Облако точек и профили трассы</li><li>Работа в охранных зонах по согласованию с сетевой компанией</li></ul>',
    photos: [{ src: 'catalog/quad-enterprise-powerline.svg', alt: 'Дрон у опоры ЛЭП' }],
    licences: [
      operator('СЭ-77-0532', '2027-09-30'),
      { title: 'Допуск СРО на инженерные изыскания', number: 'СРО-И-037-1154', validUntil: null },
    ],
  },
  {
    key: 'demo:offer:prominspekt-thermal',
    vendor: 'prominspekt-dron',
    status: 'approved',
    day: 36,
    equipment: 1,
    title: 'Тепловизионный мониторинг промышленных объектов',
    type: 'monitoring',
    spheres: ['infrastruktura-i-zhkh', 'dobycha-poleznykh-iskopayemykh'],
    regions: [],
    nationwide: true,
    priceFromKopecks: 25_000_00,
    priceUnit: 'object',
    description:
      '<p>Тепловизионное обследование кровель, теплотрасс, резервуаров и дымовых труб без остановки производства.</p><ul><li>Радиометрические снимки и термограммы</li><li>Заключение с перечнем теплопотерь и рекомендациями</li></ul>',
    photos: [{ src: 'catalog/quad-enterprise-construction.svg', alt: 'Дрон над промышленной площадкой' }],
    licences: [operator('СЭ-66-0311', '2026-11-30')],
  },
  {
    key: 'demo:offer:aerotekh-training',
    vendor: ACCOUNTS_VENDOR_SLUG,
    status: 'approved',
    day: 38,
    equipment: 2,
    title: 'Обучение внешних пилотов БВС с практикой на полигоне',
    type: 'pilot-training',
    spheres: ['nauka-i-obrazovanie', 'selskoe-khozyaistvo', 'stroitelstvo'],
    regions: ['77', '50'],
    nationwide: false,
    priceFromKopecks: 3_500_00,
    priceUnit: 'hour',
    description:
      '<p>Подготовка пилотов мультироторных и самолётных БВС: теория, воздушное право, практика на полигоне в Подмосковье.</p><ul><li>Группы до 6 человек или индивидуально</li><li>Полёты на технике заказчика или нашей</li><li>Удостоверение о повышении квалификации</li></ul>',
    photos: [{ src: 'catalog/edu-classroom.svg', alt: 'Занятие в учебном классе' }],
    licences: [
      { title: 'Лицензия на образовательную деятельность', number: 'Л035-01298-77/00654321', validUntil: null },
    ],
  },
  {
    key: 'demo:offer:aerotekh-repair',
    vendor: ACCOUNTS_VENDOR_SLUG,
    status: 'approved',
    day: 39,
    equipment: 1,
    title: 'Ремонт и техническое обслуживание дронов',
    type: 'repair',
    spheres: ['selskoe-khozyaistvo', 'stroitelstvo', 'elektroenergetika'],
    regions: [],
    nationwide: true,
    priceFromKopecks: null,
    priceUnit: 'project',
    description:
      '<p>Диагностика, ремонт после аварий, замена моторов и полётных контроллеров, калибровка камер и RTK. Принимаем технику со всей России транспортной компанией.</p><ul><li>Бесплатная диагностика при ремонте у нас</li><li>Гарантия на работы 6 месяцев</li></ul>',
    photos: [{ src: 'catalog/kit-case.svg', alt: 'Кейс с дроном и запчастями' }],
    licences: [],
  },
  {
    key: 'demo:offer:sibaerogeo-cadastre',
    vendor: 'sibaerogeo',
    status: 'approved',
    day: 40,
    equipment: 1,
    title: 'Аэрофотосъёмка и ортофотопланы для кадастра',
    type: 'aerial-survey',
    spheres: ['stroitelstvo', 'infrastruktura-i-zhkh'],
    regions: ['54', '42', '22', '70'],
    nationwide: false,
    priceFromKopecks: 1_200_00,
    priceUnit: 'hectare',
    description:
      '<p>Съёмка населённых пунктов и земельных участков для кадастровых работ и генпланов. Точность 3–5 см с наземными опорными точками.</p><ul><li>Ортофотоплан, ЦМР, топоплан 1:500</li><li>Сдача в МСК региона</li></ul>',
    photos: [{ src: 'catalog/flying-wing-map.svg', alt: 'Летающее крыло над картой' }],
    licences: [
      operator('СЭ-54-0190', '2027-04-30'),
      { title: 'Допуск СРО на инженерные изыскания', number: 'СРО-И-018-2204', validUntil: null },
    ],
  },
  {
    key: 'demo:offer:spastekh-search',
    vendor: 'spastekhdron',
    status: 'approved',
    day: 41,
    equipment: 1,
    title: 'Поиск людей с тепловизором при ЧС',
    type: 'search-rescue',
    spheres: ['chs-i-bezopasnost'],
    regions: ['66', '74', '59', '45'],
    nationwide: false,
    priceFromKopecks: null,
    priceUnit: 'hour',
    description:
      '<p>Круглосуточный выезд расчёта с тепловизионными дронами для поиска людей в лесу и на воде, обследования зон подтоплений и пожаров. Работаем во взаимодействии с МЧС и поисковыми отрядами.</p>',
    photos: [{ src: 'catalog/quad-compact-night.svg', alt: 'Дрон с тепловизором ночью' }],
    licences: [operator('СЭ-66-0402', '2027-01-31')],
  },
  {
    key: 'demo:offer:gornyy-mining',
    vendor: 'gornyy-aeromonitoring',
    status: 'approved',
    day: 42,
    equipment: 1,
    title: 'Маркшейдерская съёмка карьеров и складов',
    type: 'aerial-survey',
    spheres: ['dobycha-poleznykh-iskopayemykh'],
    regions: ['66', '42', '74', '38'],
    nationwide: false,
    priceFromKopecks: 2_500_00,
    priceUnit: 'hectare',
    description:
      '<p>Съёмка горных выработок и подсчёт объёмов складов сыпучих материалов. Отчёты для маркшейдерской службы.</p><ul><li>Объёмы с точностью до 1–2 %</li><li>Еженедельные или ежемесячные облёты по договору</li></ul>',
    photos: [{ src: 'catalog/fixed-wing-sky.svg', alt: 'Самолётный дрон в небе' }],
    licences: [operator('СЭ-66-0277', '2026-10-31')],
  },
  // The demo vendor's cabinet in the other states.
  {
    key: 'demo:offer:aerotekh-construction',
    vendor: ACCOUNTS_VENDOR_SLUG,
    status: 'moderation',
    day: 44,
    equipment: 1,
    title: 'Мониторинг строительства: еженедельные облёты',
    type: 'monitoring',
    spheres: ['stroitelstvo'],
    regions: ['77', '50'],
    nationwide: false,
    priceFromKopecks: 18_000_00,
    priceUnit: 'object',
    description:
      '<p>Регулярные облёты стройплощадки: фотоотчёт, сравнение с графиком, объёмы земляных работ.</p><ul><li>Личный кабинет с архивом съёмок</li><li>Отчёт к планёрке в понедельник</li></ul>',
    photos: [{ src: 'catalog/quad-enterprise-construction.svg', alt: 'Дрон над стройплощадкой' }],
    licences: [operator('СЭ-77-0611', '2027-08-31')],
  },
  {
    key: 'demo:offer:aerotekh-delivery',
    vendor: ACCOUNTS_VENDOR_SLUG,
    status: 'draft',
    day: 45,
    equipment: 0,
    title: 'Доставка грузов дронами по территории предприятия',
    type: 'delivery',
    spheres: ['transport'],
    regions: [],
    nationwide: false,
    priceFromKopecks: null,
    priceUnit: 'km',
    description: '',
    photos: [],
    licences: [],
  },
  {
    key: 'demo:offer:aerotekh-forest',
    vendor: ACCOUNTS_VENDOR_SLUG,
    status: 'needFixes',
    day: 43,
    equipment: 1,
    title: 'Картографирование лесных участков',
    type: 'aerial-survey',
    spheres: ['lesnoe-khozyaistvo'],
    regions: ['35', '29'],
    nationwide: false,
    priceFromKopecks: 600_00,
    priceUnit: 'hectare',
    description: '<p>Съёмка лесных участков для таксации и отвода лесосек.</p>',
    photos: [{ src: 'catalog/fixed-wing-forest.svg', alt: 'Самолётный дрон над лесом' }],
    licences: [{ title: 'Сертификат эксплуатанта', number: 'б/н', validUntil: null }],
    comment:
      'Укажите номер сертификата эксплуатанта и опишите, что получит заказчик: формат материалов, точность, сроки.',
  },
]

/** The moves each demo status went through, in order. */
const PATHS: Record<DraftStatus, { event: string; from: DraftStatus | null; to: DraftStatus; staff?: true }[]> = {
  draft: [{ event: 'create', from: null, to: 'draft' }],
  moderation: [
    { event: 'create', from: null, to: 'draft' },
    { event: 'submit', from: 'draft', to: 'moderation' },
  ],
  needFixes: [
    { event: 'create', from: null, to: 'draft' },
    { event: 'submit', from: 'draft', to: 'moderation' },
    { event: 'requestFixes', from: 'moderation', to: 'needFixes', staff: true },
  ],
  approved: [
    { event: 'create', from: null, to: 'draft' },
    { event: 'submit', from: 'draft', to: 'moderation' },
    { event: 'approve', from: 'moderation', to: 'approved', staff: true },
  ],
}

export async function seedExchangeOffers(db: Db): Promise<void> {
  const slugs = [...new Set(DEMO_OFFERS.map((o) => o.vendor))]
  const orgs = await db
    .select({ id: organizations.id, slug: organizations.slug, name: organizations.shortName })
    .from(organizations)
    .where(inArray(organizations.slug, slugs))
  const bySlug = new Map(orgs.map((o) => [o.slug, o]))
  const emails = [
    'vendor@example.com',
    'staff@example.com',
    ...slugs.filter((s) => s !== ACCOUNTS_VENDOR_SLUG).map(vendorOwnerEmail),
  ]
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
  const userOf = (email: string) => people.find((p) => p.email === email)?.id ?? null
  const staffId = userOf('staff@example.com')

  for (const demo of DEMO_OFFERS) {
    const org = bySlug.get(demo.vendor)
    if (!org) continue
    const authorId = userOf(demo.vendor === ACCOUNTS_VENDOR_SLUG ? 'vendor@example.com' : vendorOwnerEmail(demo.vendor))
    const equipment = demo.equipment
      ? await db
          .select({ id: catalogProducts.id })
          .from(catalogProducts)
          .where(and(eq(catalogProducts.vendorOrganizationId, org.id), eq(catalogProducts.status, 'published')))
          .orderBy(asc(catalogProducts.slug))
          .limit(demo.equipment)
      : []
    const { key, vendor: _vendor, status, day, equipment: _count, comment, ...content } = demo
    const values = {
      ...content,
      description: sanitizeRichText(content.description),
      equipmentProductIds: equipment.map((e) => e.id),
    }
    const published = status === 'approved'
    const [row] = await db
      .insert(serviceOffers)
      .values({
        ...values,
        organizationId: org.id,
        status,
        published,
        staffComment: comment ?? null,
        creationKey: key,
        createdByUserId: authorId,
        createdAt: at(day),
        updatedAt: at(day + 1),
        submittedAt: status === 'draft' ? null : at(day + 1),
      })
      .onConflictDoNothing()
      .returning({ id: serviceOffers.id })
    if (!row) continue
    await db.insert(serviceOfferEvents).values(
      PATHS[status].map((move, i) => ({
        offerId: row.id,
        event: move.event,
        fromStatus: move.from,
        toStatus: move.to,
        byUserId: move.staff ? staffId : authorId,
        comment: move.staff ? (comment ?? null) : null,
        createdAt: at(day + i),
      })),
    )
    if (published) {
      await db
        .insert(publishedServiceOffers)
        .values({
          id: row.id,
          organizationId: org.id,
          sellerName: org.name,
          sellerSlug: org.slug,
          ...values,
          publishedAt: at(day + 2),
        })
        .onConflictDoNothing()
    }
  }
}
