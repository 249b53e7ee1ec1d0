import { CALENDAR_DATE_MESSAGES, isCalendarDate } from './calendar-date.ts'
import { CHARACTERS_UP_TO } from './counted-words.ts'
import { formatCount } from './format.ts'
import { type DocumentSettings, SIGNER_KINDS, VAT_STATUSES } from './document-settings.ts'
import { singleLineText } from './text.ts'
import { z } from './zod.ts'

/**
 * The form of an organization's signatories and document settings, flat as a form posts it: the
 * browser, the page action and the REST route validate with it, and what comes out is the
 * `DocumentSettings` kept. The attorney's fields count only when the attorney signs.
 */

export const PERSON_NAME_MAX = 120
export const POSITION_MAX = 120
export const ATTORNEY_NUMBER_MAX = 40

export const DOCUMENT_SETTINGS_MESSAGES = {
  headName: 'Укажите фамилию, имя и отчество руководителя',
  headPosition: 'Укажите должность руководителя',
  personName: 'Фамилия и имя — буквами, через пробел: «Иванов Иван Иванович»',
  accountantName: 'Фамилия и имя главного бухгалтера — буквами, через пробел, или оставьте поле пустым',
  signer: 'Выберите, кто подписывает документы',
  attorneyName: 'Укажите фамилию, имя и отчество того, кто подписывает по доверенности',
  attorneyPosition: 'Укажите должность того, кто подписывает по доверенности',
  attorneyNumber: 'Укажите номер доверенности',
  attorneyDate: 'Укажите дату доверенности',
  vatStatus: 'Выберите, как организация платит НДС',
  image: 'Подпись и печать — картинки PNG или JPEG до 1 МБ, загруженные для этой организации',
  edoParticipantId:
    'Идентификатор участника ЭДО — от 4 до 46 знаков: код оператора из трёх знаков, начинается с 2 (например, 2BE…), затем латинские буквы, цифры и дефисы',
  tooLong: (max: number) => `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`,
} as const

const NAME = /^\p{L}[\p{L}'’.-]*(?: \p{L}[\p{L}'’.-]*)+$/u
/** The operator's three-character code (2 and two letters or digits), then the participant's own id. */
const EDO_ID = /^2[0-9A-Z]{2}[0-9A-Za-z-]{1,43}$/

const text = (required: string, max: number) =>
  singleLineText({ error: required })
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(z.string().min(1, required).max(max, DOCUMENT_SETTINGS_MESSAGES.tooLong(max)))

const optionalText = (max: number) =>
  singleLineText()
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(z.string().max(max, DOCUMENT_SETTINGS_MESSAGES.tooLong(max)))
    .optional()
    .default('')

/** A picture's file id, or empty for none. */
const imageId = z
  .string({ error: DOCUMENT_SETTINGS_MESSAGES.image })
  .trim()
  .refine((v) => v === '' || z.uuid().safeParse(v).success, DOCUMENT_SETTINGS_MESSAGES.image)
  .optional()
  .default('')

export const DocumentSettingsInput = z
  .object({
    headName: text(DOCUMENT_SETTINGS_MESSAGES.headName, PERSON_NAME_MAX),
    headPosition: text(DOCUMENT_SETTINGS_MESSAGES.headPosition, POSITION_MAX),
    accountantName: optionalText(PERSON_NAME_MAX),
    signer: z.enum(SIGNER_KINDS, { error: DOCUMENT_SETTINGS_MESSAGES.signer }).optional().default('head'),
    attorneyName: optionalText(PERSON_NAME_MAX),
    attorneyPosition: optionalText(POSITION_MAX),
    attorneyNumber: optionalText(ATTORNEY_NUMBER_MAX),
    attorneyDate: optionalText(10),
    vatStatus: z.enum(VAT_STATUSES, { error: DOCUMENT_SETTINGS_MESSAGES.vatStatus }),
    edoParticipantId: optionalText(46).transform((v) => v.replace(/\s/g, '')),
    signatureFileId: imageId,
    stampFileId: imageId,
  })
  .superRefine((data, ctx) => {
    // zod runs this even when a field failed: check each value's type rather than trust the types.
    const d = data as Partial<typeof data>
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (typeof d.headName === 'string' && d.headName && !NAME.test(d.headName))
      issue('headName', DOCUMENT_SETTINGS_MESSAGES.personName)
    if (typeof d.accountantName === 'string' && d.accountantName && !NAME.test(d.accountantName))
      issue('accountantName', DOCUMENT_SETTINGS_MESSAGES.accountantName)
    if (typeof d.edoParticipantId === 'string' && d.edoParticipantId && !EDO_ID.test(d.edoParticipantId.toUpperCase()))
      issue('edoParticipantId', DOCUMENT_SETTINGS_MESSAGES.edoParticipantId)
    if (d.signer !== 'attorney') return
    if (!d.attorneyName) issue('attorneyName', DOCUMENT_SETTINGS_MESSAGES.attorneyName)
    else if (!NAME.test(d.attorneyName)) issue('attorneyName', DOCUMENT_SETTINGS_MESSAGES.personName)
    if (!d.attorneyPosition) issue('attorneyPosition', DOCUMENT_SETTINGS_MESSAGES.attorneyPosition)
    if (!d.attorneyNumber) issue('attorneyNumber', DOCUMENT_SETTINGS_MESSAGES.attorneyNumber)
    if (!d.attorneyDate) issue('attorneyDate', DOCUMENT_SETTINGS_MESSAGES.attorneyDate)
    else if (!isCalendarDate(d.attorneyDate)) issue('attorneyDate', CALENDAR_DATE_MESSAGES.format)
    else if (d.attorneyDate < '2000-01-01') issue('attorneyDate', CALENDAR_DATE_MESSAGES.year)
  })
  .transform((d): DocumentSettings => ({
    head: { name: d.headName, position: d.headPosition },
    accountant: d.accountantName ? { name: d.accountantName } : null,
    attorney:
      d.signer === 'attorney'
        ? { name: d.attorneyName, position: d.attorneyPosition, number: d.attorneyNumber, date: d.attorneyDate }
        : null,
    vatStatus: d.vatStatus,
    edoParticipantId: d.edoParticipantId ? normalizeEdoId(d.edoParticipantId) : null,
    signatureFileId: d.signatureFileId || null,
    stampFileId: d.stampFileId || null,
  }))
export type DocumentSettingsInput = z.input<typeof DocumentSettingsInput>

/** The operator's code is upper case in every operator's listing; the rest is kept as typed. */
const normalizeEdoId = (id: string) => id.slice(0, 3).toUpperCase() + id.slice(3)

/** The stored settings as the form's fields, to fill it again. */
export function documentSettingsFields(settings: DocumentSettings | null): Record<string, string> {
  if (!settings) return { signer: 'head', vatStatus: '' }
  return {
    headName: settings.head.name,
    headPosition: settings.head.position,
    accountantName: settings.accountant?.name ?? '',
    signer: settings.attorney ? 'attorney' : 'head',
    attorneyName: settings.attorney?.name ?? '',
    attorneyPosition: settings.attorney?.position ?? '',
    attorneyNumber: settings.attorney?.number ?? '',
    attorneyDate: settings.attorney?.date ?? '',
    vatStatus: settings.vatStatus,
    edoParticipantId: settings.edoParticipantId ?? '',
    signatureFileId: settings.signatureFileId ?? '',
    stampFileId: settings.stampFileId ?? '',
  }
}
