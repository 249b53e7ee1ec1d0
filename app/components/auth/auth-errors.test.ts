import { describe, expect, it } from 'vitest'
import { LoginInput, RegisterInput } from '#common/auth.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { describeApiError, NETWORK_MESSAGE, zodFieldErrors } from './auth-errors.ts'

const apiError = (status: number, error?: { message: string; fields?: Record<string, string> }) =>
  new ApiError({ status, data: error ? { error } : undefined })

describe('describeApiError', () => {
  it('puts field errors next to the fields the form has', () => {
    const error = apiError(409, {
      message: 'Пользователь с таким email уже зарегистрирован.',
      fields: { email: 'Пользователь с таким email уже зарегистрирован.' },
    })
    expect(describeApiError(error, ['email', 'password'])).toEqual({
      fields: { email: 'Пользователь с таким email уже зарегистрирован.' },
    })
  })

  it('shows the message above the form when no field of the form is named', () => {
    const error = apiError(400, { message: 'Ссылка недействительна', fields: { token: 'Ссылка недействительна' } })
    expect(describeApiError(error, ['password'])).toEqual({ fields: {}, message: 'Ссылка недействительна' })
    expect(describeApiError(apiError(401, { message: 'Неверный email или пароль' }), ['email'])).toEqual({
      fields: {},
      message: 'Неверный email или пароль',
    })
  })

  it('speaks Russian when there was no answer or no message', () => {
    expect(describeApiError(new ApiError({ status: 0 }), []).message).toBe(NETWORK_MESSAGE)
    expect(describeApiError(apiError(502), []).message).toBe('Что-то пошло не так. Попробуйте ещё раз.')
    expect(describeApiError(new Error('boom'), []).message).toBe('Что-то пошло не так. Попробуйте ещё раз.')
  })

  it('says nothing for a request the page cancelled', () => {
    expect(describeApiError(new ApiError({ status: 0, cancelled: true }), []).message).toBeUndefined()
  })
})

describe('zodFieldErrors', () => {
  it('gives the first Russian message of each field of the shared schemas', () => {
    const result = RegisterInput.safeParse({ name: 'И', email: 'nope', password: 'short', phone: '12' })
    expect(result.success).toBe(false)
    const fields = zodFieldErrors(result.error!)
    expect(fields).toEqual({
      name: 'Укажите имя и фамилию',
      email: 'Введите адрес электронной почты, например name@company.ru',
      password: 'Пароль — не короче 12 символов',
      phone: 'Введите номер телефона полностью: +7 (XXX) XXX-XX-XX',
      consent: 'Нужно согласие с пользовательским соглашением и на обработку персональных данных',
    })
    expect(zodFieldErrors(LoginInput.safeParse({ email: 'a@b.ru', password: '' }).error!)).toEqual({
      password: 'Введите пароль',
    })
  })
})
