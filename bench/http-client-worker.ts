/**
 * Sends a list of requests from a worker thread, so the server's thread in the benchmark's process
 * does only the server's work and `process.threadCpuUsage()` there measures the server alone.
 * workerData: { base, requests: { method, path, cookie, body? }[], concurrency }; posts back each
 * request's status and milliseconds, in the order given.
 */
import { parentPort, workerData } from 'node:worker_threads'

interface Request {
  method: string
  path: string
  cookie: string
  body?: unknown
}

const { base, requests, concurrency } = workerData as { base: string; requests: Request[]; concurrency: number }
const results: { status: number; ms: number }[] = new Array(requests.length)
let next = 0

async function lane() {
  while (next < requests.length) {
    const i = next++
    const { method, path, cookie, body } = requests[i]!
    const started = performance.now()
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    await res.arrayBuffer()
    results[i] = { status: res.status, ms: performance.now() - started }
  }
}

await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane))
parentPort!.postMessage(results)
