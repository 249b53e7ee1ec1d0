import { RouterContextProvider, type UNSAFE_DataWithResponseInit } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '#common/errors.ts'
import { appContext, type AppLoadContext } from '#app/lib/load-context.ts'
import { action } from './profile.tsx'

type ActionArgs = Parameters<typeof action>[0]

function setup(signedIn = true) {
  const identity = {
    updateProfile: vi.fn(async () => {}),
    changeEmail: vi.fn(async () => {}),
    changePassword: vi.fn(async () => {}),
    endSession: vi.fn(async () => {}),
    endOtherSessions: vi.fn(async () => {}),
  }
  const ctx = { user: signedIn ? { id: 'u1', email: 'a@b.ru', name: 'А Б', isStaff: false } : null }
  const context = new RouterContextProvider()
  context.set(appContext, { services: { identity }, ctx } as unknown as AppLoadContext)
  const post = (fields: Record<string, string>) =>
    action({
      request: new Request('http://x/personal-account/profile', { method: 'POST', body: new URLSearchParams(fields) }),
      context,
    } as unknown as ActionArgs)
  return { identity, post }
}

/** What the action answered: the body and the status of `data(...)`, or a plain object with 200. */
function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  const withInit = result as UNSAFE_DataWithResponseInit<Record<string, unknown>>
  if (withInit && typeof withInit === 'object' && 'init' in withInit && 'data' in withInit) {
    return { status: withInit.init?.status ?? 200, body: withInit.data }
  }
  return { status: 200, body: result as Record<string, unknown> }
}

describe('profile action', () => {
  it('answers 401 and asks to sign in again when the session is gone', async () => {
    const { identity, post } = setup(false)
    const { status, body } = unwrap(await post({ intent: 'profile', name: 'Новое Имя', phone: '' }))
    expect(status).toBe(401)
    expect(body).toMatchObject({ ok: false, signedOut: true })
    expect(identity.updateProfile).not.toHaveBeenCalled()
  })

  it('saves name and phone through the identity service', async () => {
    const { identity, post } = setup()
    const { status, body } = unwrap(await post({ intent: 'profile', name: 'Новое Имя', phone: '+7 (916) 123-45-67' }))
    expect(status).toBe(200)
    expect(body).toEqual({ ok: true, intent: 'profile' })
    expect(identity.updateProfile).toHaveBeenCalledWith(expect.anything(), {
      name: 'Новое Имя',
      phone: '+7 (916) 123-45-67',
    })
  })

  it('checks the repeated password with the form schema; passwords never come back', async () => {
    const { identity, post } = setup()
    const { status, body } = unwrap(
      await post({
        intent: 'password',
        currentPassword: 'old-password-1',
        newPassword: 'new-password-12',
        newPasswordRepeat: 'new-password-13',
      }),
    )
    expect(status).toBe(400)
    expect(body).toMatchObject({ ok: false, fieldErrors: { newPasswordRepeat: 'Пароли не совпадают' } })
    expect(body.values).toEqual({ intent: 'password' })
    expect(identity.changePassword).not.toHaveBeenCalled()
  })

  it("shows the service's refusal next to the field, with the input kept", async () => {
    const { identity, post } = setup()
    identity.changeEmail.mockRejectedValueOnce(
      new AppError('invalid', 'Неверный текущий пароль', { password: 'Неверный текущий пароль' }),
    )
    const { status, body } = unwrap(await post({ intent: 'email', email: 'new@b.ru', password: 'wrong' }))
    expect(status).toBe(400)
    expect(body).toMatchObject({ fieldErrors: { password: 'Неверный текущий пароль' }, values: { email: 'new@b.ru' } })
  })

  it('ending a session that is already gone counts as done', async () => {
    const { identity, post } = setup()
    identity.endSession.mockRejectedValueOnce(new AppError('not_found', 'Сеанс не найден'))
    expect(unwrap(await post({ intent: 'endSession', sessionId: 'abc' })).body).toEqual({
      ok: true,
      intent: 'endSession',
    })
    await post({ intent: 'endOtherSessions' })
    expect(identity.endOtherSessions).toHaveBeenCalledTimes(1)
  })

  it('refuses an unknown intent', async () => {
    const { post } = setup()
    expect(unwrap(await post({ intent: 'deleteEverything' })).status).toBe(400)
  })
})
