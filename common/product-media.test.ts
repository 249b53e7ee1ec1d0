import { describe, expect, it } from 'vitest'
import {
  checkPhotoBeforeUpload,
  MEDIA_MESSAGES,
  PHOTO_LIMITS,
  photoIdOf,
  photoSrcOf,
  photoTypeByContent,
  uploadedPhotoKey,
} from './product-media.ts'

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])))

describe('product photos', () => {
  it('knows a photo by its first bytes, whatever it is called', () => {
    expect(photoTypeByContent(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg')
    expect(photoTypeByContent(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png')
    expect(photoTypeByContent(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('image/webp')
    // A RIFF that is not WebP (a WAV sound), a PDF, text.
    expect(photoTypeByContent(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull()
    expect(photoTypeByContent(bytes('%PDF-1.7'))).toBeNull()
    expect(photoTypeByContent(bytes('hello'))).toBeNull()
  })

  it('gives uploaded photos their key as id and demo art a stable short hash', () => {
    const key = 'a'.repeat(32)
    expect(uploadedPhotoKey(photoSrcOf(key))).toBe(key)
    expect(photoIdOf(photoSrcOf(key))).toBe(key)
    expect(uploadedPhotoKey('product-photos/../secret.webp')).toBeNull()
    expect(photoIdOf('catalog/agro-top.svg')).toMatch(/^p[0-9a-f]{8}$/)
    expect(photoIdOf('catalog/agro-top.svg')).toBe(photoIdOf('catalog/agro-top.svg'))
    expect(photoIdOf('catalog/agro-top.svg')).not.toBe(photoIdOf('catalog/agro-field.svg'))
  })

  it('refuses in the browser what the server would refuse by name and size', () => {
    expect(checkPhotoBeforeUpload({ name: 'a.JPG', size: 10, type: 'image/jpeg' })).toBeNull()
    expect(checkPhotoBeforeUpload({ name: 'a.webp', size: 10, type: '' })).toBeNull()
    expect(checkPhotoBeforeUpload({ name: 'a.gif', size: 10, type: 'image/gif' })).toBe(MEDIA_MESSAGES.photoType)
    expect(checkPhotoBeforeUpload({ name: 'a.png', size: 0, type: 'image/png' })).toBe(MEDIA_MESSAGES.photoEmpty)
    expect(checkPhotoBeforeUpload({ name: 'a.png', size: PHOTO_LIMITS.maxBytes + 1, type: 'image/png' })).toBe(
      MEDIA_MESSAGES.photoTooLarge,
    )
  })
})
