import { Zip, ZipDeflate } from 'fflate'
import { EXCHANGE_PATH } from '#common/exchange-1c.ts'

/**
 * 1С's side of «Обмен с сайтом», request for request: `checkauth` with HTTP Basic, the cookie it
 * answers with on every request after, `init` to learn whether to zip and how large a part may
 * be, the files posted in parts (or one archive), `import` of each file asked again while the
 * site answers «progress», then `complete`; for orders `query`, `success` and `file`. The tests,
 * the benchmark and `npm run exchange:1c` drive the marketplace with it.
 */

export interface StandInOptions {
  /** The site's address, «http://127.0.0.1:3000». */
  baseUrl: string
  login: string
  password: string
  /** Waits between «progress» answers (the tests and the benchmark ask at once). */
  pollMs?: number
  /** Done between «progress» answers instead of waiting (the tests run the site's jobs here). */
  betweenPolls?: () => Promise<unknown>
  /** Gives up after this many «progress» answers to one import. */
  maxPolls?: number
  /** Every request and its answer's first line, for the script's output. */
  log?: (line: string) => void
}

export interface ProtocolStep {
  mode: string
  filename?: string
  answer: string
}

export class ExchangeError extends Error {
  readonly steps: ProtocolStep[]
  constructor(message: string, steps: ProtocolStep[]) {
    super(message)
    this.steps = steps
  }
}

export interface ExchangeFile {
  name: string
  /** The file's text as pieces (a generator for a large catalogue). */
  text: () => Iterable<string>
}

const encoder = new TextEncoder()

export function createStandIn(options: StandInOptions) {
  const steps: ProtocolStep[] = []
  let cookie = ''

  async function request(
    type: 'catalog' | 'sale',
    mode: string,
    extra: { filename?: string; body?: Uint8Array; auth?: boolean } = {},
  ): Promise<string> {
    const url = new URL(EXCHANGE_PATH, options.baseUrl)
    url.searchParams.set('type', type)
    url.searchParams.set('mode', mode)
    if (extra.filename) url.searchParams.set('filename', extra.filename)
    const headers: Record<string, string> = {}
    if (extra.auth)
      headers.authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`
    if (cookie) headers.cookie = cookie
    if (extra.body) headers['content-type'] = 'application/octet-stream'
    const response = await fetch(url, {
      method: extra.body ? 'POST' : 'GET',
      headers,
      ...(extra.body && { body: new Blob([new Uint8Array(extra.body)]) }),
    })
    const text = await response.text()
    steps.push({ mode, ...(extra.filename && { filename: extra.filename }), answer: text })
    options.log?.(`${type}/${mode}${extra.filename ? ` ${extra.filename}` : ''} → ${text.split('\n')[0]}`)
    return text
  }

  const firstLine = (text: string) => text.split('\n')[0]!.trim()
  function expectSuccess(text: string, what: string) {
    if (firstLine(text) !== 'success') throw new ExchangeError(`${what}: ${text.trim()}`, steps)
  }

  async function checkauth(type: 'catalog' | 'sale') {
    const answer = await request(type, 'checkauth', { auth: true })
    expectSuccess(answer, 'checkauth')
    const [, name, value] = answer.split('\n').map((l) => l.trim())
    cookie = `${name}=${value}`
  }

  async function init(type: 'catalog' | 'sale') {
    const answer = await request(type, 'init')
    const values = Object.fromEntries(answer.split('\n').map((l) => l.trim().split('=') as [string, string]))
    if (!values.file_limit) throw new ExchangeError(`init: ${answer.trim()}`, steps)
    return { zip: values.zip === 'yes', fileLimit: Number(values.file_limit) }
  }

  /** Posts bytes in parts of at most `limit`, as 1С appends a large file. */
  async function postParts(type: 'catalog' | 'sale', filename: string, parts: AsyncIterable<Uint8Array>) {
    for await (const part of parts)
      expectSuccess(await request(type, 'file', { filename, body: part }), `file ${filename}`)
  }

  async function* piecesOf(file: ExchangeFile, limit: number): AsyncGenerator<Uint8Array> {
    let buffered: Uint8Array[] = []
    let size = 0
    for (const text of file.text()) {
      const bytes = encoder.encode(text)
      for (let at = 0; at < bytes.length;) {
        const take = bytes.subarray(at, at + (limit - size))
        buffered.push(take)
        size += take.length
        at += take.length
        if (size >= limit) {
          yield Buffer.concat(buffered)
          buffered = []
          size = 0
        }
      }
    }
    if (size) yield Buffer.concat(buffered)
  }

  /** The files as one zip archive, deflated as it is written, cut into parts of at most `limit`. */
  async function* zipped(files: ExchangeFile[], extra: { name: string; bytes: Uint8Array }[], limit: number) {
    const chunks: Uint8Array[] = []
    let size = 0
    let done = false
    const zip = new Zip((error, data, final) => {
      if (error) throw error
      chunks.push(data)
      size += data.length
      if (final) done = true
    })
    const drain = function* (all: boolean) {
      while (size >= limit || (all && size > 0)) {
        const joined = Buffer.concat(chunks.splice(0))
        const part = joined.subarray(0, limit)
        const rest = joined.subarray(limit)
        if (rest.length) chunks.push(rest)
        size = rest.length
        yield part
      }
    }
    for (const file of files) {
      const entry = new ZipDeflate(file.name, { level: 6 })
      zip.add(entry)
      for (const text of file.text()) {
        entry.push(encoder.encode(text))
        yield* drain(false)
      }
      entry.push(new Uint8Array(0), true)
      yield* drain(false)
    }
    for (const picture of extra) {
      const entry = new ZipDeflate(picture.name, { level: 0 })
      zip.add(entry)
      entry.push(picture.bytes, true)
    }
    zip.end()
    if (!done) throw new Error('zip not finished')
    yield* drain(true)
  }

  async function importUntilDone(filename: string) {
    for (let poll = 0; poll < (options.maxPolls ?? 100_000); poll++) {
      const answer = await request('catalog', 'import', { filename })
      const first = firstLine(answer)
      if (first === 'success') return
      if (first !== 'progress') throw new ExchangeError(`import ${filename}: ${answer.trim()}`, steps)
      if (options.betweenPolls) await options.betweenPolls()
      else await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000))
    }
    throw new ExchangeError(`import ${filename}: слишком долго`, steps)
  }

  return {
    steps,

    /**
     * A catalogue exchange: the files zipped when the site asks for it (with the pictures), posted
     * in parts, then imported one by one in the order given.
     */
    async catalog(
      files: ExchangeFile[],
      opts: { pictures?: { name: string; bytes: Uint8Array }[]; zip?: boolean } = {},
    ) {
      await checkauth('catalog')
      const { zip, fileLimit } = await init('catalog')
      if (zip && opts.zip !== false)
        await postParts('catalog', 'exchange.zip', zipped(files, opts.pictures ?? [], fileLimit))
      else
        for (const file of files) {
          await postParts('catalog', file.name, piecesOf(file, fileLimit))
        }
      for (const file of files) await importUntilDone(file.name)
      await request('catalog', 'complete')
    },

    /** An orders exchange: the orders the site has for 1С, confirmed; then 1С's changes, if any. */
    async sale(changes?: string): Promise<string> {
      await checkauth('sale')
      await init('sale')
      const orders = await request('sale', 'query')
      if (!orders.trimStart().startsWith('<?xml')) throw new ExchangeError(`query: ${orders.trim()}`, steps)
      expectSuccess(await request('sale', 'success'), 'success')
      if (changes)
        expectSuccess(await request('sale', 'file', { filename: 'orders.xml', body: encoder.encode(changes) }), 'file')
      return orders
    },

    /** One raw request, for tests of what the protocol refuses. */
    request,
    checkauth,
    init,
  }
}
