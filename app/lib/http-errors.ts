import { data } from 'react-router'
import { MESSAGES } from '#common/messages.ts'

/** The spec's 404: thrown from a loader for an unknown path or a value that fails validation. */
export function notFound(request: Request): never {
  const url = new URL(request.url)
  throw data(MESSAGES.pageNotFound(url.pathname + url.search), { status: 404 })
}
