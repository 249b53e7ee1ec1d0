import iconv from 'iconv-lite'
import { IMPORT_MESSAGES as M } from './messages.ts'

/**
 * Bytes of an import file as text. UTF-8 (with or without BOM) is checked strictly; a
 * windows-1251 file is decoded by iconv-lite when the XML prolog declares it or, for CSV, when
 * the bytes are not UTF-8 (Excel saves CSV in windows-1251 on Russian Windows).
 */
export type Decoded = { text: string; error?: undefined } | { text?: undefined; error: string }

const UTF8_BOM = [0xef, 0xbb, 0xbf]
const XML_ENCODING = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((b, i) => bytes[i] === b)
}

/** The encoding an XML prolog declares, read from the first bytes (the prolog is ASCII). */
export function declaredXmlEncoding(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(hasUtf8Bom(bytes) ? 3 : 0, 256)).toString('latin1')
  return XML_ENCODING.exec(head)?.[1]?.toLowerCase()
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return undefined
  }
}

function checkText(text: string): Decoded {
  // NUL never occurs in a text file; it does in a spreadsheet or an image sent by mistake.
  return text.includes('\u0000') ? { error: M.notText } : { text }
}

function decodeAs(bytes: Uint8Array, encoding: string): Decoded {
  if (/^utf-?8$/.test(encoding)) {
    const text = decodeUtf8(bytes)
    return text === undefined ? { error: M.undecodable('UTF-8') } : checkText(text)
  }
  if (!iconv.encodingExists(encoding)) return { error: M.unsupportedEncoding(encoding) }
  const text = iconv.decode(Buffer.from(bytes), encoding)
  return text.includes('\uFFFD') ? { error: M.undecodable(encoding) } : checkText(text)
}

/** An XML file: a BOM means UTF-8, else the prolog's encoding, else UTF-8 (XML's default). */
export function decodeXml(bytes: Uint8Array): Decoded {
  if (hasUtf8Bom(bytes)) return decodeAs(bytes, 'utf-8')
  return decodeAs(bytes, declaredXmlEncoding(bytes) ?? 'utf-8')
}

/** A CSV file: UTF-8 when the bytes are valid UTF-8 (or start with its BOM), else windows-1251. */
export function decodeCsv(bytes: Uint8Array): Decoded {
  if (hasUtf8Bom(bytes)) return decodeAs(bytes, 'utf-8')
  const text = decodeUtf8(bytes)
  return text === undefined ? decodeAs(bytes, 'windows-1251') : checkText(text)
}
