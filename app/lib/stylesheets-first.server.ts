import { Transform, type TransformCallback } from 'node:stream'

const HEAD_END = Buffer.from('</head>')
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g

/**
 * Moves the `<link rel="modulepreload">` tags of the document's head after its stylesheets.
 *
 * React hoists the module preloads that `<Scripts />` renders into the head's first part, ahead of
 * the route stylesheets that `<Links />` renders in place. Browsers start requests in document order
 * and over HTTP/1.1 open six connections per host, so a page with thirty module chunks made its
 * render-blocking CSS wait behind JavaScript that is not needed for the first paint (Lighthouse on
 * slow 4G: about a second of first contentful paint). The preloads are hoistables, which React finds
 * by their href when it hydrates, so their place in the head does not matter to it; the stylesheets
 * and the rest of the head keep their order, which hydration does depend on.
 *
 * Only the head is rewritten: chunks are held until `</head>` has passed, then everything streams on.
 */
export function stylesheetsFirst(): Transform {
  let held: Buffer[] = []
  let headDone = false
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (headDone) return callback(null, chunk)
      held.push(chunk)
      const buffered = Buffer.concat(held)
      const end = buffered.indexOf(HEAD_END)
      if (end === -1) return callback()
      headDone = true
      held = []
      const head = buffered.subarray(0, end).toString('utf8')
      callback(null, Buffer.concat([Buffer.from(moveModulePreloads(head)), buffered.subarray(end)]))
    },
    flush(callback: TransformCallback) {
      callback(null, held.length ? Buffer.concat(held) : undefined)
    },
  })
}

/** The head's text (up to `</head>`) with its module preloads taken out and put back at its end. */
export function moveModulePreloads(head: string): string {
  const preloads = head.match(MODULE_PRELOAD)
  if (!preloads) return head
  return head.replace(MODULE_PRELOAD, '') + preloads.join('')
}
