import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100

/**
 * CPU milliseconds all PostgreSQL processes of this machine have used so far (user + system), or
 * null where /proc cannot tell (not Linux, or the server runs elsewhere). The difference over a run
 * is the database's share of the work, as long as nothing else uses the server meanwhile and the
 * pool's connections live through the run (a backend that exits takes its time with it).
 */
export function postgresCpuMs(): number | null {
  let ticks = 0
  let found = false
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return null
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1')
    } catch {
      continue // ended between the listing and the read
    }
    // pid (comm) state ppid …: comm may hold spaces, so the fields are counted after its ')'.
    const close = stat.lastIndexOf(')')
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue
    const fields = stat.slice(close + 2).split(' ')
    ticks += Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15 of stat)
    found = true
  }
  return found ? (ticks * 1000) / TICKS_PER_SECOND : null
}
