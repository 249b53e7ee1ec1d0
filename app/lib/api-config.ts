/**
 * The API base URL of the browser client. It lives apart from api.ts so that the root route can
 * set it without pulling the client itself into the first-load bundle.
 */
let baseUrl = '/api/v1'

/** Called by the root route with `publicConfig.apiBaseUrl` before anything calls the API. */
export function configureApi(url: string) {
  baseUrl = url
}

export function getApiBaseUrl(): string {
  return baseUrl
}
