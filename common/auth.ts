import { singleLineText } from './text.ts'
import { z } from './zod.ts'

/** ASVS 2.1: at least 12 characters, at most 128, any characters allowed. */
export const PASSWORD_LIMITS = { min: 12, max: 128 } as const

export const Email = singleLineText()
  .toLowerCase()
  .max(254, 'Слишком длинный адрес')
  .pipe(z.email('Введите адрес электронной почты, например name@company.ru'))

export const Password = z
  .string()
  .min(PASSWORD_LIMITS.min, `Пароль — не короче ${PASSWORD_LIMITS.min} символов`)
  .max(PASSWORD_LIMITS.max, `Пароль — не длиннее ${PASSWORD_LIMITS.max} символов`)

export const PersonName = singleLineText().min(2, 'Укажите имя и фамилию').max(120, 'Не больше 120 символов')

/** '+7XXXXXXXXXX' from any common way of writing a Russian number; empty means none. */
export const OptionalPhone = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, ''))
  .refine(
    (digits) => digits === '' || (digits.length === 11 && /^[78]/.test(digits)),
    'Введите номер телефона полностью: +7 (XXX) XXX-XX-XX',
  )
  .transform((digits) => (digits ? `+7${digits.slice(1)}` : null))

export const RegisterInput = z.object({
  email: Email,
  password: Password,
  name: PersonName,
  phone: OptionalPhone.optional().transform((v) => v ?? null),
  consent: z.union([z.literal(true), z.literal('on'), z.literal('true')], {
    error: 'Нужно согласие с пользовательским соглашением и на обработку персональных данных',
  }),
})

export const LoginInput = z.object({
  email: Email,
  password: z.string().min(1, 'Введите пароль').max(PASSWORD_LIMITS.max, 'Неверный email или пароль'),
})

export const PasswordResetRequestInput = z.object({ email: Email })

export const PasswordResetConfirmInput = z.object({
  token: z.string().min(20, 'Ссылка недействительна').max(200, 'Ссылка недействительна'),
  password: Password,
})

export const ProfileUpdateInput = z.object({
  name: PersonName,
  phone: OptionalPhone,
})

export const EmailChangeInput = z.object({ email: Email, password: z.string().min(1, 'Введите текущий пароль') })

export const PasswordChangeInput = z.object({
  currentPassword: z.string().min(1, 'Введите текущий пароль'),
  newPassword: Password,
})

export type RegisterInput = z.input<typeof RegisterInput>
export type LoginInput = z.input<typeof LoginInput>

export const AUTH_MESSAGES = {
  badCredentials: 'Неверный email или пароль',
  emailTaken: 'Пользователь с таким email уже зарегистрирован. Войдите или восстановите пароль.',
  resetSent: 'Если такой адрес зарегистрирован, мы отправили на него ссылку для смены пароля.',
  resetInvalid: 'Ссылка для смены пароля недействительна или устарела. Запросите новую.',
  wrongPassword: 'Неверный текущий пароль',
  signInRequired: 'Войдите, чтобы продолжить',
  crossSite: 'Запрос отклонён: он отправлен с другого сайта.',
} as const
