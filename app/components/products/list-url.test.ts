import { describe, expect, it } from 'vitest'
import { DEFAULT_LIST_STATE, listHref, pageCount, parseListState } from './list-url.ts'

const parse = (query: string) => parseListState(new URLSearchParams(query))

describe('parseListState', () => {
  it('reads every part of the address', () => {
    expect(parse('tab=moderation&q=BAS-1&sort=price_desc&page=3')).toEqual({
      tab: 'moderation',
      q: 'BAS-1',
      sort: 'price_desc',
      page: 3,
    })
  })

  it('falls back to the defaults for missing or unknown values', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_STATE)
    expect(parse('tab=archive&sort=random&page=abc')).toEqual(DEFAULT_LIST_STATE)
    expect(parse('page=0').page).toBe(1)
    expect(parse('page=-2').page).toBe(1)
    expect(parse('page=1.5').page).toBe(1)
    expect(parse('page=10001').page).toBe(1)
  })

  it('tidies the search: spaces collapsed, trimmed, at most 100 characters', () => {
    expect(parse('q=%20%20Сокол%20%20М%20').q).toBe('Сокол М')
    expect(parse(`q=${'я'.repeat(150)}`).q).toHaveLength(100)
  })
})

describe('listHref', () => {
  const state = { tab: 'non-published', q: 'орлан', sort: 'title', page: 4 } as const

  it('leaves defaults out of the address', () => {
    expect(listHref(DEFAULT_LIST_STATE)).toBe('/personal-account/products')
    expect(listHref(DEFAULT_LIST_STATE, { page: 2 })).toBe('/personal-account/products?page=2')
  })

  it('keeps the rest of the state when only the page changes', () => {
    expect(listHref(state, { page: 5 })).toBe(
      '/personal-account/products?tab=non-published&q=%D0%BE%D1%80%D0%BB%D0%B0%D0%BD&sort=title&page=5',
    )
  })

  it('starts from the first page when the tab, search or sort changes', () => {
    expect(listHref(state, { tab: 'published' })).toBe(
      '/personal-account/products?q=%D0%BE%D1%80%D0%BB%D0%B0%D0%BD&sort=title',
    )
    expect(listHref(state, { q: '' })).toBe('/personal-account/products?tab=non-published&sort=title')
    expect(listHref(state, { sort: 'updated' })).toContain('tab=non-published')
    expect(listHref(state, { sort: 'updated' })).not.toContain('page=')
  })

  it('round-trips through parseListState', () => {
    const href = listHref(state, { page: 2 })
    expect(parseListState(new URL(href, 'http://x').searchParams)).toEqual({ ...state, page: 2 })
  })
})

describe('pageCount', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1)
    expect(pageCount(20, 20)).toBe(1)
    expect(pageCount(21, 20)).toBe(2)
  })
})
