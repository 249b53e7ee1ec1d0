import type { InfoPage } from '#content/types.ts'
import { PLATFORM } from '#content/company.ts'
import { page as repairPage } from '#content/platforms/repair.ts'
import { page as educationPage } from '#content/platforms/education.ts'
import { page as insurancePage } from '#content/platforms/insurance.ts'
import { page as cooperationPage } from '#content/platforms/cooperation.ts'
import { page as droneRegistrationPage } from '#content/platforms/drone-registration.ts'
import { page as flightPermissionsPage } from '#content/platforms/flight-permissions.ts'

export type PlatformServiceIcon = 'repair' | 'education' | 'insurance' | 'cooperation' | 'registration' | 'permission'

export interface PlatformService {
  path: string
  title: string
  summary: string
  icon: PlatformServiceIcon
}

/** The platform's services in display order: home page tiles and the /platforms index. */
export const PLATFORM_SERVICES: readonly PlatformService[] = [
  {
    path: repairPage.path,
    title: 'Ремонт и обслуживание',
    summary:
      'Диагностика, гарантийный и постгарантийный ремонт, запчасти и калибровка в партнёрских сервисных центрах.',
    icon: 'repair',
  },
  {
    path: educationPage.path,
    title: 'Обучение пилотов',
    summary: 'Подготовка внешних пилотов: базовый курс, агроопрыскивание, аэрофотосъёмка и тепловизионная инспекция.',
    icon: 'education',
  },
  {
    path: insurancePage.path,
    title: 'Страхование',
    summary: 'Страхование беспилотников и полезной нагрузки, ответственности перед третьими лицами и грузов.',
    icon: 'insurance',
  },
  {
    path: cooperationPage.path,
    title: 'Сотрудничество',
    summary: 'Партнёрство для производителей, сервисных и учебных центров, интеграторов, разработчиков ПО и регионов.',
    icon: 'cooperation',
  },
  {
    path: droneRegistrationPage.path,
    title: 'Учёт беспилотников',
    summary: 'Кто и в какие сроки обязан поставить беспилотник на учёт в Росавиации и какие сведения для этого нужны.',
    icon: 'registration',
  },
  {
    path: flightPermissionsPage.path,
    title: 'Разрешения на полёты',
    summary: 'Когда нужны разрешения ЕС ОрВД и администрации, как учесть региональные ограничения и подать документы.',
    icon: 'permission',
  },
]

const servicesList = PLATFORM_SERVICES.map(
  (service) => `<li><strong><a href="${service.path}">${service.title}</a></strong> — ${service.summary}</li>`,
).join('\n')

export const PLATFORMS_INDEX: InfoPage = {
  path: '/platforms',
  title: 'Сервисы платформы',
  lead: `Помимо каталога техники и биржи услуг, ${PLATFORM.brand} помогает организациям решать задачи, которые возникают на всём жизненном цикле беспилотника: от постановки на учёт и получения разрешений до обучения пилотов, страхования и ремонта.`,
  meta: {
    title: `Сервисы платформы — ${PLATFORM.brand}`,
    description:
      'Ремонт и обслуживание беспилотников, обучение пилотов, страхование, помощь с учётом и разрешениями на полёты, сотрудничество с маркетплейсом БАС.',
  },
  sections: [
    {
      id: 'servisy',
      title: 'Что входит в сервисы',
      html: `
        <ul>
          ${servicesList}
        </ul>
        <p>На странице каждого сервиса описано, как он устроен, какие сроки и документы нужно учитывать, и размещена форма заявки.</p>
      `,
    },
    {
      id: 'zhiznennyy-tsikl',
      title: 'Сопровождение на всём жизненном цикле техники',
      html: `
        <p>Покупка беспилотника — только начало. Чтобы техника приносила результат, организации нужно поставить её на учёт, подготовить пилотов, застраховать риски, получить разрешения на полёты в нужных районах и обеспечить обслуживание. Обычно заказчик решает каждую из этих задач отдельно, тратя время на поиск подрядчиков. Сервисы платформы собирают их в одном месте.</p>
        <table>
          <thead>
            <tr><th>Этап</th><th>Чем помогает платформа</th></tr>
          </thead>
          <tbody>
            <tr><td>Выбор и покупка</td><td><a href="/catalog/bespilotniki">Каталог</a> техники, <a href="/compare">сравнение</a> моделей, чат с поставщиками</td></tr>
            <tr><td>Ввод в эксплуатацию</td><td>Помощь с <a href="/platforms/drone-registration">учётом</a>, <a href="/platforms/insurance">страхованием</a> и <a href="/platforms/education">обучением</a> пилотов</td></tr>
            <tr><td>Выполнение работ</td><td>Помощь с <a href="/platforms/flight-permissions">разрешениями на полёты</a>, исполнители на <a href="/services">бирже услуг</a></td></tr>
            <tr><td>Обслуживание</td><td><a href="/platforms/repair">Ремонт</a>, калибровка и запасные части</td></tr>
          </tbody>
        </table>
      `,
    },
    {
      id: 'preimushchestva',
      title: 'Почему удобно через платформу',
      html: `
        <ul>
          <li><strong>Одно окно.</strong> Заявки на ремонт, обучение, страхование и помощь с документами подаются в едином формате, а сведения о технике не нужно пересказывать каждому подрядчику заново.</li>
          <li><strong>Проверенные исполнители.</strong> Партнёры проходят проверку, а их работа оценивается по отзывам заказчиков и соблюдению сроков.</li>
          <li><strong>Сравнимые предложения.</strong> Вы получаете несколько предложений по одной заявке и выбираете по цене, срокам и условиям.</li>
          <li><strong>Связь с покупкой.</strong> Обучение, страхование и постановку на учёт удобно спланировать одновременно с поставкой техники, чтобы она начала работать сразу после получения.</li>
        </ul>
      `,
    },
    {
      id: 'partnery',
      title: 'Кто оказывает услуги',
      html: `
        <p>Услуги оказывают независимые партнёры платформы: сервисные и учебные центры, страховые компании, консультанты по воздушному законодательству. Перед подключением мы проверяем регистрационные данные организации и наличие необходимой квалификации, а в ходе работы учитываем отзывы заказчиков и соблюдение сроков.</p>
        <p>Договор на оказание услуги заключается напрямую между заказчиком и партнёром, расчёты ведутся по реквизитам исполнителя. ${PLATFORM.brand} передаёт заявку, помогает выбрать предложение и сопровождает взаимодействие, если возникают вопросы.</p>
      `,
    },
    {
      id: 'kak-otpravit-zayavku',
      title: 'Как отправить заявку',
      html: `
        <ol>
          <li>Откройте страницу нужного сервиса и заполните форму: организация, контакты и краткое описание задачи.</li>
          <li>Менеджер платформы уточнит детали и передаст заявку подходящим партнёрам.</li>
          <li>Вы получите предложения со сроками и стоимостью и выберете исполнителя.</li>
          <li>Дальнейшее общение и обмен документами идут напрямую с выбранным исполнителем.</li>
        </ol>
        <p>Если вы работаете на платформе от имени зарегистрированной организации, история обращений и переписка с исполнителями сохраняются в её личном кабинете. О возможностях кабинета — на страницах <a href="/for-customers">для покупателей</a> и <a href="/for-sellers">для продавцов</a>.</p>
      `,
    },
    {
      id: 'dlya-partnerov',
      title: 'Для партнёров',
      html: `
        <p>Если ваша организация оказывает услуги для эксплуатантов беспилотников — ремонтирует технику, обучает пилотов, страхует риски или консультирует по воздушному законодательству, — присоединяйтесь к партнёрской сети. Направления и условия описаны в разделе <a href="/platforms/cooperation">сотрудничества</a>.</p>
        <p>Вопросы о сервисах можно задать по адресу ${PLATFORM.contacts.email} или по телефону ${PLATFORM.contacts.phone} (${PLATFORM.contacts.workingHours}).</p>
      `,
    },
  ],
}
