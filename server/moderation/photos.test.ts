import { describe, expect, it } from 'vitest'
import { photoIdOf } from '#common/product-media.ts'
import { AppError } from '../errors.ts'
import { photoList } from './photos.ts'

const photo = (name: string) => ({ src: `/art/${name}.webp`, alt: name })
const three = [photo('a'), photo('b'), photo('c')]
const id = (name: string) => photoIdOf(`/art/${name}.webp`)
const full = () => new AppError('invalid', 'Не больше 3 фотографий', { file: 'Не больше 3 фотографий' })

describe('a listing’s photo list', () => {
  it('adds at the end while there is room, and refuses the one too many with the listing’s words', () => {
    expect(photoList.add(three.slice(0, 2), photo('c'), 3, full).map((p) => p.alt)).toEqual(['a', 'b', 'c'])
    expect(() => photoList.checkRoom(three, 3, full)).toThrow('Не больше 3 фотографий')
    expect(() => photoList.add(three, photo('d'), 3, full)).toThrow('Не больше 3 фотографий')
  })

  it('removes, reorders and captions by the photo’s id; an unknown id is a 404', () => {
    const { photos, removed } = photoList.remove(three, id('b'))
    expect(photos.map((p) => p.alt)).toEqual(['a', 'c'])
    expect(removed.alt).toBe('b')
    expect(photoList.order(three, [id('c'), id('a'), id('b')]).map((p) => p.alt)).toEqual(['c', 'a', 'b'])
    expect(photoList.caption(three, id('a'), 'Вид сверху')[0]).toEqual({ src: '/art/a.webp', alt: 'Вид сверху' })
    expect(() => photoList.remove(three, 'p00000000')).toThrow(expect.objectContaining({ kind: 'not_found' }))
  })

  it('takes an order only of every photo, each once', () => {
    for (const ids of [
      [id('a'), id('b')],
      [id('a'), id('a'), id('b')],
      [id('a'), id('b'), 'p00000000'],
    ])
      expect(() => photoList.order(three, ids)).toThrow(expect.objectContaining({ kind: 'invalid' }))
  })
})
