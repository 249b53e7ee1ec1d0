/**
 * Publishing through Centrifugo's server HTTP API (v5/v6): `POST {apiUrl}/api/publish` with the
 * key in `X-API-Key`. Centrifugo answers HTTP 200 even when it refuses (`{"error":{code,message}}`),
 * so the body is read every time. Failures are logged, never thrown: the database is the source of
 * truth and a client that missed something reloads it.
 */
export interface CentrifugoPublisherOptions {
  apiUrl: string
  apiKey: string
  log: (msg: string, err?: unknown) => void
  /** Milliseconds a publish may take. */
  timeoutMs?: number
  fetch?: typeof fetch
}

export function createCentrifugoPublisher(options: CentrifugoPublisherOptions) {
  const doFetch = options.fetch ?? fetch
  const url = `${options.apiUrl.replace(/\/$/, '')}/api/publish`
  return {
    async publish(channel: string, data: unknown): Promise<void> {
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey },
          body: JSON.stringify({ channel, data }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        })
        const text = await response.text()
        if (!response.ok) {
          options.log(`centrifugo publish to ${channel} failed: HTTP ${response.status} ${text.slice(0, 200)}`)
          return
        }
        const body = text ? (JSON.parse(text) as { error?: { code: number; message: string } }) : {}
        if (body.error) {
          options.log(`centrifugo publish to ${channel} refused: ${body.error.code} ${body.error.message}`)
        }
      } catch (err) {
        options.log(`centrifugo publish to ${channel} failed`, err)
      }
    },
  }
}
