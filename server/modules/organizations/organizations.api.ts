import { VAT_STATUSES } from '#common/document-settings.ts'
import { LEGAL_FORMS, MEMBER_ROLES, ROLE_TYPES, VERIFICATION_STATUSES } from '#common/organizations.ts'
import { STAFF_COMMENT_MAX } from '#common/organizations.schemas.ts'
import { multiLineText } from '#common/text.ts'
import { z } from '#common/zod.ts'

/** Response shapes of the organizations API: they document it in OpenAPI and shape what is sent. */

export const BankRequisitesSchema = z
  .object({
    bankName: z.string(),
    bik: z.string().describe('БИК, 9 цифр'),
    settlementAccount: z.string().describe('Расчётный счёт, 20 цифр'),
    correspondentAccount: z.string().describe('Корреспондентский счёт банка, 20 цифр'),
  })
  .describe('Банковские реквизиты для счетов на оплату')

const PersonSchema = z.object({
  name: z.string().describe('Фамилия, имя, отчество'),
  position: z.string().describe('Должность'),
})

export const DocumentSettingsSchema = z
  .object({
    head: PersonSchema.describe('Руководитель'),
    accountant: z
      .object({ name: z.string() })
      .nullable()
      .describe('Главный бухгалтер; null — подписывает руководитель'),
    attorney: PersonSchema.extend({
      number: z.string().describe('Номер доверенности'),
      date: z.string().describe('Дата доверенности, ГГГГ-ММ-ДД'),
    })
      .nullable()
      .describe('Подписывает по доверенности вместо руководителя; null — подписывает руководитель'),
    vatStatus: z
      .enum(VAT_STATUSES)
      .describe('general — НДС 22%/10%, usn_5 и usn_7 — УСН с НДС 5% и 7%, none — без НДС'),
    edoParticipantId: z.string().nullable().describe('Идентификатор участника ЭДО'),
    signatureFileId: z
      .uuid()
      .nullable()
      .optional()
      .describe('Картинка подписи для печатных форм (файл организации, PNG или JPEG до 1 МБ)'),
    stampFileId: z.uuid().nullable().optional().describe('Картинка печати для печатных форм'),
  })
  .describe('Подписанты документов и НДС')

export const IdParams = z.object({ id: z.string().describe('id организации') })

export const OrganizationSchema = z.object({
  id: z.uuid(),
  legalForm: z.enum(LEGAL_FORMS),
  fullName: z.string(),
  shortName: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string(),
  legalAddress: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  website: z.string().nullable(),
  slug: z.string().describe('Адрес страницы продавца: /sellers/{slug}'),
  description: z.string().describe('О компании — на странице продавца'),
  region: z.string().nullable(),
  bankRequisites: BankRequisitesSchema.nullable().describe('null, пока реквизиты не указаны'),
  documentSettings: DocumentSettingsSchema.nullable().describe('null, пока подписанты не указаны'),
  createdAt: z.date(),
  updatedAt: z.date(),
  memberRole: z.enum(MEMBER_ROLES),
})

export const MembersSchema = z.object({
  myRole: z.enum(MEMBER_ROLES),
  members: z.array(
    z.object({
      userId: z.uuid(),
      role: z.enum(MEMBER_ROLES),
      joinedAt: z.date(),
      name: z.string(),
      email: z.string(),
      isMe: z.boolean(),
    }),
  ),
  invitations: z
    .array(
      z.object({
        id: z.uuid(),
        email: z.string(),
        role: z.enum(MEMBER_ROLES),
        createdAt: z.date(),
        expiresAt: z.date(),
        expired: z.boolean(),
      }),
    )
    .describe('Открытые приглашения; видят только владельцы и администраторы'),
})

export const JoinRequestSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  message: z.string(),
  createdAt: z.date(),
  name: z.string(),
  email: z.string(),
})

const Status = z.enum(VERIFICATION_STATUSES)

export const RoleSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  type: z.enum(ROLE_TYPES),
  status: Status,
  confirmed: z.boolean(),
  staffComment: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  documents: z.array(
    z.object({
      id: z.uuid(),
      originalName: z.string(),
      mimeType: z.string(),
      size: z.number(),
      available: z.boolean().describe('false, если файл удалён или недоступен'),
      attachedAt: z.date(),
    }),
  ),
  history: z.array(
    z.object({
      fromStatus: Status.nullable(),
      toStatus: Status,
      comment: z.string().nullable(),
      createdAt: z.date(),
      by: z.object({ kind: z.enum(['member', 'staff']), name: z.string() }),
    }),
  ),
})

export const VerificationListItemSchema = RoleSchema.extend({
  organization: z.object({
    name: z.string(),
    inn: z.string(),
    legalForm: z.enum(LEGAL_FORMS),
    legalFormLabel: z.string(),
  }),
})

export const VerificationSchema = RoleSchema.extend({
  organization: OrganizationSchema.omit({
    createdAt: true,
    updatedAt: true,
    memberRole: true,
    bankRequisites: true,
    documentSettings: true,
  }),
})

export const StaffCommentBody = z.object({
  comment: multiLineText().max(STAFF_COMMENT_MAX).optional().describe('Комментарий модератора, до 2000 символов'),
})

/** The register's record of a company (common/company-facts.ts). */
export const CompanyFactsSchema = z.object({
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string().describe('ОГРН или ОГРНИП'),
  legalForm: z.enum(LEGAL_FORMS).nullable(),
  shortName: z.string(),
  fullName: z.string(),
  legalAddress: z.string(),
  active: z.boolean().describe('Действующая: не ликвидируется, не ликвидирована, не банкрот'),
})
