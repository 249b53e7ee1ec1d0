import { singleLineText } from './text.ts'
import { z } from './zod.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/** ASVS 2.1: at least 12 characters, at most 128, any characters allowed. */
export const PASSWORD_LIMITS = { min: 12, max: 128 } as const

export const Email = singleLineText()
  .toLowerCase()
  .max(254, 'Слишком длинный адрес')
  .pipe(z.email('Введите адрес электронной почты, например name@company.ru'))

export const Password = z
  .string()
  .min(PASSWORD_LIMITS.min, `Пароль — не короче ${formatCount(PASSWORD_LIMITS.min, CHARACTERS_UP_TO)}`)
  .max(PASSWORD_LIMITS.max, `Пароль — не длиннее ${formatCount(PASSWORD_LIMITS.max, CHARACTERS_UP_TO)}`)

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

/** The token of a link from a confirmation e-mail (`?confirmEmail=…`, `?cancelEmailChange=…`). */
export const EmailLinkInput = z.object({
  token: z
    .string()
    .min(20, 'Ссылка недействительна')
    .max(200, 'Ссылка недействительна')
    .regex(/^[\w-]+$/, 'Ссылка недействительна'),
})

export const PasswordChangeInput = z.object({
  currentPassword: z.string().min(1, 'Введите текущий пароль'),
  newPassword: Password,
})

export type RegisterInput = z.input<typeof RegisterInput>
export type LoginInput = z.input<typeof LoginInput>

export const EMAIL_MESSAGES = {
  registrationSent: (email: string) =>
    `Мы отправили письмо на ${email}. Откройте ссылку из него, чтобы завершить регистрацию: она действует 24 часа.`,
  registered: 'Адрес подтверждён, регистрация завершена. Добро пожаловать в БАС Маркет!',
  changeSent: (email: string) =>
    `Мы отправили ссылку на ${email}. Адрес для входа изменится, когда вы её откроете; до тех пор входите с прежним.`,
  changed: (email: string) => `Адрес для входа изменён на ${email}.`,
  confirmed: 'Адрес электронной почты подтверждён.',
  confirmationSent: 'Мы отправили ссылку для подтверждения на ваш адрес.',
  cancelled: 'Смена адреса отменена: адрес для входа остался прежним.',
  reverted: (email: string) =>
    `Смена адреса отменена: адрес для входа снова ${email}, все сеансы завершены. Войдите и смените пароль.`,
  linkInvalid: 'Ссылка недействительна, уже использована или устарела.',
  sameAddress: 'Это ваш текущий адрес',
  addressTaken: 'Этот адрес уже привязан к другому аккаунту',
  unconfirmed: 'Подтвердите адрес электронной почты в профиле: без этого приглашения не принимаются.',
} as const

export const AUTH_MESSAGES = {
  badCredentials: 'Неверный email или пароль',
  emailTaken: 'Пользователь с таким email уже зарегистрирован. Войдите или восстановите пароль.',
  resetSent: 'Если такой адрес зарегистрирован, мы отправили на него ссылку для смены пароля.',
  resetInvalid: 'Ссылка для смены пароля недействительна или устарела. Запросите новую.',
  wrongPassword: 'Неверный текущий пароль',
  signInRequired: 'Войдите, чтобы продолжить',
  crossSite: 'Запрос отклонён: он отправлен с другого сайта.',
} as const
