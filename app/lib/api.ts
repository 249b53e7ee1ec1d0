import { MESSAGES } from '#common/messages.ts'
import { getApiBaseUrl } from './api-config.ts'
import { type ApiClient, createApiClient } from './api-client.ts'
import { openAuthModal } from './auth-modal.ts'
import { showErrorPage } from './forced-error.ts'
import { clearUser } from './session-store.ts'

export { configureApi } from './api-config.ts'

let client: ApiClient | undefined
let clientBaseUrl: string | undefined

/** The client for the configured base URL, made again only if the base URL changes. */
function current(): ApiClient {
  const baseUrl = getApiBaseUrl()
  if (!client || clientBaseUrl !== baseUrl) {
    clientBaseUrl = baseUrl
    client = createApiClient({
      baseUrl,
      // Spec section 4: a 401 on any call but whoami ends the session on this page and asks to sign in.
      onUnauthorized: () => {
        clearUser()
        openAuthModal('signIn')
      },
      onForbidden: () => showErrorPage({ statusCode: 403, message: MESSAGES.forbidden }),
    })
  }
  return client
}

/**
 * The one browser API client: every call from the browser goes through it. Loaders and actions
 * never use it: they call services in-process.
 */
export const api: ApiClient = {
  request: <T>(...args: Parameters<ApiClient['request']>) => current().request<T>(...args),
  get: <T>(...args: Parameters<ApiClient['get']>) => current().get<T>(...args),
  post: <T>(...args: Parameters<ApiClient['post']>) => current().post<T>(...args),
  put: <T>(...args: Parameters<ApiClient['put']>) => current().put<T>(...args),
  patch: <T>(...args: Parameters<ApiClient['patch']>) => current().patch<T>(...args),
  delete: <T>(...args: Parameters<ApiClient['delete']>) => current().delete<T>(...args),
}
