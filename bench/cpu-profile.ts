import { Session } from 'node:inspector/promises'

/** One line of a profile's summary: a function, where it is, and its share of the thread's time. */
export interface ProfileEntry {
  fn: string
  where: string
  selfMs: number
  share: number
}

/**
 * Samples this thread's CPU with V8's profiler (what `node --cpu-prof` writes) while `work` runs,
 * and sums the samples' self time per function. The idle samples are left out of the shares, so a
 * share is of the time the thread was busy.
 */
export async function profileWhile(work: () => Promise<unknown>, intervalUs = 250): Promise<ProfileEntry[]> {
  const session = new Session()
  session.connect()
  try {
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs })
    await session.post('Profiler.start')
    await work()
    const { profile } = await session.post('Profiler.stop')
    return summarize(profile)
  } finally {
    session.disconnect()
  }
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
  samples?: number[]
  timeDeltas?: number[]
}

function summarize(profile: Profile): ProfileEntry[] {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const self = new Map<string, ProfileEntry>()
  let busyUs = 0
  const samples = profile.samples ?? []
  for (let i = 0; i < samples.length; i++) {
    const frame = frames.get(samples[i]!)!
    const us = profile.timeDeltas?.[i] ?? 0
    if (frame.functionName === '(idle)') continue
    busyUs += us
    const where = frame.url ? `${shortPath(frame.url)}:${frame.lineNumber + 1}` : ''
    const key = `${frame.functionName}@${where}`
    const entry = self.get(key) ?? { fn: frame.functionName || '(anonymous)', where, selfMs: 0, share: 0 }
    entry.selfMs += us / 1000
    self.set(key, entry)
  }
  return [...self.values()]
    .map((e) => ({ ...e, share: busyUs ? (e.selfMs * 1000) / busyUs : 0 }))
    .sort((a, b) => b.selfMs - a.selfMs)
}

/** `node_modules/react-dom/cjs/…` or the path inside the project; a bundle keeps its file name. */
function shortPath(url: string): string {
  const path = url.replace(/^file:\/\//, '')
  const dep = path.lastIndexOf('node_modules/')
  if (dep >= 0) return path.slice(dep + 'node_modules/'.length)
  const project = path.indexOf('/build/')
  return project >= 0 ? path.slice(project + 1) : path.split('/').slice(-2).join('/')
}

/** Self time summed by where it runs: a package, the app's build, Node's own code, or the VM. */
export function byPackage(entries: ProfileEntry[]): ProfileEntry[] {
  const sums = new Map<string, ProfileEntry>()
  for (const e of entries) {
    const where = packageOf(e)
    const sum = sums.get(where) ?? { fn: '', where, selfMs: 0, share: 0 }
    sum.selfMs += e.selfMs
    sum.share += e.share
    sums.set(where, sum)
  }
  return [...sums.values()].sort((a, b) => b.selfMs - a.selfMs)
}

function packageOf(e: ProfileEntry): string {
  if (!e.where) return e.fn.startsWith('(') ? e.fn : 'native (syscalls, builtins)'
  if (e.where.startsWith('node:')) return 'node: (streams, http, buffers)'
  if (e.where.startsWith('build/')) return 'the app (build/server)'
  const parts = e.where.split('/')
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
}

/** The `count` entries with the most self time, as Markdown rows. */
export function profileTable(entries: ProfileEntry[], count = 15): string {
  const rows = entries
    .slice(0, count)
    .map((e) => `| ${e.fn} | ${e.where} | ${e.selfMs.toFixed(0)} | ${(e.share * 100).toFixed(1)} % |`)
  return ['| function | where | self ms | share |', '| --- | --- | ---: | ---: |', ...rows].join('\n')
}

/** The packages' sums, as Markdown rows. */
export function packageTable(entries: ProfileEntry[], count = 10): string {
  const rows = byPackage(entries)
    .slice(0, count)
    .map((e) => `| ${e.where} | ${e.selfMs.toFixed(0)} | ${(e.share * 100).toFixed(1)} % |`)
  return ['| where | self ms | share |', '| --- | ---: | ---: |', ...rows].join('\n')
}
