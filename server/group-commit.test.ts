import { describe, expect, it } from 'vitest'
import { groupCommit, type Outcome } from './group-commit.ts'

/** A runner whose groups are recorded and finish only when the test lets them. */
function gatedRunner() {
  const groups: number[][] = []
  const gates: (() => void)[] = []
  const run = groupCommit(async (_key: object, items: number[]): Promise<Outcome<number>[]> => {
    groups.push(items)
    await new Promise<void>((resolve) => gates.push(resolve))
    if (items.includes(13)) throw new Error('the whole group failed')
    return items.map((n) => (n < 0 ? { ok: false, error: new Error(`bad ${n}`) } : { ok: true, value: n * 10 }))
  })
  const open = async () => {
    while (!gates.length) await new Promise((resolve) => setImmediate(resolve))
    gates.shift()!()
  }
  return { run, groups, open }
}

describe('groupCommit', () => {
  it('runs the first item at once and the items that came meanwhile together, each with its own outcome', async () => {
    const { run, groups, open } = gatedRunner()
    const key = {}
    const first = run(key, 1)
    const rest = [run(key, 2), run(key, -3), run(key, 4)]
    expect(groups).toEqual([[1]])
    await open()
    expect(await first).toBe(10)
    await open()
    expect(groups).toEqual([[1], [2, -3, 4]])
    const settled = await Promise.allSettled(rest)
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      20,
      'bad -3',
      40,
    ])
  })

  it('fails every item of a group whose run throws, and goes on with the next group', async () => {
    const { run, groups, open } = gatedRunner()
    const key = {}
    const first = run(key, 1)
    const doomed = [run(key, 13), run(key, 5)]
    await open()
    await first
    const later = run(key, 6)
    await open()
    for (const item of await Promise.allSettled(doomed)) expect(item.status).toBe('rejected')
    await open()
    expect(await later).toBe(60)
    expect(groups).toEqual([[1], [13, 5], [6]])
  })

  it('takes at most the group size at a time, the rest in the groups after', async () => {
    const groups: number[][] = []
    const run = groupCommit(async (_key: object, items: number[]) => {
      groups.push(items)
      await new Promise((resolve) => setImmediate(resolve))
      return items.map((n) => ({ ok: true as const, value: n }))
    }, 2)
    const key = {}
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map((n) => run(key, n)))).toEqual([1, 2, 3, 4, 5, 6])
    expect(groups).toEqual([[1], [2, 3], [4, 5], [6]])
  })

  it('keeps the groups of different keys apart (a transaction never joins the pool’s group)', async () => {
    const { run, groups, open } = gatedRunner()
    const pool = {}
    const transaction = {}
    const a = run(pool, 1)
    const b = run(transaction, 2)
    expect(groups).toEqual([[1], [2]])
    await open()
    await open()
    expect([await a, await b]).toEqual([10, 20])
  })
})
