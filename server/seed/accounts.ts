import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { RoleType } from '#common/organizations.ts'
import type { FileStorage } from '../modules/files/files.storage.ts'
import { users } from '../modules/identity/identity.table.ts'
import { hashPassword } from '../modules/identity/passwords.ts'
import { leads } from '../modules/leads/leads.table.ts'
import { organizationMembers, organizations } from '../modules/organizations/organizations.table.ts'
import type { Db } from '../db/client.ts'
import { DEMO_JOINED, roleTimeline } from './timeline.ts'
import { type DemoRole, seedConfirmedRoles } from './verification.ts'

/** The demo accounts README lists; all share one password. */
export const DEMO_PASSWORD = 'demo-password'
export const DEMO_USERS = [
  { key: 'buyer', email: 'buyer@example.com', name: 'Ирина Соколова', phone: '+79161234567', isStaff: false },
  { key: 'vendor', email: 'vendor@example.com', name: 'Алексей Громов', phone: '+79035557788', isStaff: false },
  { key: 'staff', email: 'staff@example.com', name: 'Ольга Миронова', phone: null, isStaff: true },
  // A municipal buyer justifying its purchases' prices with requests for offers (44-ФЗ).
  {
    key: 'municipal',
    email: 'municipal@example.com',
    name: 'Сергей Ветров',
    phone: '+79184440011',
    isStaff: false,
  },
] as const
type UserKey = (typeof DEMO_USERS)[number]['key']

/** INN, KPP and OGRN pass the FNS checksums (common/validators.ts); the companies are invented. */
export const DEMO_ORGANIZATIONS = [
  {
    owner: 'buyer',
    role: 'buyer',
    legalForm: 'ooo',
    fullName: 'Общество с ограниченной ответственностью «Агрохолдинг Заря»',
    shortName: 'ООО «Агрохолдинг Заря»',
    slug: 'agrokholding-zarya',
    description: 'Растениеводство и семеноводство в Воронежской и Белгородской областях, 48 000 га.',
    region: 'Воронежская область',
    inn: '3662148572',
    kpp: '366201001',
    ogrn: '1153668034123',
    legalAddress: '394036, Воронежская обл., г. Воронеж, ул. Полевая, д. 12, офис 4',
    contactEmail: 'info@zarya-agro.example',
    contactPhone: '+74732001122',
    website: null,
  },
  {
    owner: 'vendor',
    role: 'vendor',
    legalForm: 'ooo',
    fullName: 'Общество с ограниченной ответственностью «АэроТех Системы»',
    shortName: 'ООО «АэроТех Системы»',
    slug: 'aerotekh-sistemy',
    description:
      'Поставка и внедрение беспилотных систем для промышленности: подбор под задачу, обучение пилотов, сервис и запчасти.',
    region: 'Москва',
    logo: 'sellers/aerotekh-sistemy.svg',
    inn: '7715482034',
    kpp: '771501001',
    ogrn: '1177746309586',
    legalAddress: '127282, г. Москва, ул. Полярная, д. 31, стр. 2',
    contactEmail: 'sales@aerotech.example',
    contactPhone: '+74951234567',
    website: 'https://aerotech.example',
  },
  {
    owner: 'municipal',
    role: 'buyer',
    legalForm: 'mku',
    fullName: 'Муниципальное казённое учреждение «Центр гражданской защиты» муниципального образования город Краснодар',
    shortName: 'МКУ «Центр гражданской защиты»',
    slug: 'mku-centr-grazhdanskoj-zashchity',
    description:
      'Предупреждение и ликвидация чрезвычайных ситуаций, мониторинг паводков и природных пожаров на территории города.',
    region: 'Краснодарский край',
    inn: '2312012340',
    kpp: '231201001',
    ogrn: '1022301012348',
    legalAddress: '350063, Краснодарский край, г. Краснодар, ул. Красная, д. 122',
    contactEmail: 'zakupki@cgz-krd.example',
    contactPhone: '+78612001100',
    website: null,
  },
] as const satisfies readonly { owner: UserKey; role: RoleType; [k: string]: unknown }[]

/** Applications from the platform pages, so the staff pages have something to show. */
const DEMO_LEADS = [
  {
    submissionId: '5d7d1c1e-4f57-4a51-9d0a-6f1b2c3d4e01',
    sourcePath: '/platforms/repair',
    name: 'Павел Ершов',
    organization: 'ООО «СтройГеоПроект»',
    phone: '+79265550101',
    email: 'p.ershov@sgp.example',
    message: 'После жёсткой посадки треснул луч рамы квадрокоптера, нужна диагностика и ремонт.',
    status: 'new',
  },
  {
    submissionId: '5d7d1c1e-4f57-4a51-9d0a-6f1b2c3d4e02',
    sourcePath: '/platforms/education',
    name: 'Марина Белова',
    organization: 'МЧС, учебный центр',
    phone: '+79165550202',
    email: 'belova@uc.example',
    message: 'Хотим обучить 12 операторов БАС к весеннему паводку. Какие сроки и стоимость?',
    status: 'in_progress',
  },
  {
    submissionId: '5d7d1c1e-4f57-4a51-9d0a-6f1b2c3d4e03',
    sourcePath: '/platforms/insurance',
    name: 'Денис Ковалёв',
    organization: '',
    phone: '+79035550303',
    email: 'kovalev@example.org',
    message: 'Нужна страховка ответственности для агродрона на сезон опрыскивания.',
    status: 'done',
  },
] as const

/**
 * Users, their organizations with a confirmed role, its trail and documents, and a few leads.
 * Idempotent. Dates follow timeline.ts; leads arrive when the seed runs.
 */
export async function seedAccounts(db: Db, storage: FileStorage): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db
    .insert(users)
    .values(
      DEMO_USERS.map(({ key, ...u }) => {
        const joined = new Date(DEMO_JOINED[key])
        return {
          ...u,
          passwordHash,
          consentAt: joined,
          createdAt: joined,
          passwordChangedAt: joined,
          emailConfirmedAt: joined,
        }
      }),
    )
    .onConflictDoNothing({ target: users.email })
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    )
  const idOf = (key: UserKey) => rows.find((r) => r.email === DEMO_USERS.find((u) => u.key === key)!.email)!.id

  const roles: DemoRole[] = []
  for (const { owner, role, ...org } of DEMO_ORGANIZATIONS) {
    const ownerId = idOf(owner)
    const when = roleTimeline(DEMO_JOINED[owner])
    await db
      .insert(organizations)
      .values({
        ...org,
        createdByUserId: ownerId,
        createdAt: when.organizationCreated,
        updatedAt: when.organizationCreated,
      })
      .onConflictDoNothing({ target: organizations.inn })
    const [{ id: orgId }] = (await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.inn, org.inn))) as [{ id: string }]
    await db
      .insert(organizationMembers)
      .values({ organizationId: orgId, userId: ownerId, role: 'owner', createdAt: when.organizationCreated })
      .onConflictDoNothing()
    await db
      .update(users)
      .set({ selectedOrganizationId: orgId })
      .where(and(eq(users.id, ownerId), isNull(users.selectedOrganizationId)))
    roles.push({
      organizationId: orgId,
      type: role,
      ownerId,
      staffId: idOf('staff'),
      slug: org.slug,
      shortName: org.shortName,
      when,
    })
  }
  await seedConfirmedRoles(db, storage, roles)

  await db
    .insert(leads)
    .values(DEMO_LEADS.map((l) => ({ ...l, consentAt: new Date() })))
    .onConflictDoNothing({ target: leads.submissionId })
}
