import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import type { Database } from './db/client.ts'
import { testConfig } from './testing/app.ts'
import { BACKENDS, openTestDatabase } from './testing/database.ts'
import { type FuzzRequest, listOperations, type Operation, requestsFor } from './testing/fuzz-requests.ts'
import { FUZZ_SAMPLES, samplesFor } from './testing/fuzz-samples.ts'
import { type FuzzWorld, identityHeaders, prepareFuzzWorld } from './testing/fuzz-world.ts'

/**
 * No request a client can send makes a 5xx: generated requests (bad text, wrong types, huge
 * numbers, broken bodies, odd methods and path values) at every route of the OpenAPI document,
 * as a guest, as a member of an organization and as staff, after the past counterexamples of
 * fuzz-samples.ts. FUZZ_SEED replays a run, FUZZ_RUNS sets the requests per route and identity:
 * the budget is a count of requests, the same on a busy machine as on an idle one.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125)
// 10 by default: about 6 000 requests per backend, a few minutes on 2 CPUs. The same seed with
// more runs (FUZZ_RUNS=20 and up) continues the same sequence further.
const RUNS = Number(process.env.FUZZ_RUNS ?? 10)

describe.each(BACKENDS)('every API route on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let uploads: string
  let world: FuzzWorld
  /** What the server logged for each failed request, by request id. */
  const errors = new Map<string, string>()

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    uploads = await mkdtemp(join(tmpdir(), 'bas-fuzz-uploads-'))
    const write = (line: string) => {
      const entry = JSON.parse(line) as { reqId?: string; msg?: string; err?: { message?: string; stack?: string } }
      // A database error comes wrapped in the failed query: its cause says what went wrong.
      const cause = /caused by: (.*)/.exec(entry.err?.stack ?? '')?.[1]
      if (entry.reqId) errors.set(entry.reqId, cause ?? entry.err?.message ?? entry.msg ?? '')
    }
    app = await buildApp({
      // Rate limits at their loosest, so that requests get past them to the handlers.
      config: testConfig({ RATE_LIMIT_SCALE: '100', UPLOADS_DIR: uploads }),
      database,
      pages: { kind: 'none' },
      logger: { level: 'error', stream: { write } },
    })
    await app.ready()
    world = await prepareFuzzWorld(app, database.db)
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
    await rm(uploads, { recursive: true, force: true })
  })

  // The time limit only guards against a hang: the run is as long as its count of requests, and a
  // machine with the other core busy takes twice the minutes an idle one does.
  it('answers no generated request with a 5xx', { timeout: 30 * 60_000 }, async () => {
    console.info(`no-5xx property on ${backend}: seed ${SEED}, ${RUNS} runs per route and identity`)
    const operations = listOperations(app.swagger())
    expect(operations.length).toBeGreaterThan(40)
    // A renamed route must not leave its past counterexamples behind unsent.
    const routes = new Set(operations.map((o) => `${o.method} ${o.path}`))
    expect(FUZZ_SAMPLES.filter((s) => !routes.has(`${s.method} ${s.path}`))).toEqual([])
    const failures: string[] = []
    let requests = 0
    let pair = 0
    for (const operation of operations) {
      for (const identity of world.identities) {
        pair++
        const property = fc.asyncProperty(requestsFor(operation, world.known), async (request) => {
          requests++
          const res = await app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { ...request.headers, ...(await identityHeaders(database.db, identity)) },
            payload: request.payload,
            remoteAddress: `10.${requests % 250}.${(requests >> 8) % 250}.1`,
          })
          if (res.statusCode >= 500) {
            const logged = errors.get(String(res.headers['x-request-id'])) ?? res.body
            throw new Error(`${res.statusCode} ${logged.slice(0, 300)}`)
          }
        })
        const examples = samplesFor(operation, world.known).map((request): [FuzzRequest] => [request])
        const run = await fc.check(property, { numRuns: RUNS + examples.length, seed: SEED + pair, examples })
        if (run.failed) failures.push(describeFailure(operation, identity.name, run))
      }
    }
    console.info(`no-5xx property on ${backend}: ${requests} requests`)
    expect(failures, failures.join('\n\n')).toEqual([])
  })
})

function describeFailure(operation: Operation, identity: string, run: fc.RunDetails<[FuzzRequest]>): string {
  const request = run.counterexample?.[0]
  const error = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance)
  if (!request) return `${operation.method} ${operation.path} as ${identity}: ${error}`
  const payload = request.payload === undefined ? '' : String(request.payload)
  return [
    `${operation.method} ${operation.path} as ${identity} -> ${error}`,
    `  sent: ${request.method} ${JSON.stringify(request.url.slice(0, 300))}`,
    `  headers: ${JSON.stringify(request.headers)}`,
    `  payload (${payload.length} chars): ${JSON.stringify(payload.slice(0, 300))}`,
    `  replay: fast-check seed ${run.seed}, path ${run.counterexamplePath}`,
  ].join('\n')
}
