import { setImmediate as yieldToRequests } from 'node:timers/promises'
import iconv from 'iconv-lite'
import { declaredXmlEncoding } from '../../products/index.ts'
import { CML_MESSAGES as M } from './messages.ts'
import { CmlRefusal, createCmlReader, type CmlHandlers } from './reader.ts'

/** The parser takes the text in slices this long, and requests get their turn between slices. */
const SLICE_BYTES = 64 * 1024
/** Enough of the file's start to hold its XML prolog. */
const PROLOG_BYTES = 256

/**
 * Reads a CommerceML file from its bytes as they come (the parts 1С sent, one at a time): decoded
 * as a stream (UTF-8 strictly, or the prolog's windows-1251), parsed in slices with the event loop
 * free between them. `items` may be async: the next slice waits for it (a batch written to the
 * database), so memory holds a slice and a batch, never the file.
 */
export async function readCmlStream(
  chunks: AsyncIterable<Uint8Array>,
  handlers: CmlHandlers & { flush?: () => Promise<void> },
  onBytes?: (done: number) => void | Promise<void>,
): Promise<void> {
  const reader = createCmlReader(handlers)
  let decode: ((bytes: Uint8Array) => string) | null = null
  let encoding = 'UTF-8'
  let done = 0
  // The encoding is known from the prolog: the first bytes wait until there are enough of them.
  let head: Uint8Array[] = []
  let headBytes = 0
  const feed = async (slice: Uint8Array) => {
    const text = decode!(slice)
    if (text.includes('\u0000')) throw new CmlRefusal(M.undecodable(encoding))
    reader.write(text)
    await handlers.flush?.()
    done += slice.length
    await onBytes?.(done)
    await yieldToRequests()
  }
  const start = async () => {
    const joined = Buffer.concat(head)
    head = []
    decode = decoderFor(joined, (name) => (encoding = name))
    if (joined.length) await feed(joined)
  }
  for await (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
      const slice = chunk.subarray(at, at + SLICE_BYTES)
      if (decode) {
        await feed(slice)
        continue
      }
      head.push(slice)
      headBytes += slice.length
      if (headBytes >= PROLOG_BYTES) await start()
    }
  }
  if (!decode) await start()
  reader.write(decode!(new Uint8Array(0)))
  reader.close()
  await handlers.flush?.()
}

/** A decoder for the file whose first bytes these are; the encoding's name for messages. */
function decoderFor(head: Uint8Array, named: (encoding: string) => void): (bytes: Uint8Array) => string {
  const hasBom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf
  const declared = hasBom ? 'utf-8' : (declaredXmlEncoding(head) ?? 'utf-8')
  if (/^utf-?8$/.test(declared)) {
    const utf8 = new TextDecoder('utf-8', { fatal: true })
    return (bytes) => {
      try {
        // An empty slice ends the stream: an unfinished character at the end is an error then.
        return bytes.length ? utf8.decode(bytes, { stream: true }) : utf8.decode()
      } catch {
        throw new CmlRefusal(M.undecodable('UTF-8'))
      }
    }
  }
  if (!iconv.encodingExists(declared)) throw new CmlRefusal(M.unsupportedEncoding(declared))
  named(declared)
  const decoder = iconv.getDecoder(declared)
  return (bytes) => {
    const text = bytes.length ? decoder.write(Buffer.from(bytes)) : (decoder.end() ?? '')
    if (text.includes('\uFFFD')) throw new CmlRefusal(M.undecodable(declared))
    return text
  }
}
