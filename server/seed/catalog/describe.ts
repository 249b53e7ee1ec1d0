import { NAVIGATION_SYSTEMS } from '#common/catalog/attributes.ts'
import type { SphereSlug } from '#common/spheres.ts'
import type { CountryCode, LeafCategory, Navigation, Performance } from './types.ts'

/** Deterministic 32-bit FNV-1a: the same product gets the same wording on every run. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export function pickBy<T>(items: readonly T[], h: number): T {
  return items[h % items.length]!
}

/** «для …» of each sphere. */
const AREA_FOR: Record<SphereSlug, string> = {
  transport: 'транспорта и логистики',
  'selskoe-khozyaistvo': 'сельского хозяйства',
  'lesnoe-khozyaistvo': 'лесного хозяйства',
  'atomnaya-promyshlennost': 'атомной отрасли',
  'dobycha-poleznykh-iskopayemykh': 'горнодобывающих предприятий',
  elektroenergetika: 'электросетевых компаний',
  stroitelstvo: 'строительства',
  'meditsina-i-zdravoohranenie': 'медицины и здравоохранения',
  'chs-i-bezopasnost': 'служб ЧС и безопасности',
  'infrastruktura-i-zhkh': 'ЖКХ и городской инфраструктуры',
  ekologiya: 'экологического мониторинга',
  'nauka-i-obrazovanie': 'науки и образования',
}

/** What the sphere does with such a drone; two wordings each. */
const AREA_USE: Record<SphereSlug, readonly string[]> = {
  transport: [
    'В транспортной отрасли его применяют для обследования мостов, путепроводов и контроля дорожного движения.',
    'Логистические компании используют его для доставки небольших грузов между площадками и осмотра транспортных коридоров.',
  ],
  'selskoe-khozyaistvo': [
    'Агрономы используют его для контроля всходов, оценки состояния посевов и точного внесения средств защиты растений.',
    'В хозяйствах он сокращает время обследования полей и помогает планировать дифференцированное внесение удобрений.',
  ],
  'lesnoe-khozyaistvo': [
    'Лесничества применяют его для учёта лесного фонда, поиска очагов вредителей и раннего обнаружения пожаров.',
    'Над лесными массивами он помогает выявлять незаконные рубки и оценивать последствия ветровалов.',
  ],
  'atomnaya-promyshlennost': [
    'На объектах атомной энергетики он позволяет обследовать оборудование и территорию без лишней дозовой нагрузки на персонал.',
    'Предприятия атомной отрасли используют его для радиационного контроля площадок и инспекции труднодоступных конструкций.',
  ],
  'dobycha-poleznykh-iskopayemykh': [
    'Маркшейдеры применяют его для съёмки карьеров, подсчёта объёмов отвалов и контроля бортов уступов.',
    'На месторождениях он ускоряет обследование площадок, трубопроводов и хвостохранилищ.',
  ],
  elektroenergetika: [
    'Сетевые компании используют его для облёта ВЛ, поиска перегретых контактов и контроля просек.',
    'На подстанциях и линиях электропередачи он выявляет дефекты изоляторов и провода без отключения потребителей.',
  ],
  stroitelstvo: [
    'На стройплощадке он фиксирует ход работ, помогает считать объёмы земляных масс и сверять исполнительную съёмку с проектом.',
    'Застройщики применяют его для топографической съёмки участка и регулярного контроля строительства.',
  ],
  'meditsina-i-zdravoohranenie': [
    'Медицинские организации используют его для срочной доставки анализов, препаратов и донорской крови между учреждениями.',
    'В удалённых районах он сокращает время доставки лекарств и медицинских изделий до фельдшерских пунктов.',
  ],
  'chs-i-bezopasnost': [
    'Спасатели применяют его для поиска людей, разведки зон пожаров и паводков и координации работ на месте происшествия.',
    'Службы безопасности используют его для патрулирования периметров и контроля массовых мероприятий.',
  ],
  'infrastruktura-i-zhkh': [
    'Коммунальные службы используют его для осмотра кровель, теплотрасс и фасадов, а также поиска утечек тепла.',
    'В городском хозяйстве он помогает инвентаризировать объекты и контролировать состояние сетей.',
  ],
  ekologiya: [
    'Экологи применяют его для мониторинга водоёмов, свалок и промышленных выбросов.',
    'Природоохранные службы используют его для учёта животных и контроля особо охраняемых территорий.',
  ],
  'nauka-i-obrazovanie': [
    'Учебные заведения и научные группы используют его в исследованиях и на практических занятиях по беспилотной авиации.',
    'В вузах и центрах дополнительного образования на нём учат программированию полётов и обработке данных.',
  ],
}

const KIND: Record<LeafCategory, string> = {
  multirotornye: '',
  'samoletnogo-tipa': 'беспилотник самолётного типа',
  vtol: 'гибридный беспилотник с вертикальным взлётом',
  'vertoletnogo-tipa': 'беспилотный вертолёт',
}

const SELLER_NOTES = [
  'Продавец проводит пусконаладку и вводный инструктаж операторов.',
  'Гарантия производителя — 12 месяцев, сервис и запчасти предоставляет продавец.',
  'Возможна поставка в лизинг; документы для бухгалтерии — с НДС.',
  'По запросу продавец организует демонстрационный полёт на объекте заказчика.',
  'Продавец поможет поставить беспилотник на учёт и подготовить документы для полётов.',
  'Перед отгрузкой комплект проходит проверку и калибровку в сервисном центре продавца.',
] as const

const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 })

/** «1,5», «−20», «2 350»: ru-RU numbers; the common small ones without Intl, which is slow in bulk. */
function num(value: number): string {
  if (Math.abs(value) >= 10_000) return numberFormat.format(value).replace('-', '−')
  const text = String(Math.round(value * 100) / 100)
  return text.replace('.', ',').replace('-', '−')
}

function duration(minutes: number): string {
  return minutes >= 120 && minutes % 60 === 0 ? `${minutes / 60} ч` : `${num(minutes)} мин`
}

/** «GPS, ГЛОНАСС и визуальная»; «по камерам и датчикам, без спутников» for visual only. */
function navigationText(navigation: readonly Navigation[]): string {
  const satellites = navigation
    .filter((n) => n !== 'rtk' && n !== 'ppk' && n !== 'visual')
    .map((n) => NAVIGATION_SYSTEMS.find((o) => o.value === n)!.label)
  const visual = navigation.includes('visual')
  if (satellites.length === 0) return 'по камерам и датчикам, без спутников'
  return visual ? `${satellites.join(', ')} и визуальная` : satellites.join(', ')
}

/** «DJI Agras T25, агрокомплект с 4 батареями», but «DJI Matrice 350 RTK с камерой Zenmuse H30T». */
export function withConfig(name: string, configTitle: string | undefined): string {
  if (!configTitle) return name
  const apposition = /^[а-яё]/.test(configTitle) && !/^(с|со|в|во|для|на|без)\s/.test(configTitle)
  return `${name}${apposition ? ', ' : ' '}${configTitle}`
}

export interface DescribeInput {
  brand: string
  model: string
  noun: string
  category: LeafCategory
  configTitle?: string
  facts: readonly string[]
  note?: string
  perf: Performance
  navigation: readonly Navigation[]
  rtk: boolean
  country: CountryCode
  areas: readonly SphereSlug[]
  /** Varies the wording from one offer to the next. */
  seed: number
}

/** A Russian description of three to six sentences built from the product's facts. */
export function describeProduct(p: DescribeInput): string {
  const h = p.seed
  const name = `${p.brand} ${p.model}`
  const kind = KIND[p.category] || p.noun.toLowerCase()
  // Two of the product's spheres, not always the first two.
  const a0 = p.areas[h % p.areas.length]!
  const a1 = p.areas.length > 1 ? p.areas[(h + 1) % p.areas.length] : undefined
  const one = AREA_FOR[a0]
  const two = a1 ? AREA_FOR[a1] : undefined
  // «строительства и экологии», but «ЖКХ и инфраструктуры, а также служб ЧС» rather than a chain of «и».
  const forAreas = !two
    ? one
    : one.includes(' и ') || two.includes(' и ')
      ? `${one}, а также ${two}`
      : `${one} и ${two}`

  const openings = [
    `${name} — ${kind} для ${forAreas}.`,
    `${kind[0]!.toUpperCase()}${kind.slice(1)} ${name} рассчитан на задачи ${forAreas}.`,
    p.configTitle
      ? `Комплект «${withConfig(name, p.configTitle)}» собран для задач ${forAreas}.`
      : `${name} — рабочий инструмент ${forAreas}: ${kind} в базовой комплектации.`,
  ]
  const sentences = [pickBy(openings, h)]

  const first = h % p.facts.length
  sentences.push(p.facts[first]!)
  if (!p.note && p.facts.length > 1) sentences.push(p.facts[(first + 1) % p.facts.length]!)
  if (p.note) sentences.push(p.note)

  const { perf } = p
  const nav = navigationText(p.navigation)
  const perfSentences = [
    `Время полёта — до ${duration(perf.flightTime)}, ${p.category === 'multirotornye' ? 'дальность связи' : 'дальность полёта'} — ${num(perf.range)} км, максимальная скорость — ${num(perf.speed)} км/ч.`,
    `Взлётная масса — ${num(perf.mtow)} кг${perf.payload ? `, полезная нагрузка — до ${num(perf.payload)} кг` : ''}; аппарат выдерживает ветер до ${num(perf.wind)} м/с и работает при температуре от ${num(perf.tempMin)} до ${num(perf.tempMax)} °C.`,
    `В воздухе — до ${duration(perf.flightTime)}${perf.ip ? `, защита корпуса ${perf.ip}` : ''}; навигация ${nav}${p.rtk ? ' с поддержкой RTK для сантиметровой точности' : ''}.`,
  ]
  sentences.push(pickBy(perfSentences, h >>> 3))

  const area = pickBy(p.areas, h >>> 6)
  if (sentences.length < 6) sentences.push(pickBy(AREA_USE[area], h >>> 9))
  if (sentences.length < 6) {
    sentences.push(
      p.country === 'RU' && (h >>> 12) % 2 === 0
        ? 'Российское производство: комплекс подходит для закупок с приоритетом отечественной продукции.'
        : pickBy(SELLER_NOTES, h >>> 13),
    )
  }
  return sentences.join(' ')
}
