import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { RoleType } from '#common/organizations.ts'
import { auditLog } from '../../modules/audit/audit.table.ts'
import { users } from '../../modules/identity/identity.table.ts'
import { hashPassword } from '../../modules/identity/passwords.ts'
import { leads } from '../../modules/leads/leads.table.ts'
import {
  organizationMembers,
  organizationRoleEvents,
  organizationRoles,
  organizations,
} from '../../modules/organizations/organizations.table.ts'
import type { Db } from '../client.ts'

/** The demo accounts README lists; all share one password. */
export const DEMO_PASSWORD = 'demo-password'
export const DEMO_USERS = [
  { key: 'buyer', email: 'buyer@example.com', name: 'Ирина Соколова', phone: '+79161234567', isStaff: false },
  { key: 'vendor', email: 'vendor@example.com', name: 'Алексей Громов', phone: '+79035557788', isStaff: false },
  { key: 'staff', email: 'staff@example.com', name: 'Ольга Миронова', phone: null, isStaff: true },
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

const HOUR = 3_600_000

/** Users, their confirmed organizations with a verification trail, and a few leads. Idempotent. */
export async function seedAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db
    .insert(users)
    .values(DEMO_USERS.map(({ key: _key, ...u }) => ({ ...u, passwordHash, consentAt: new Date() })))
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
  const staffId = idOf('staff')

  for (const { owner, role, ...org } of DEMO_ORGANIZATIONS) {
    const ownerId = idOf(owner)
    await db
      .insert(organizations)
      .values({ ...org, createdByUserId: ownerId })
      .onConflictDoNothing({ target: organizations.inn })
    const [{ id: orgId }] = (await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.inn, org.inn))) as [{ id: string }]
    await db
      .insert(organizationMembers)
      .values({ organizationId: orgId, userId: ownerId, role: 'owner' })
      .onConflictDoNothing()
    await db
      .update(users)
      .set({ selectedOrganizationId: orgId })
      .where(and(eq(users.id, ownerId), isNull(users.selectedOrganizationId)))

    // The role and its trail are written once: only when the role is new.
    const [created] = await db
      .insert(organizationRoles)
      .values({ organizationId: orgId, type: role, status: 'confirmed', staffComment: 'Документы проверены' })
      .onConflictDoNothing({ target: [organizationRoles.organizationId, organizationRoles.type] })
      .returning({ id: organizationRoles.id })
    if (!created) continue
    const start = Date.now() - 72 * HOUR
    await db.insert(organizationRoleEvents).values([
      { roleId: created.id, fromStatus: null, toStatus: 'new', byUserId: ownerId, createdAt: new Date(start) },
      {
        roleId: created.id,
        fromStatus: 'new',
        toStatus: 'moderation',
        byUserId: ownerId,
        createdAt: new Date(start + HOUR),
      },
      {
        roleId: created.id,
        fromStatus: 'moderation',
        toStatus: 'confirmed',
        byUserId: staffId,
        comment: 'Документы проверены',
        createdAt: new Date(start + 26 * HOUR),
      },
    ])
    await db.insert(auditLog).values({
      actorUserId: staffId,
      action: 'organization_role.approve',
      targetType: 'organization_role',
      targetId: created.id,
      details: {
        organizationId: orgId,
        type: role,
        from: 'moderation',
        to: 'confirmed',
        comment: 'Документы проверены',
      },
      createdAt: new Date(start + 26 * HOUR),
    })
  }

  await db
    .insert(leads)
    .values(DEMO_LEADS.map((l) => ({ ...l, consentAt: new Date() })))
    .onConflictDoNothing({ target: leads.submissionId })
}
