import { multiLineText, singleLineText } from './text.ts'
import { z } from './zod.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/** The pages that carry an application form; a lead remembers which one it came from. */
export const LEAD_LIMITS = { name: 120, organization: 200, email: 254, message: 4000 } as const

const phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, ''))
  .refine(
    (digits) => digits.length === 11 && /^[78]/.test(digits),
    'Введите номер телефона полностью: +7 (XXX) XXX-XX-XX',
  )
  .transform((digits) => `+7${digits.slice(1)}`)

/** One schema for the form in the browser, the page action and POST /api/v1/leads. */
export const LeadInput = z.object({
  name: singleLineText()
    .min(2, 'Укажите, как к вам обращаться')
    .max(LEAD_LIMITS.name, `Не больше ${formatCount(LEAD_LIMITS.name, CHARACTERS_UP_TO)}`),
  organization: singleLineText()
    .max(LEAD_LIMITS.organization, `Не больше ${formatCount(LEAD_LIMITS.organization, CHARACTERS_UP_TO)}`)
    .default(''),
  phone,
  email: singleLineText()
    .max(LEAD_LIMITS.email, 'Слишком длинный адрес')
    .pipe(z.email('Введите адрес электронной почты, например name@company.ru')),
  message: multiLineText()
    .min(10, 'Опишите задачу хотя бы в нескольких словах (от 10 символов)')
    .max(LEAD_LIMITS.message, `Не больше ${formatCount(LEAD_LIMITS.message, CHARACTERS_UP_TO)}`),
  consent: z
    .union([z.literal(true), z.literal('on'), z.literal('true')], {
      error: 'Нужно согласие на обработку персональных данных',
    })
    .transform(() => true as const),
  sourcePath: z
    .string()
    .regex(/^\/[a-z0-9\-/]*$/, 'Неизвестная страница')
    .max(200),
  /** Generated when the form is shown: a double submit stores one lead, not two. */
  submissionId: z.uuid('Обновите страницу и отправьте форму ещё раз'),
})

export type LeadInput = z.input<typeof LeadInput>
export type LeadData = z.output<typeof LeadInput>

export const LEAD_FIELDS = ['name', 'organization', 'phone', 'email', 'message', 'consent'] as const

/** Field errors keyed by form field, first message each. */
export function leadFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_')
    fields[key] ??= issue.message
  }
  return fields
}
