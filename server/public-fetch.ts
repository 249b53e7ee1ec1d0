import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'

/**
 * Fetching an address a user gave (a picture in a vendor's catalogue file) from the server, where
 * the address could point anywhere the server can reach. Every connection, redirects included,
 * goes through request-filtering-agent, which checks the address a name resolved to just before
 * connecting (DNS rebinding cannot slip a private address in after a check): loopback, private,
 * link-local (cloud metadata at 169.254.169.254) and reserved addresses are refused unless the
 * operator allows them by address or CIDR (`allowAddresses`; tests allow 127.0.0.1 for their
 * own picture server). Only http and https, a few redirects, a deadline for the whole exchange
 * and a cap on the body, counted as it arrives.
 */
export interface PublicFetchOptions {
  maxBytes: number
  /** For the whole exchange: connecting, every redirect, the body. */
  timeoutMs: number
  maxRedirects?: number
  allowAddresses?: readonly string[]
}

export type PublicFetchFailure =
  | { ok: false; reason: 'address' } // not http(s), or no host
  | { ok: false; reason: 'private' } // resolves to an address the server must not reach
  | { ok: false; reason: 'unreachable' } // no such host, refused, reset
  | { ok: false; reason: 'timeout' }
  | { ok: false; reason: 'status'; status: number }
  | { ok: false; reason: 'redirects' }
  | { ok: false; reason: 'too_large' }

export type PublicFetchResult = { ok: true; bytes: Buffer } | PublicFetchFailure

const REFUSED_BY_FILTER = /is not allowed/

export interface PublicFetcher {
  fetch(address: string): Promise<PublicFetchResult>
}

export function createPublicFetcher(options: PublicFetchOptions): PublicFetcher {
  // No kept-alive sockets: pictures come from many hosts, a few from each, and nothing lingers.
  const filter = { allowIPAddressList: [...(options.allowAddresses ?? [])], keepAlive: false }
  const agents = { 'http:': new RequestFilteringHttpAgent(filter), 'https:': new RequestFilteringHttpsAgent(filter) }
  const maxRedirects = options.maxRedirects ?? 3

  function once(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
    const get = url.protocol === 'https:' ? https.get : http.get
    return new Promise((resolve, reject) => {
      const request = get(
        url,
        { agent: agents[url.protocol as 'http:'], signal, headers: { accept: 'image/*' } },
        resolve,
      )
      request.on('error', reject)
    })
  }

  async function body(response: IncomingMessage): Promise<Buffer | 'too_large'> {
    const declared = Number(response.headers['content-length'])
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy()
      return 'too_large'
    }
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > options.maxBytes) {
        response.destroy()
        return 'too_large'
      }
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  }

  async function fetch(address: string): Promise<PublicFetchResult> {
    let url: URL
    try {
      url = new URL(address)
    } catch {
      return { ok: false, reason: 'address' }
    }
    const signal = AbortSignal.timeout(options.timeoutMs)
    try {
      for (let hop = 0; ; hop++) {
        if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
          return { ok: false, reason: 'address' }
        const response = await once(url, signal)
        const status = response.statusCode ?? 0
        const location = response.headers.location
        if (status >= 300 && status < 400 && location) {
          response.resume()
          if (hop >= maxRedirects) return { ok: false, reason: 'redirects' }
          url = new URL(location, url)
          continue
        }
        if (status < 200 || status >= 300) {
          response.resume()
          return { ok: false, reason: 'status', status }
        }
        const bytes = await body(response)
        if (bytes === 'too_large') return { ok: false, reason: 'too_large' }
        return { ok: true, bytes }
      }
    } catch (error) {
      if (signal.aborted) return { ok: false, reason: 'timeout' }
      if (REFUSED_BY_FILTER.test(String((error as Error)?.message))) return { ok: false, reason: 'private' }
      if (error instanceof TypeError) return { ok: false, reason: 'address' } // a redirect to nowhere
      return { ok: false, reason: 'unreachable' }
    }
  }

  return { fetch }
}
