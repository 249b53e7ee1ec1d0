import { describe, expect, it } from 'vitest'
import {
  checkFileBeforeUpload,
  cleanFileName,
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

  it('cleans names: no path, no bidi controls or other invisible characters, plain single spaces', () => {
    expect(cleanFileName('документ\u202Egnp.pdf')).toBe('документgnp.pdf')
    expect(cleanFileName('\u2067scan\u2069\u200E\u200F\u061C.png')).toBe('scan.png')
    expect(cleanFileName('Уст\u200Bав\u200C\u200D\uFEFF\u2060.pdf')).toBe('Устав.pdf')
    expect(cleanFileName('a\u0000b\u0007c\u007F\u0085\u009Fd\u00AD\u3164\uD800.pdf')).toBe('abcd.pdf')
    expect(cleanFileName('C:\\Users\\me\\Договор\t №7\u00A0\u2003от\n\nмая.pdf')).toBe('Договор №7 от мая.pdf')
    expect(cleanFileName('../../etc/"passwd".pdf')).toBe('passwd.pdf')
    // NFD (as macOS names files) and NFC are the same name.
    expect(cleanFileName(`${'Отчёт за май'.normalize('NFD')}.pdf`)).toBe('Отчёт за май.pdf')
  })

  it('keeps a name when nothing visible is left, and the extension when it cuts a long one', () => {
    expect(cleanFileName('\u202E\u200B.pdf')).toBe('документ.pdf')
    expect(cleanFileName('.pdf')).toBe('документ.pdf')
    expect(cleanFileName('\u202E')).toBe('документ')
    expect(cleanFileName('')).toBe('документ')
    const long = cleanFileName(`${'я'.repeat(300)}.pdf`)
    expect(long).toHaveLength(FILE_LIMITS.maxNameLength)
    expect(long.endsWith('я.pdf')).toBe(true)
    // An emoji is two UTF-16 units: the cut never leaves half of one.
    expect(cleanFileName(`${'🚁'.repeat(200)}.png`)).toBe(`${'🚁'.repeat(125)}.png`)
    for (const name of ['документ\u202Egnp.pdf', ' a  b .pdf', '\u202E', long]) {
      expect(cleanFileName(cleanFileName(name))).toBe(cleanFileName(name))
    }
  })

  it('checks the extension of the cleaned name, the one people see', () => {
    const file = { size: 10, type: '' }
    expect(checkFileBeforeUpload({ ...file, name: 'scan.p\u200Bdf' })).toBeNull()
    expect(checkFileBeforeUpload({ ...file, name: 'scan.pdf\u200B' })).toBeNull()
    expect(checkFileBeforeUpload({ ...file, name: 'photo\u202Egnp.exe' })).toBe(FILE_MESSAGES.badType)
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
