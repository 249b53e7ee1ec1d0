import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { Redis } from 'ioredis'

/**
 * A Redis server of a test's own, on a free loopback port, that the test may kill and start again
 * (an outage) without touching the machine's shared one. Keeps nothing on disk.
 */
export interface TestRedis {
  url: string
  kill(): Promise<void>
  start(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined

  async function start() {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    child = started
    // Up when it answers: at most 200 looks, 50 ms apart.
    for (let attempt = 0; ; attempt++) {
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 })
      probe.on('error', () => {})
      try {
        await probe.connect()
        await probe.ping()
        return
      } catch (error) {
        if (attempt >= 200) throw error
        await new Promise((resolve) => setTimeout(resolve, 50))
      } finally {
        probe.disconnect()
      }
    }
  }

  async function kill() {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve())
      running.kill('SIGKILL')
    })
  }

  await start()
  return { url, kill, start }
}
