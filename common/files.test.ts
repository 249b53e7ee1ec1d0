import { describe, expect, it } from 'vitest'
import {
  checkFileBeforeUpload,
  FILE_LIMITS,
  FILE_MESSAGES,
  normalizeMimeType,
  typeByContent,
  typeByFileName,
} from './files.ts'

describe('file rules shared by the upload component and the API', () => {
  it('knows a type by extension, case-insensitively, and nothing else', () => {
    expect(typeByFileName('Устав.PDF')).toBe('application/pdf')
    expect(typeByFileName('photo.jpeg')).toBe('image/jpeg')
    expect(typeByFileName('photo.jpg')).toBe('image/jpeg')
    expect(typeByFileName('scan.png')).toBe('image/png')
    expect(typeByFileName('archive.pdf.exe')).toBeNull()
    expect(typeByFileName('page.html')).toBeNull()
    expect(typeByFileName('pdf')).toBeNull()
  })

  it('knows a type by its magic bytes', () => {
    expect(typeByContent(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf')
    expect(typeByContent(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg')
    expect(typeByContent(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png')
    expect(typeByContent(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull()
    expect(typeByContent(new TextEncoder().encode('%PDF'))).toBeNull()
    expect(typeByContent(new TextEncoder().encode('MZ'))).toBeNull()
  })

  it('takes common aliases of the declared type', () => {
    expect(normalizeMimeType('image/jpg')).toBe('image/jpeg')
    expect(normalizeMimeType('Application/PDF; charset=binary')).toBe('application/pdf')
  })

  it('checks name, declared type and size before uploading, in Russian', () => {
    const ok = { name: 'a.pdf', size: 10, type: 'application/pdf' }
    expect(checkFileBeforeUpload(ok)).toBeNull()
    expect(checkFileBeforeUpload({ ...ok, type: '' })).toBeNull()
    expect(checkFileBeforeUpload({ ...ok, name: 'a.exe' })).toBe('Допустимы файлы PDF, JPEG или PNG')
    expect(checkFileBeforeUpload({ ...ok, type: 'image/png' })).toBe(FILE_MESSAGES.badType)
    expect(checkFileBeforeUpload({ ...ok, size: FILE_LIMITS.maxBytes + 1 })).toBe('Файл больше 10 МБ')
    expect(checkFileBeforeUpload({ ...ok, size: 0 })).toBe('Файл пустой')
  })

  it('words the file-count limit', () => {
    expect(FILE_LIMITS.maxFiles).toBe(5)
    expect(FILE_MESSAGES.tooMany(5)).toBe('Можно прикрепить не больше 5 файлов')
    expect(FILE_MESSAGES.tooMany(1)).toBe('Можно прикрепить не больше 1 файла')
    expect(FILE_MESSAGES.tooMany(21)).toBe('Можно прикрепить не больше 21 файла')
  })
})
