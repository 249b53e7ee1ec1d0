import { useLocation, useNavigate, useRevalidator } from 'react-router'
import type { WhoamiOrganization } from '#common/organizations.ts'
import { api } from '#app/lib/api.ts'
import { isApiError } from '#app/lib/api-client.ts'
import { showToast } from '#app/lib/notify.ts'
import { clearUser, refresh } from '#app/lib/session.ts'
import { describeApiError } from '../auth/auth-errors.ts'
import { quote } from '#common/format.ts'

/** The account's pages, as the header menu and the phone drawer list them. */
export function accountLinks(isStaff: boolean) {
  return [
    { to: '/personal-account/profile', label: 'Профиль' },
    { to: '/personal-account/company', label: 'Компания' },
    { to: '/personal-account/orders', label: 'Заказы' },
    { to: '/personal-account/documents', label: 'Документы' },
    ...(isStaff ? [{ to: '/personal-account/staff', label: 'Модерация' }] : []),
  ]
}

/** 401 and 403 are already handled by the API client (the modal, the error page). */
function reportFailure(error: unknown) {
  if (isApiError(error) && (error.status === 401 || error.status === 403 || error.cancelled)) return
  const { message } = describeApiError(error, [])
  if (message) showToast(message, 'error')
}

/** What the account menu does: switch the selected organization, sign out. */
export function useAccountActions() {
  const { revalidate } = useRevalidator()
  const navigate = useNavigate()
  const { pathname } = useLocation()

  async function selectOrganization(organization: Pick<WhoamiOrganization, 'id' | 'name'>) {
    try {
      await api.post(`/organizations/${encodeURIComponent(organization.id)}/select`)
    } catch (error) {
      return reportFailure(error)
    }
    await refresh()
    await revalidate()
    showToast(`Выбрана организация ${quote(organization.name)}`, 'success')
  }

  async function signOut() {
    try {
      await api.post('/auth/logout')
    } catch (error) {
      return reportFailure(error)
    }
    clearUser()
    // A private page would only ask to sign in again: go home instead.
    if (pathname.startsWith('/personal-account')) await navigate('/')
    else await revalidate()
    showToast('Вы вышли из аккаунта')
  }

  return { selectOrganization, signOut }
}
