import { afterEach, describe, expect, it, vi } from 'vitest'
import { deriveSessionFlags, type WhoamiUser } from '#common/organizations.ts'
import { api } from './api.ts'
import { configureApi } from './api-config.ts'
import { openAuthModal } from './auth-modal.ts'
import { showErrorPage } from './forced-error.ts'
import { changeUnreadChatCount, getHeaderSummary } from './header-summary.ts'
import { clearUser, getSession, refresh, setSessionUser } from './session.ts'
import { analyticsUserParams } from './session-sync.ts'
import { adoptRootUser } from './session-store.ts'

vi.mock('./auth-modal.ts', async (original) => ({ ...(await original()), openAuthModal: vi.fn() }))
vi.mock('./forced-error.ts', async (original) => ({ ...(await original()), showErrorPage: vi.fn() }))

const user = (roles: WhoamiUser['organizations'][number]['roles'], isSelected = true): WhoamiUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'buyer@example.ru',
  name: 'Анна Иванова',
  phone: null,
  emailConfirmed: true,
  isStaff: false,
  organizations: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'ООО «Агродрон»',
      inn: '7707083893',
      isSelected,
      memberRole: 'owner',
      roles,
    },
  ],
})

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.mocked(openAuthModal).mockClear()
  vi.mocked(showErrorPage).mockClear()
  clearUser()
})

describe('analytics user parameters (spec section 1)', () => {
  const params = (u: WhoamiUser | null) => analyticsUserParams(deriveSessionFlags(u))

  it('a guest is guest/guest', () => {
    expect(params(null)).toEqual({ status: 'guest', type: 'guest' })
  })
  it('a user without a confirmed role is registrated; without a vendor role a buyer', () => {
    expect(params(user([]))).toEqual({ status: 'registrated', type: 'buyer' })
    expect(params(user([{ type: 'buyer', confirmed: false, status: 'moderation' }]))).toEqual({
      status: 'registrated',
      type: 'buyer',
    })
  })
  it('any confirmed role of the selected organization makes the user confirmed', () => {
    expect(params(user([{ type: 'buyer', confirmed: true, status: 'confirmed' }]))).toEqual({
      status: 'confirmed',
      type: 'buyer',
    })
  })
  it('a vendor role, confirmed or not, makes a seller', () => {
    expect(params(user([{ type: 'vendor', confirmed: false, status: 'new' }]))).toEqual({
      status: 'registrated',
      type: 'seller',
    })
    expect(
      params(
        user([
          { type: 'buyer', confirmed: true, status: 'confirmed' },
          { type: 'vendor', confirmed: true, status: 'confirmed' },
        ]),
      ),
    ).toEqual({ status: 'confirmed', type: 'seller' })
  })
  it('roles of an organization that is not selected do not count', () => {
    expect(params(user([{ type: 'vendor', confirmed: true, status: 'confirmed' }], false))).toEqual({
      status: 'registrated',
      type: 'buyer',
    })
  })
})

describe('the session store', () => {
  it('starts not loaded; loading an equal user again keeps the same state object', () => {
    const first = user([])
    setSessionUser(first)
    const state = getSession()
    expect(state).toEqual({ status: 'loaded', user: first })
    setSessionUser(structuredClone(first))
    expect(getSession()).toBe(state)
    clearUser()
    expect(getSession()).toEqual({ status: 'loaded', user: null })
  })

  it('refresh() takes the user from whoami', async () => {
    configureApi('http://api.test/api/v1')
    const me = user([])
    const fetch = vi.fn(async () => answer(200, { data: me }))
    vi.stubGlobal('fetch', fetch)
    await expect(refresh()).resolves.toEqual(me)
    expect(getSession().user).toEqual(me)
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('http://api.test/api/v1/users/whoami')
  })

  it('a failed whoami leaves no user, and opens no modal', async () => {
    configureApi('http://api.test/api/v1')
    setSessionUser(user([]))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { error: { message: 'Войдите, чтобы продолжить' } })),
    )
    await expect(refresh()).resolves.toBeNull()
    expect(getSession()).toEqual({ status: 'loaded', user: null })
    expect(openAuthModal).not.toHaveBeenCalled()

    setSessionUser(user([]))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await expect(refresh()).resolves.toBeNull()
    expect(getSession().user).toBeNull()
  })
})

describe('the browser API client (spec sections 4, 6)', () => {
  it('uses the configured base URL', async () => {
    configureApi('/api/v2')
    const fetch = vi.fn(async () => answer(200, { ok: true }))
    vi.stubGlobal('fetch', fetch)
    await api.get('/header/summary')
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/v2/header/summary')
  })

  it('a 401 on any call but whoami clears the user and opens the sign-in modal', async () => {
    configureApi('http://api.test/api/v1')
    setSessionUser(user([]))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { error: { message: 'Войдите, чтобы продолжить' } })),
    )
    await expect(api.post('/organizations/x/select')).rejects.toMatchObject({ status: 401 })
    expect(getSession()).toEqual({ status: 'loaded', user: null })
    expect(openAuthModal).toHaveBeenCalledWith('signIn')
    expect(showErrorPage).not.toHaveBeenCalled()
  })

  it('a 403 shows the forbidden error page', async () => {
    configureApi('http://api.test/api/v1')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403, { error: { message: 'Доступно только сотрудникам платформы' } })),
    )
    await expect(api.get('/staff/thing')).rejects.toMatchObject({ status: 403 })
    expect(showErrorPage).toHaveBeenCalledWith({ statusCode: 403, message: 'Forbidden' })
    expect(openAuthModal).not.toHaveBeenCalled()
  })
})

describe('the header summary', () => {
  it('the unread chat count goes up and down but never below 0', () => {
    const start = getHeaderSummary().chatUnreadMessagesCount
    changeUnreadChatCount(1)
    changeUnreadChatCount(1)
    expect(getHeaderSummary().chatUnreadMessagesCount).toBe(start + 2)
    changeUnreadChatCount(-10)
    expect(getHeaderSummary().chatUnreadMessagesCount).toBe(0)
  })
})

describe("the root loader's user and the store", () => {
  it("a sync that mounts after a 401 cleared the user does not bring the page's user back", () => {
    const pageUser = user([{ type: 'buyer', confirmed: true, status: 'confirmed' }])
    clearUser()
    adoptRootUser(pageUser, true)
    expect(getSession()).toEqual({ status: 'loaded', user: null })
    // A revalidation afterwards is newer than the clearing: it is taken.
    adoptRootUser(pageUser, false)
    expect(getSession()).toEqual({ status: 'loaded', user: pageUser })
  })
})
