import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router'
import { getAppContext } from './lib/load-context.ts'
import { hydrateAfterPaint, paintsBeforeHydrating } from './lib/hydrate-after-paint.server.ts'
import { CoalesceChunks } from './lib/coalesce-chunks.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const userAgent = request.headers.get('user-agent')
  const crawler = Boolean(userAgent && isbot(userAgent))

  // Crawlers get the status code and nothing to index: no error page (spec section 2).
  if (crawler && responseStatusCode >= 400) {
    responseHeaders.set('content-type', 'text/plain; charset=utf-8')
    return new Response(String(responseStatusCode), { status: responseStatusCode, headers: responseHeaders })
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  const { cspNonce, skipPageCache } = getAppContext(loadContext)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)
    const readyOption = crawler || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />,
      {
        nonce: cspNonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          responseHeaders.set('content-type', 'text/html; charset=utf-8')
          // One buffer per pass of React's rather than a 4 KB piece at a time down the pipeline.
          const passes = new CoalesceChunks()
          pipe(passes)
          if (paintsBeforeHydrating(new URL(request.url).pathname)) passes.pipe(hydrateAfterPaint()).pipe(body)
          else passes.pipe(body)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // After the shell the status is already sent: at least keep the broken page out of the cache.
          skipPageCache()
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
