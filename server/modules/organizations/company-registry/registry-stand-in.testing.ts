import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The key the stand-in accepts; any other is refused with 403, as DaData does. */
export const STAND_IN_KEY = 'stand-in-dadata-key'

/** INNs the stand-in knows (valid checksums), and two that misbehave. */
export const STAND_IN_INN = {
  company: '7736207543',
  soleTrader: '500100732259',
  liquidating: '7736050003',
  failing: '7707083893',
  slow: '7702070139',
} as const

const PARTIES: Record<string, object> = {
  [STAND_IN_INN.company]: {
    inn: STAND_IN_INN.company,
    kpp: '770401001',
    ogrn: '1027700229193',
    type: 'LEGAL',
    opf: { short: 'ООО', full: 'Общество с ограниченной ответственностью' },
    name: { full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ЯНДЕКС"', short_with_opf: 'ООО "ЯНДЕКС"' },
    address: {
      value: 'г Москва, ул Льва Толстого, д 16',
      unrestricted_value: '119021, г Москва, ул Льва Толстого, д 16',
    },
    state: { status: 'ACTIVE' },
  },
  [STAND_IN_INN.soleTrader]: {
    inn: STAND_IN_INN.soleTrader,
    kpp: null,
    ogrn: '304500116000157',
    type: 'INDIVIDUAL',
    opf: { short: 'ИП' },
    name: {
      full_with_opf: 'Индивидуальный предприниматель Иванов Иван Иванович',
      short_with_opf: 'ИП Иванов Иван Иванович',
    },
    address: { value: 'г Москва', unrestricted_value: 'г Москва' },
    state: { status: 'ACTIVE' },
  },
  [STAND_IN_INN.liquidating]: {
    inn: STAND_IN_INN.liquidating,
    kpp: '772801001',
    ogrn: '1027700070518',
    type: 'LEGAL',
    opf: { short: 'ПАО' },
    name: { full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "ПРИМЕР"', short_with_opf: 'ПАО "ПРИМЕР"' },
    address: { unrestricted_value: '117420, г Москва, ул Наметкина, д 16' },
    state: { status: 'LIQUIDATING' },
  },
}

/**
 * A local stand-in for DaData's «findById/party»: the company-data adapter is tested against it
 * (never against the real service). It answers the known INNs, an empty list for others, 500 for
 * `failing`, and `slow` after two seconds.
 */
export async function startRegistryStandIn(
  port = 0,
): Promise<{ url: string; queries: string[]; close(): Promise<void> }> {
  const queries: string[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (req.method !== 'POST' || req.url !== '/suggestions/api/4_1/rs/findById/party') return send(404, {})
      if (req.headers.authorization !== `Token ${STAND_IN_KEY}`) return send(403, { message: 'Forbidden' })
      const { query } = JSON.parse(body || '{}') as { query?: string }
      queries.push(String(query))
      if (query === STAND_IN_INN.failing) return send(500, { message: 'Internal error' })
      const party = query ? PARTIES[query] : undefined
      const answer = { suggestions: party ? [{ value: 'x', data: party }] : [] }
      if (query === STAND_IN_INN.slow) setTimeout(() => send(200, answer), 2000)
      else send(200, answer)
    })
  })
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  const { port: listening } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${listening}`,
    queries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
