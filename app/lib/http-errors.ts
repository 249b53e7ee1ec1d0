import { data } from 'react-router'
import { isAppError, STATUS_BY_KIND } from '#common/errors.ts'
import { MESSAGES } from '#common/messages.ts'

/**
 * The page's own path. On client-side navigations React Router fetches `{path}.data` (and
 * `/_root.data` for the home page) and hands loaders that URL, so it is taken off here.
 */
export function pagePath(request: Request): string {
  const { pathname } = new URL(request.url)
  if (pathname === '/_root.data') return '/'
  return pathname.replace(/\.data$/, '').replace(/(.)\/$/, '$1')
}

/** The spec's 404: thrown from a loader for an unknown path or a value that fails validation. */
export function notFound(request: Request): never {
  const url = new URL(request.url)
  url.searchParams.delete('_routes') // React Router's own parameter on data requests
  throw data(MESSAGES.pageNotFound(pagePath(request) + url.search), { status: 404 })
}

/** The spec's 403 page ('Forbidden'). */
export function forbidden(): never {
  throw data(MESSAGES.forbidden, { status: 403 })
}

/**
 * Runs a service call for a loader: a refusal becomes the matching error page (404 for
 * not found, 403 for forbidden), anything else goes on to the error boundary as a 500.
 */
export async function loadOrFail<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.kind === 'not_found') notFound(request)
    if (error.kind === 'forbidden') forbidden()
    throw data(error.message, { status: STATUS_BY_KIND[error.kind] })
  }
}
