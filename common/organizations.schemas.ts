import { Email, OptionalPhone } from './auth.ts'
import {
  isSoleTrader,
  LEGAL_FORMS,
  type LegalForm,
  MEMBER_ROLES,
  ROLE_TYPES,
  VERIFICATION_STATUSES,
} from './organizations.ts'
import { PageQuery } from './staff.ts'
import { multiLineText, singleLineText } from './text.ts'
import { isValidInn, isValidKpp, isValidOgrn, isValidOgrnip } from './validators.ts'
import { z } from './zod.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/**
 * One schema per form of the organization pages: the browser validates with it, and so do the
 * page actions and the REST routes (through the service). Messages are Russian and per field.
 */

export const ORGANIZATION_LIMITS = {
  fullName: 500,
  shortName: 200,
  address: 500,
  website: 300,
  message: 1000,
  description: 2000,
  region: 100,
} as const
export const STAFF_COMMENT_MAX = 2000

export const ORGANIZATION_MESSAGES = {
  innTaken: (inn: string) =>
    `Организация с ИНН ${inn} уже зарегистрирована. Вы можете попросить владельца добавить вас.`,
  notFound: 'Организация не найдена',
  managersOnly: 'Это могут делать только владелец и администраторы организации',
  ownersOnly: 'Менять роли участников может только владелец организации',
} as const

const digits = (value: string) => value.replace(/[\s-]/g, '')

// Refinements that skip what an earlier one already refused, instead of `abort`: an aborted field
// would also stop the cross-field rules below, and the user would meet them only on a second try.
const INN_SHAPE = /^(\d{10}|\d{12})$/
export const Inn = z
  .string({ error: 'Укажите ИНН' })
  .trim()
  .transform(digits)
  .refine((v) => v !== '', 'Укажите ИНН')
  .refine((v) => v === '' || INN_SHAPE.test(v), 'ИНН — 10 цифр у организации, 12 цифр у ИП')
  .refine((v) => !INN_SHAPE.test(v) || isValidInn(v), 'ИНН указан с ошибкой: не сходится контрольная цифра')

/** Empty means «no KPP» (individual entrepreneurs have none); letters are made capital. */
const Kpp = z
  .string()
  .trim()
  .toUpperCase()
  .transform((v) => digits(v) || null)
  .refine((v) => v === null || isValidKpp(v), 'КПП — 9 символов: 4 цифры, 2 цифры или латинские буквы, 3 цифры')

const OGRN_SHAPE = /^(\d{13}|\d{15})$/
const Ogrn = z
  .string({ error: 'Укажите ОГРН' })
  .trim()
  .transform(digits)
  .refine((v) => v !== '', 'Укажите ОГРН или ОГРНИП')
  .refine((v) => v === '' || OGRN_SHAPE.test(v), 'ОГРН — 13 цифр, ОГРНИП — 15 цифр')
  .refine(
    (v) => !OGRN_SHAPE.test(v) || (v.length === 13 ? isValidOgrn(v) : isValidOgrnip(v)),
    'Номер указан с ошибкой: проверьте цифры',
  )

const text = (max: number, required: string) =>
  singleLineText({ error: required })
    .min(1, required)
    .max(max, `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`)

// A refinement, not a pipe into z.string(): a type error would stop the cross-field checks below.
const ContactPhone = z
  .string({ error: 'Укажите контактный телефон' })
  .pipe(OptionalPhone)
  .refine((v) => v !== null, 'Укажите контактный телефон')
  .transform((v) => v ?? '')

/** A site address; `example.ru` gets `https://` in front. Empty means none. */
const Website = singleLineText()
  .max(ORGANIZATION_LIMITS.website, `Не больше ${formatCount(ORGANIZATION_LIMITS.website, CHARACTERS_UP_TO)}`)
  .transform((v) => (v === '' ? null : /^https?:\/\//i.test(v) ? v : `https://${v}`))
  .refine((v) => v === null || URL.canParse(v), 'Введите адрес сайта, например https://company.ru')

const OrganizationFields = z.object({
  legalForm: z.enum(LEGAL_FORMS, { error: 'Выберите организационно-правовую форму' }),
  fullName: text(ORGANIZATION_LIMITS.fullName, 'Укажите полное наименование'),
  shortName: text(ORGANIZATION_LIMITS.shortName, 'Укажите краткое наименование'),
  inn: Inn,
  kpp: Kpp.optional().transform((v) => v ?? null),
  ogrn: Ogrn,
  legalAddress: text(ORGANIZATION_LIMITS.address, 'Укажите юридический адрес'),
  contactEmail: z.string({ error: 'Укажите адрес электронной почты' }).pipe(Email),
  contactPhone: ContactPhone,
  website: Website.optional().transform((v) => v ?? null),
})

/**
 * What depends on the legal form: an entrepreneur has a 12-digit INN, an OGRNIP and no KPP; a
 * legal entity a 10-digit INN, a 13-digit OGRN and a KPP. Fields that are absent are not checked,
 * so an update that leaves them out passes.
 */
export function legalFormIssues(data: {
  legalForm: LegalForm
  inn?: string
  kpp?: string | null
  ogrn?: string
}): Record<string, string> {
  const issues: Record<string, string> = {}
  const soleTrader = isSoleTrader(data.legalForm)
  if (data.inn && soleTrader && data.inn.length !== 12) issues.inn = 'ИНН индивидуального предпринимателя — 12 цифр'
  if (data.inn && !soleTrader && data.inn.length !== 10) issues.inn = 'ИНН организации — 10 цифр'
  if (soleTrader && data.kpp) issues.kpp = 'У индивидуального предпринимателя нет КПП — оставьте поле пустым'
  if (!soleTrader && data.kpp === null) issues.kpp = 'Укажите КПП'
  if (data.ogrn && soleTrader && data.ogrn.length !== 15)
    issues.ogrn = 'У индивидуального предпринимателя — ОГРНИП, 15 цифр'
  if (data.ogrn && !soleTrader && data.ogrn.length !== 13) issues.ogrn = 'ОГРН организации — 13 цифр'
  return issues
}

export const OrganizationInput = OrganizationFields.superRefine((data, ctx) => {
  // Runs even when other fields failed (zod keeps going), so guard the shape first.
  if (!LEGAL_FORMS.includes(data.legalForm)) return
  for (const [path, message] of Object.entries(legalFormIssues(data))) {
    ctx.addIssue({ code: 'custom', path: [path], message })
  }
})
export type OrganizationInput = z.input<typeof OrganizationInput>
export type OrganizationData = z.output<typeof OrganizationInput>

/** What a vendor tells buyers on its seller page; empty means nothing to show. */
const PublicProfileFields = z.object({
  description: multiLineText().max(
    ORGANIZATION_LIMITS.description,
    `Не больше ${formatCount(ORGANIZATION_LIMITS.description, CHARACTERS_UP_TO)}`,
  ),
  region: singleLineText()
    .max(ORGANIZATION_LIMITS.region, `Не больше ${formatCount(ORGANIZATION_LIMITS.region, CHARACTERS_UP_TO)}`)
    .transform((v) => v || null),
})

/**
 * INN, OGRN and the legal form identify the organization and do not change after creation. The
 * description and region are shown on the seller page (/sellers/{slug}).
 */
export const OrganizationUpdateInput = OrganizationFields.pick({
  fullName: true,
  shortName: true,
  kpp: true,
  legalAddress: true,
  contactEmail: true,
  contactPhone: true,
  website: true,
})
  .extend(PublicProfileFields.shape)
  .partial()

export const JoinRequestInput = z.object({
  inn: Inn,
  message: multiLineText()
    .max(ORGANIZATION_LIMITS.message, `Не больше ${formatCount(ORGANIZATION_LIMITS.message, CHARACTERS_UP_TO)}`)
    .default(''),
})

export const JoinDecisionInput = z.object({
  decision: z.enum(['accept', 'decline'], { error: 'Выберите решение: принять или отклонить' }),
})

export const InvitationInput = z.object({
  email: Email,
  role: z.enum(['admin', 'member'], { error: 'Выберите роль: администратор или сотрудник' }).default('member'),
})

export const AcceptInvitationInput = z.object({
  token: z.string().min(20, 'Ссылка приглашения недействительна').max(200, 'Ссылка приглашения недействительна'),
})

export const MemberRoleInput = z.object({
  role: z.enum(MEMBER_ROLES, { error: 'Выберите роль: владелец, администратор или сотрудник' }),
})

export const RoleRequestInput = z.object({
  type: z.enum(ROLE_TYPES, { error: 'Выберите роль: покупатель или поставщик' }),
})

export const RoleDocumentInput = z.object({ fileId: z.uuid('Выберите загруженный файл') })

/** A staff decision on a role; asking for fixes needs a comment saying what to fix. */
export const StaffDecisionInput = z
  .object({
    decision: z.enum(['approve', 'needFixes']),
    comment: multiLineText()
      .max(STAFF_COMMENT_MAX, `Не больше ${formatCount(STAFF_COMMENT_MAX, CHARACTERS_UP_TO)}`)
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((data, ctx) => {
    if (data.decision === 'needFixes' && !data.comment) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Напишите, что нужно исправить' })
    }
  })

/** `?status=` from a filter form means every status. */
export const VerificationListQuery = PageQuery.extend({
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(VERIFICATION_STATUSES, { error: 'Неизвестный статус' }).optional(),
  ),
})

/** The first message per field, keyed by the form field name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message
  return fields
}
