import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, reloadOnceForChunkError, shouldReload } from './chunk-reload.ts'

/** The part of Storage the module uses, kept in a Map. */
function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  }
}

describe('shouldReload', () => {
  const T = 1_700_000_000_000

  it('is true when no reload happened yet', () => {
    expect(shouldReload(memoryStorage(), T)).toBe(true)
  })

  it('is false within 10 s of the last reload and true after', () => {
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000)
    const storage = memoryStorage()
    storage.setItem(CHUNK_RELOAD_KEY, String(T))
    expect(shouldReload(storage, T)).toBe(false)
    expect(shouldReload(storage, T + 9_999)).toBe(false)
    expect(shouldReload(storage, T + 10_000)).toBe(true)
    expect(shouldReload(storage, T + 60_000)).toBe(true)
  })

  it('treats a garbage value as no previous reload', () => {
    const storage = memoryStorage()
    storage.setItem(CHUNK_RELOAD_KEY, 'garbage')
    expect(shouldReload(storage, T)).toBe(true)
  })
})

describe('reloadOnceForChunkError', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage())
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_700_000_000_000)
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('reloads once, refuses within the window, and reloads again after it', () => {
    const reload = vi.fn()
    expect(reloadOnceForChunkError(reload)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(Date.now()))

    vi.advanceTimersByTime(5_000)
    expect(reloadOnceForChunkError(reload)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)

    vi.setSystemTime(Date.now() + 5_001)
    expect(reloadOnceForChunkError(reload)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
