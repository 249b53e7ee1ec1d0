/**
 * `npm run bench:restart`: how soon an instance serves again after a crash. `npm start` over a
 * database that already holds the demo data is killed with kill -9 and started again
 * BENCH_ROUNDS (5) times; each start is timed from the spawn of `npm start` to the first
 * `/readyz` that answers 200. Measured on the embedded PGlite database (a scratch directory) and
 * on PostgreSQL (a scratch `bench_restart` database). The first start, which migrates and seeds,
 * is shown apart.
 *
 * Env: BENCH_ROUNDS; BENCH_BUSY_CORES (0): that many processes spinning meanwhile, as a busy
 * machine; BENCH_DATABASE_URL / DATABASE_URL (the PostgreSQL server).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startInstance } from '../tests/faults/instance.ts'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'
import { ensureServerBuild, envNumber } from './setup.ts'

process.chdir(fileURLToPath(new URL('..', import.meta.url)))
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 5))
const BUSY_CORES = Math.round(Number(process.env.BENCH_BUSY_CORES ?? 0))
const SCRATCH_DB = 'bench_restart'

setTimeout(() => {
  console.error('bench:restart did not finish within 15 minutes, giving up')
  process.exit(2)
}, 15 * 60_000).unref()

ensureServerBuild()
console.log(`# bench:restart — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}, ` +
    `${BUSY_CORES} busy cores, ${ROUNDS} restarts after kill -9 per database`,
)

const spinners: ChildProcess[] = Array.from({ length: BUSY_CORES }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
)

/** Seconds from the spawn of `npm start` to its first 200 from /readyz. */
async function timedStart(env: Record<string, string>) {
  const started = performance.now()
  const instance = await startInstance({ LOG_LEVEL: 'silent', ...env })
  return { instance, seconds: (performance.now() - started) / 1000 }
}

async function measure(name: string, env: Record<string, string>) {
  const first = await timedStart(env)
  await first.instance.crash()
  const restarts: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const { instance, seconds } = await timedStart(env)
    restarts.push(seconds)
    await instance.crash()
  }
  restarts.sort((a, b) => a - b)
  const median = restarts[Math.floor(restarts.length / 2)]!
  console.log(
    `| ${name.padEnd(10)} | ${`${first.seconds.toFixed(1)} s`.padStart(11)} | ${`${median.toFixed(2)} s`.padStart(15)} | ` +
      `${`${restarts.at(-1)!.toFixed(2)} s`.padStart(7)} |`,
  )
}

try {
  console.log('\n| database   | first start | restart, median | slowest |')
  console.log('| ---------- | ----------: | --------------: | ------: |')
  const directory = mkdtempSync(join(tmpdir(), 'bench-restart-'))
  try {
    await measure('PGlite', { PGLITE_DIR: join(directory, 'db'), UPLOADS_DIR: join(directory, 'uploads') })
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
  const url = await createScratchDatabase(SCRATCH_DB)
  if (url) {
    try {
      await measure('PostgreSQL', { DATABASE_URL: url })
    } finally {
      await dropScratchDatabase(SCRATCH_DB)
    }
  }
} finally {
  for (const spinner of spinners) spinner.kill('SIGKILL')
}
