import { data, type MiddlewareFunction } from 'react-router'
import { RU } from '#common/messages.ts'
import { getAppContext } from './load-context.ts'

function unavailable(): never {
  // The server adds Retry-After to every 503 (server/plugins/errors.ts).
  throw data(RU.serviceUnavailable, { status: 503 })
}

/**
 * The root's server middleware: while the database is away (a restart, a failover), pages are
 * the «Ошибка 503» page rather than a 500 or the API's JSON. Either the session could not be read
 * (nothing is loaded then), or a page failed and the database does not answer a ping: a failure
 * for that reason, not the page's own bug.
 */
export const databaseAwayMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const app = getAppContext(context)
  if (app.databaseAway) unavailable()
  const response = await next()
  if (response.status >= 500 && response.status !== 503 && !(await app.services.system.isDatabaseReady())) {
    app.skipPageCache()
    unavailable()
  }
  return response
}
