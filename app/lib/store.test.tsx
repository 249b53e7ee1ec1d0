import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { createStore, useStore } from './store.ts'

describe('createStore', () => {
  it('starts with the initial value and keeps what is set', () => {
    const store = createStore({ count: 0 })
    expect(store.get()).toEqual({ count: 0 })
    store.set({ count: 2 })
    expect(store.get()).toEqual({ count: 2 })
    store.update((s) => ({ count: s.count + 1 }))
    expect(store.get()).toEqual({ count: 3 })
    expect(store.initial).toEqual({ count: 0 })
  })

  it('tells each subscriber of every change, and no one after they leave', () => {
    const store = createStore(0)
    const first = vi.fn()
    const second = vi.fn()
    const leave = store.subscribe(first)
    store.subscribe(second)
    store.set(1)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
    leave()
    store.set(2)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(2)
  })

  it('does not tell anyone when the same value is set again', () => {
    const state = { opened: false }
    const store = createStore<typeof state | null>(state)
    const listener = vi.fn()
    store.subscribe(listener)
    store.set(state)
    store.update((s) => s)
    expect(listener).not.toHaveBeenCalled()
    store.set(null)
    store.set(null)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('lets a subscriber leave while it is being told', () => {
    const store = createStore(0)
    const seen: string[] = []
    const leaveA = store.subscribe(() => {
      seen.push('a')
      leaveA()
    })
    store.subscribe(() => seen.push('b'))
    store.set(1)
    store.set(2)
    expect(seen).toEqual(['a', 'b', 'b'])
  })
})

describe('useStore', () => {
  it('renders the initial value on the server, whatever the store holds by then', () => {
    const store = createStore('initial')
    store.set('changed in the browser')
    const Show = () => <p>{useStore(store)}</p>
    expect(renderToString(<Show />)).toBe('<p>initial</p>')
  })
})
