import type { FlightDetails, RequestStatus } from '#common/exchange/requests.ts'
import type { ServiceType, VolumeUnit } from '#common/exchange/services.ts'
import type { SPHERE_SLUGS } from '#common/spheres.ts'
import { ACCOUNTS_VENDOR_SLUG } from './catalog/vendors/index.ts'

/** What a proposal says; its work days are counted from the request's first day of work. */
interface ProposalVersion {
  priceKopecks: number
  work: [from: number, to: number]
  terms: string
  message: string
}

export interface DemoProposal {
  /** The answering vendor's organization slug: a demo vendor with a published offer of the type. */
  vendor: string
  /** Sent: days after the catalogue's epoch, Moscow time. */
  day: number
  time: string
  first: ProposalVersion
  /** The version the vendor replaced the first with; the first is kept as revision 1. */
  revised?: ProposalVersion & { day: number; time: string }
  rejected?: { reason: string; day: number; time: string }
  /** The talk in the proposal's room after the vendor's message. */
  talk?: [by: 'customer' | 'vendor', day: number, time: string, text: string][]
  /** The room's last messages the buyer has not read yet. */
  buyerUnread?: number
}

export interface DemoRequest {
  /** The creation key: fixed, so a re-run finds the request instead of making it again. */
  key: string
  status: Exclude<RequestStatus, 'awarded'>
  type: ServiceType
  sphere: (typeof SPHERE_SLUGS)[number]
  title: string
  description: string
  region: string
  address: string
  /** The area's outline, [longitude, latitude] without the closing point; its hectares are computed. */
  area?: [number, number][]
  /** Null with an area: the area's hectares. */
  volume: number | null
  volumeUnit: VolumeUnit
  budgetKopecks: number | null
  flight: FlightDetails
  /** Slugs of the only vendors who may see it; empty for a public request. */
  invited: string[]
  /** Created and published: days after the catalogue's epoch. */
  day: number
  /**
   * `ahead`: the proposals deadline in days from the seed day (see openRequestsBase), the work in
   * days after the deadline. `fixed`: days after the epoch, for requests whose life is over.
   */
  dates:
    | { kind: 'ahead'; deadline: number; work: [number, number] }
    | { kind: 'fixed'; deadline: number; work: [number, number] }
    | { kind: 'none' }
  /** How a request that is no longer open ended. */
  ending?: { event: 'cancel' | 'close' | 'expire'; day: number; time: string; comment?: string }
  proposals: DemoProposal[]
}

const sprayingFlight: FlightDetails = {
  maxAltitudeM: 30,
  controlledAirspace: false,
  restrictedZone: false,
  permissionBy: 'contractor',
}

/**
 * «Агрохолдинг Заря» (Воронежская и Белгородская области) asks for drone work on the exchange.
 * Every proposal comes from a demo vendor whose published offer has the request's type; the
 * request rooms' talk is what buyers and contractors ask each other before a decision.
 */
export const DEMO_REQUESTS: DemoRequest[] = [
  {
    key: 'demo-service-request-1',
    status: 'open',
    type: 'agro-spraying',
    sphere: 'selskoe-khozyaistvo',
    title: 'Десикация подсолнечника агродронами, 636 га',
    description:
      'Нужна десикация подсолнечника перед уборкой на трёх смежных полях — контур отмечен на карте. Препарат (дикват) и вода — наши, норма рабочего раствора 15 л/га. Подъезд к полям по грунтовой дороге от трассы Р-298, площадка для заправки — у полевого стана. Обработка при ветре до 4 м/с, в ночные и утренние часы: в 3 км пасека. Нужен отчёт о внесении с треками полётов.',
    region: '36',
    address: 'Воронежская область, Аннинский район, поля № 12–14 у с. Николаевка',
    area: [
      [40.258, 51.4105],
      [40.299, 51.4092],
      [40.3045, 51.417],
      [40.301, 51.4285],
      [40.266, 51.4295],
      [40.2575, 51.421],
    ],
    volume: null,
    volumeUnit: 'hectares',
    budgetKopecks: 300_000_00,
    flight: sprayingFlight,
    invited: [],
    day: 46,
    dates: { kind: 'ahead', deadline: 16, work: [3, 7] },
    proposals: [
      {
        vendor: 'agrodron-povolzhe',
        day: 47,
        time: '10:20',
        first: {
          priceKopecks: 318_000_00,
          work: [0, 3],
          terms:
            'Три агродрона DJI Agras T40, своя водовозка и заправочная станция, до 200 га за смену. Отчёт о внесении с треками и нормой расхода — в день окончания работ.',
          message:
            'Работаем в Черноземье шестой сезон, десикацию подсолнечника делали в Саратовской и Тамбовской областях. Выедем за день до начала работ.',
        },
        talk: [
          [
            'customer',
            47,
            '16:05',
            '500 ₽ за гектар выше нашего бюджета. Если воду и подвоз препарата к полю обеспечим мы, сможете снизить цену?',
          ],
          [
            'vendor',
            48,
            '11:30',
            'Да, без нашей водовозки выходит 460 ₽ за гектар. Обновили предложение: 292 560 ₽ за весь объём.',
          ],
        ],
        revised: {
          day: 48,
          time: '11:25',
          priceKopecks: 292_560_00,
          work: [0, 3],
          terms:
            'Три агродрона DJI Agras T40 и заправочная станция; вода и подвоз препарата к полю — заказчика. До 200 га за смену, отчёт о внесении с треками и нормой расхода — в день окончания работ.',
          message:
            'Работаем в Черноземье шестой сезон, десикацию подсолнечника делали в Саратовской и Тамбовской областях. Выедем за день до начала работ.',
        },
      },
    ],
  },
  {
    key: 'demo-service-request-2',
    status: 'open',
    type: 'aerial-survey',
    sphere: 'dobycha-poleznykh-iskopayemykh',
    title: 'Маркшейдерская съёмка мелового карьера, 97 га',
    description:
      'Меловой карьер хозяйства: мел идёт на известкование кислых почв. Нужна аэрофотосъёмка с опорными точками, ортофотоплан, цифровая модель рельефа и подсчёт объёмов трёх складов и отвала вскрыши на дату съёмки. Точность по высоте — не хуже 5 см. Результаты нужны маркшейдеру для годового отчёта по добыче. В карьере работает техника, взрывных работ нет.',
    region: '31',
    address: 'Белгородская область, Алексеевский район, меловой карьер у с. Иловка',
    area: [
      [38.7312, 50.6021],
      [38.7405, 50.5998],
      [38.7481, 50.6019],
      [38.7489, 50.6071],
      [38.742, 50.6092],
      [38.733, 50.608],
    ],
    volume: null,
    volumeUnit: 'hectares',
    budgetKopecks: null,
    flight: { maxAltitudeM: 150, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' },
    invited: [],
    day: 47,
    dates: { kind: 'ahead', deadline: 21, work: [4, 6] },
    proposals: [
      {
        vendor: 'gornyy-aeromonitoring',
        day: 48,
        time: '09:40',
        first: {
          priceKopecks: 238_000_00,
          work: [0, 7],
          terms:
            'Съёмка с RTK и восемью опорными точками, ортофотоплан 3 см/пиксель и ЦМР, объёмы складов и вскрыши с точностью 1–2 %. Отчёт по форме маркшейдерской службы.',
          message:
            'Снимаем карьеры и склады ГОКов в Свердловской и Кемеровской областях по годовым договорам. Командировочные расходы включены в цену.',
        },
        talk: [
          ['customer', 49, '10:10', 'Сможете сдать объёмы до конца месяца? Они нужны к годовому отчёту.'],
          [
            'vendor',
            49,
            '12:40',
            'Да: объёмы складов — через три рабочих дня после съёмки, ортофотоплан и ЦМР — через пять.',
          ],
        ],
        buyerUnread: 1,
      },
      {
        vendor: 'kuban-agroavia',
        day: 48,
        time: '14:15',
        first: {
          priceKopecks: 149_000_00,
          work: [1, 6],
          terms:
            'Съёмка DJI Matrice 350 RTK с камерой Zenmuse P1, шесть опорных точек, ортофотоплан и ЦМР. Объёмы складов считаем в Agisoft Metashape, сдаём в GeoTIFF и DXF.',
          message: 'Бригада выезжает из Ростова-на-Дону, до карьера шесть часов пути; отснимем за один день.',
        },
      },
      {
        vendor: 'sibaerogeo',
        day: 49,
        time: '11:05',
        first: {
          priceKopecks: 196_000_00,
          work: [2, 9],
          terms:
            'Ортофотоплан 3 см/пиксель, ЦМР, топоплан 1:500 в МСК-31, объёмы складов и вскрыши. Материалы в форматах DXF и GeoTIFF, исходные снимки — на носителе.',
          message: 'Сделаем и топоплан 1:500 в местной системе координат: пригодится для проекта расширения карьера.',
        },
      },
    ],
  },
  {
    key: 'demo-service-request-3',
    status: 'open',
    type: 'aerial-survey',
    sphere: 'selskoe-khozyaistvo',
    title: 'Мультиспектральная съёмка 1 800 га для карт NDVI',
    description:
      'Нужна мультиспектральная съёмка 14 полей озимой пшеницы и ячменя для карт NDVI и дифференцированной подкормки азотом. Поля в 8–20 км от аэродрома Воронеж (Чертовицкое), часть из них — в его зоне. Результат: карты NDVI и файлы заданий для разбрасывателя в формате ISOXML.',
    region: '36',
    address: 'Воронежская область, Рамонский район, поля отделения «Ямное»',
    volume: 1800,
    volumeUnit: 'hectares',
    budgetKopecks: 540_000_00,
    flight: { maxAltitudeM: 200, controlledAirspace: true, restrictedZone: false, permissionBy: 'contractor' },
    invited: [],
    day: 49,
    dates: { kind: 'ahead', deadline: 25, work: [2, 12] },
    proposals: [
      {
        vendor: 'kuban-agroavia',
        day: 50,
        time: '09:15',
        first: {
          priceKopecks: 486_000_00,
          work: [0, 9],
          terms:
            'Съёмка мультиспектральной камерой на самолётном БВС с RTK, до 400 га за вылет. Карты NDVI и NDRE, задания ISOXML для разбрасывателя. Разрешение на использование воздушного пространства в зоне аэродрома получаем сами.',
          message: 'Весной снимали 30 000 га в Ростовской области для тех же задач; пример карт пришлём в переписке.',
        },
      },
      {
        vendor: 'sibaerogeo',
        day: 50,
        time: '13:30',
        first: {
          priceKopecks: 414_000_00,
          work: [1, 10],
          terms:
            'Съёмка RGB-камерой с разрешением 5 см/пиксель, расчёт индекса VARI по видимому спектру, карты зон для подкормки.',
          message: 'Можем начать сразу после окончания приёма предложений.',
        },
        rejected: {
          day: 51,
          time: '10:00',
          reason: 'Нужна мультиспектральная съёмка: индексы по RGB-снимкам не подходят для расчёта доз азота.',
        },
      },
    ],
  },
  {
    key: 'demo-service-request-4',
    status: 'open',
    type: 'inspection',
    sphere: 'elektroenergetika',
    title: 'Инспекция ВЛ 110 кВ с тепловизором, 35 км',
    description:
      'Линия ВЛ 110 кВ «Лиски — Сахарный завод» на балансе агрохолдинга: 35 км, 148 опор. Нужен облёт с фото- и тепловизионной съёмкой: дефекты изоляторов и арматуры, нагрев контактных соединений, расстояния до деревьев и кустарника в охранной зоне. Отчёт — по каждой опоре, с координатами дефектов, для плана ремонта.',
    region: '36',
    address: 'Воронежская область, Лискинский район, ВЛ 110 кВ «Лиски — Сахарный завод»',
    volume: 35,
    volumeUnit: 'km',
    budgetKopecks: 190_000_00,
    flight: { maxAltitudeM: 120, controlledAirspace: true, restrictedZone: false, permissionBy: 'customer' },
    invited: [],
    day: 50,
    dates: { kind: 'ahead', deadline: 18, work: [3, 10] },
    proposals: [
      {
        vendor: 'energodronservis',
        day: 51,
        time: '11:20',
        first: {
          priceKopecks: 157_500_00,
          work: [0, 9],
          terms:
            'Облёт DJI Matrice 350 RTK с Zenmuse H20T: фото каждой опоры с четырёх сторон, термограммы соединений, облако точек пролётов лидаром. Дефектная ведомость по опорам — через 7 рабочих дней после облёта.',
          message:
            'Обследовали более 3 000 км ВЛ 35–500 кВ в центральных регионах. Командировка в Воронежскую область включена в цену.',
        },
        talk: [
          [
            'customer',
            51,
            '15:40',
            'Лидарная съёмка пролётов входит в цену? И нужно ли отключать линию на время облёта?',
          ],
          [
            'vendor',
            52,
            '09:05',
            'Лидар входит. Отключение не нужно: тепловизионная съёмка как раз нужна под нагрузкой, а габариты до растительности снимаем лидаром в любом режиме.',
          ],
        ],
      },
    ],
  },
  {
    key: 'demo-service-request-5',
    status: 'open',
    type: 'monitoring',
    sphere: 'lesnoe-khozyaistvo',
    title: 'Патрулирование лесного массива с тепловизором в пожароопасный период',
    description:
      'Лесной массив и полезащитные лесополосы хозяйства, около 1 270 га — контур на карте. На два месяца нужны ежедневные облёты с тепловизором: поиск очагов возгорания и палов стерни по краям полей, передача координат нашему дежурному в течение 15 минут. Раз в неделю — сводный отчёт.',
    region: '36',
    address: 'Воронежская область, Хохольский район, лесной массив у с. Костёнки',
    area: [
      [38.58, 51.585],
      [38.618, 51.5815],
      [38.645, 51.59],
      [38.644, 51.606],
      [38.615, 51.612],
      [38.585, 51.6085],
      [38.576, 51.597],
    ],
    volume: null,
    volumeUnit: 'hectares',
    budgetKopecks: 420_000_00,
    flight: { maxAltitudeM: 300, controlledAirspace: true, restrictedZone: false, permissionBy: 'contractor' },
    invited: [],
    day: 51,
    dates: { kind: 'ahead', deadline: 30, work: [5, 65] },
    proposals: [
      {
        vendor: 'prominspekt-dron',
        day: 52,
        time: '16:00',
        first: {
          priceKopecks: 396_000_00,
          work: [0, 60],
          terms:
            'Ежедневный облёт по согласованному маршруту самолётным БВС с тепловизором, два вылета в сутки в жаркие дни. Координаты очага — дежурному в мессенджер и по телефону, еженедельная сводка с термограммами.',
          message:
            'Тепловизионным мониторингом занимаемся по всей России; расчёт из двух операторов будет жить в Хохольском на всё время работ.',
        },
      },
    ],
  },
  {
    key: 'demo-service-request-6',
    status: 'open',
    type: 'repair',
    sphere: 'selskoe-khozyaistvo',
    title: 'Ремонт DJI Agras T40 после жёсткой посадки',
    description:
      'Агродрон DJI Agras T40 (2023 года) упал с высоты около 3 м при посадке: сломаны два луча рамы и кронштейн распылителя, после удара не калибруется радар. Нужны диагностика, ремонт с оригинальными запчастями и контрольный облёт. Отправим транспортной компанией или привезём сами, если сервис в пределах 500 км.',
    region: '36',
    address: 'Воронежская область, г. Лиски, ул. Сеченова, 2, машинно-тракторный парк',
    volume: 1,
    volumeUnit: 'objects',
    budgetKopecks: null,
    flight: sprayingFlight,
    invited: [],
    day: 52,
    dates: { kind: 'ahead', deadline: 14, work: [1, 15] },
    proposals: [],
  },
  {
    key: 'demo-service-request-7',
    status: 'open',
    type: 'pilot-training',
    sphere: 'selskoe-khozyaistvo',
    title: 'Обучение четырёх агрономов на пилотов агродронов',
    description:
      'Четырём агрономам нужно пройти обучение на внешних пилотов БВС с практикой на агродронах: воздушное право, подготовка полётного задания, заправка и обработка полей, ежедневное обслуживание. Обучение — на полигоне исполнителя в Московской области, проживание оплачиваем сами. По окончании нужно удостоверение о повышении квалификации.',
    region: '50',
    address: 'Московская область, учебный полигон исполнителя',
    volume: 72,
    volumeUnit: 'hours',
    budgetKopecks: 240_000_00,
    flight: { maxAltitudeM: 50, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' },
    invited: [],
    day: 48,
    dates: { kind: 'ahead', deadline: 15, work: [5, 14] },
    proposals: [
      {
        vendor: ACCOUNTS_VENDOR_SLUG,
        day: 49,
        time: '12:00',
        first: {
          priceKopecks: 224_000_00,
          work: [0, 9],
          terms:
            'Курс 72 часа: 24 часа теории и 48 часов практики на полигоне в Подмосковье, группа из четырёх человек. Практика на агродроне DJI Agras T40 и учебных квадрокоптерах. Удостоверения о повышении квалификации установленного образца.',
          message: 'Проведём обучение в удобные вам даты; встретим группу на станции Дмитров.',
        },
        talk: [
          ['customer', 49, '17:20', 'Можно ли часть практики провести у нас в хозяйстве, на нашем Agras T40?'],
          [
            'vendor',
            50,
            '10:15',
            'Да, последние два дня практики проведём на ваших полях. Выезд инструктора — 30 000 ₽ сверху, включим в договор, если подойдёт.',
          ],
        ],
      },
    ],
  },
  {
    key: 'demo-service-request-8',
    status: 'open',
    type: 'agro-spraying',
    sphere: 'selskoe-khozyaistvo',
    title: 'Подкормка озимой пшеницы КАС-32, 405 га',
    description:
      'Жидкая подкормка озимой пшеницы КАС-32 по вегетации, норма 100 л/га рабочего раствора. Поля в приграничном районе: полёты только по разрешению, его оформляем мы — исполнителю нужно заранее передать данные дронов и пилотов. Вода и удобрение на поле — наши.',
    region: '31',
    address: 'Белгородская область, Краснояружский район, поля у пос. Красная Яруга',
    area: [
      [35.672, 50.6835],
      [35.706, 50.6822],
      [35.7085, 50.695],
      [35.69, 50.6992],
      [35.6735, 50.6975],
    ],
    volume: null,
    volumeUnit: 'hectares',
    budgetKopecks: null,
    flight: { maxAltitudeM: 30, controlledAirspace: true, restrictedZone: true, permissionBy: 'customer' },
    invited: [],
    day: 53,
    dates: { kind: 'ahead', deadline: 20, work: [3, 10] },
    proposals: [],
  },
  {
    key: 'demo-service-request-9',
    status: 'open',
    type: 'repair',
    sphere: 'selskoe-khozyaistvo',
    title: 'Сезонное техобслуживание шести агродронов DJI Agras',
    description:
      'Перед сезоном нужно ТО шести агродронов DJI Agras T30 и T40: замена изношенных пропеллеров и фильтров, проверка моторов и регуляторов, калибровка радаров и RTK, обновление прошивок. Заявку видят только приглашённые: зовём сервис, который уже работал с нашим парком.',
    region: '36',
    address: 'Воронежская область, г. Лиски, ул. Сеченова, 2, машинно-тракторный парк',
    volume: 6,
    volumeUnit: 'objects',
    budgetKopecks: 180_000_00,
    flight: sprayingFlight,
    invited: [ACCOUNTS_VENDOR_SLUG],
    day: 54,
    dates: { kind: 'ahead', deadline: 18, work: [2, 12] },
    proposals: [],
  },
  {
    key: 'demo-service-request-10',
    status: 'draft',
    type: 'monitoring',
    sphere: 'selskoe-khozyaistvo',
    title: 'Тепловизионное обследование кровли зерносклада',
    description: 'Протекает кровля зерносклада № 3, 2 400 м². Нужно найти места протечек и мостики холода.',
    region: '36',
    address: 'Воронежская область, г. Острогожск, зерносклад № 3',
    volume: 1,
    volumeUnit: 'objects',
    budgetKopecks: null,
    flight: { maxAltitudeM: 60, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' },
    invited: [],
    day: 55,
    dates: { kind: 'none' },
    proposals: [],
  },
  {
    key: 'demo-service-request-11',
    status: 'cancelled',
    type: 'filming',
    sphere: 'selskoe-khozyaistvo',
    title: 'Видеосъёмка Дня поля для партнёров',
    description:
      'На День поля приедут 150 гостей: нужна съёмка с воздуха демонстрационных участков и техники в работе, ролик на 3 минуты для сайта и соцсетей.',
    region: '36',
    address: 'Воронежская область, Острогожский район, демонстрационные поля у с. Гнилое',
    volume: 6,
    volumeUnit: 'hours',
    budgetKopecks: 60_000_00,
    flight: { maxAltitudeM: 100, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' },
    invited: [],
    day: 40,
    dates: { kind: 'fixed', deadline: 50, work: [55, 55] },
    ending: { event: 'cancel', day: 44, time: '12:10', comment: 'День поля перенесли на следующий сезон.' },
    proposals: [],
  },
  {
    key: 'demo-service-request-12',
    status: 'closed',
    type: 'aerial-survey',
    sphere: 'selskoe-khozyaistvo',
    title: 'Съёмка пойменных лугов для проекта орошения, 240 га',
    description:
      'Нужна топографическая аэрофотосъёмка пойменных лугов вдоль реки Тихая Сосна для проекта дождевальной системы: ортофотоплан и ЦМР с шагом горизонталей 0,5 м.',
    region: '36',
    address: 'Воронежская область, Острогожский район, пойма р. Тихая Сосна',
    volume: 240,
    volumeUnit: 'hectares',
    budgetKopecks: 150_000_00,
    flight: { maxAltitudeM: 150, controlledAirspace: false, restrictedZone: false, permissionBy: 'contractor' },
    invited: [],
    day: 20,
    dates: { kind: 'fixed', deadline: 34, work: [38, 42] },
    ending: { event: 'expire', day: 35, time: '00:05' },
    proposals: [],
  },
]
