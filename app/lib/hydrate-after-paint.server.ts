import { Transform, type TransformCallback } from 'node:stream'

const HEAD_END = Buffer.from('</head>')
const SCRIPT_END = Buffer.from('</script>')
/** A module preload's opening, with the attributes up to its nonce (React Router prints it last). */
const MODULE_PRELOAD = /<link rel="modulepreload"([^>]*?)(?: nonce="[^"]*")?(?=\/?>)/g
/** A media query no screen or printer matches: a module preload with it fetches nothing. */
export const INERT_MEDIA = 'not all'
/** The inline module script React Router's `<Scripts />` renders: it imports the route modules and starts hydration. */
const BOOT_SCRIPT = /<script nonce="([^"]*)" type="module" async="">/
/** The type the boot script is parked under until the page has painted: a browser neither runs nor fetches it. */
export const PARKED_TYPE = 'text/x-hydration-boot'

/**
 * Lets the browser paint the server-rendered page before any JavaScript is fetched or run.
 *
 * React Router's `<Scripts />` puts a `<link rel="modulepreload">` per chunk in the head (about
 * forty on a page) and an inline module script at the end of the body that imports the route
 * modules and hydrates. A page needs none of it to be seen: it is complete HTML and CSS, and its
 * links and forms work without JavaScript. Yet the browser fetches the preloads at high priority
 * alongside the stylesheets and the largest picture, so on a phone's link some 135 kB of modules
 * share the bandwidth the first paint waits for, and, once loaded, may run before the first frame.
 * So this transform:
 *
 * 1. makes the module preloads in the head inert, with a media query that never matches;
 * 2. parks the boot script under a type that does not run (its route manifest without the
 *    indentation React Router prints it with), and puts after it a small script that,
 *    once the first contentful paint has happened (at once if the page is hidden, a second after
 *    its load event at the latest), puts a live copy of the boot script, with the same nonce, in the
 *    parked one's place. The browser then fetches the modules as the imports name them, and
 *    hydration goes on exactly as before.
 *
 * The preloads stay in the head, inert, because React hydrates them: they are hoistables that it
 * looks up by `rel` and `href`, and it creates and inserts every one it does not find. Dropped from
 * the HTML, they came back in hydration's commit, forty fetches started from script in one task
 * (each costs a phone's main thread a few milliseconds; 50–250 ms at Lighthouse's 4× slowdown).
 * Inert, they are found and left alone. The browser fetches the modules as the imports name them:
 * the graph is four imports deep (route modules, then 17, 10 and 2 shared chunks on `/media`), so
 * hydration starts a few round trips after a first paint that had the link to itself. The live
 * module script sits where the parked one was, so the document React hydrates is the one it
 * rendered.
 *
 * The head streams as soon as it is complete and the body as it comes; only the boot script is
 * held until it has fully arrived.
 */
export function hydrateAfterPaint(): Transform {
  let pending = Buffer.alloc(0) // what is held back: the unfinished head, then at most the boot script
  let headDone = false
  let done = false
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (done) return callback(null, chunk)
      pending = Buffer.concat([pending, chunk])
      if (!headDone) {
        const end = pending.indexOf(HEAD_END)
        if (end === -1) return callback()
        headDone = true
        this.push(Buffer.from(inertModulePreloads(pending.subarray(0, end).toString('utf8'))))
        pending = pending.subarray(end)
      }
      const body = parkBootScript(pending)
      if (body) {
        done = true
        pending = Buffer.alloc(0)
        return callback(null, body)
      }
      // Until the boot script, the body streams on; only what may be the start of it is held.
      const start = bootScriptStart(pending)
      const keep = start === -1 ? Math.max(0, pending.length - BOOT_TAG_MAX) : start
      const ready = pending.subarray(0, keep)
      pending = pending.subarray(keep)
      callback(null, ready.length ? ready : undefined)
    },
    flush(callback: TransformCallback) {
      callback(null, pending.length ? pending : undefined)
    },
  })
}

/**
 * Where a signed-in user works rather than reads: the personal account, the cart and the chat.
 * Their pages are forms and lists to act on, so they hydrate as soon as their modules arrive, with
 * the modules preloaded beside the stylesheets. Everywhere else the first paint comes first
 * (hydrate-after-paint.server.ts): those are the pages people and crawlers land on.
 */
const WORK_PAGES = /^\/(personal-account|cart|chat)(\/|$)/

/**
 * The exceptions, painted first (decision 073): an order's page is read before it is acted on and
 * is where the order's e-mails and notifications lead; the cart is seen 1.7 s sooner on a slow
 * phone and answers 0.1 s later, within the 2 s the work pages are held to (bench:slow-loads).
 * Both are plain elements, and their forms post without scripts too.
 */
const READ_FIRST = /^\/(personal-account\/order\/|cart(\/|$))/

export const paintsBeforeHydrating = (pathname: string) => READ_FIRST.test(pathname) || !WORK_PAGES.test(pathname)

/** Longer than any boot script's opening tag, so one cut between chunks is still found. */
const BOOT_TAG_MAX = 200

/** Where the boot script's opening tag starts in `body`, or -1. Byte for byte, only to find the marker. */
const bootScriptStart = (body: Buffer): number => BOOT_SCRIPT.exec(body.toString('latin1'))?.index ?? -1

/**
 * The head's text (up to `</head>`) with its module preloads made inert. An inert preload fetches
 * nothing, so its nonce is dropped too: some forty of them, 1.5 kB of a page (React finds a preload
 * by its `rel` and `href` alone).
 */
export const inertModulePreloads = (head: string): string =>
  head.replace(MODULE_PRELOAD, `<link rel="modulepreload" media="${INERT_MEDIA}"$1`)

/**
 * The body up to the end of the boot script with that script parked and the loader after it, or null
 * while the boot script has not fully arrived. Cut only at ASCII markers, so the text decodes whole.
 */
function parkBootScript(body: Buffer): Buffer | null {
  const boot = BOOT_SCRIPT.exec(body.toString('latin1')) // byte for byte, only to find the markers
  if (!boot) return null
  const end = body.indexOf(SCRIPT_END, boot.index + boot[0].length)
  if (end === -1) return null
  const cut = end + SCRIPT_END.length
  const nonce = boot[1]!
  return Buffer.concat([
    body.subarray(0, boot.index),
    Buffer.from(`<script nonce="${nonce}" type="${PARKED_TYPE}">`),
    Buffer.from(compactManifest(body.subarray(boot.index + boot[0].length, cut).toString('utf8'))),
    Buffer.from(`<script nonce="${nonce}">${LOADER}</script>`),
    body.subarray(cut),
  ])
}

const MANIFEST = 'window.__reactRouterManifest = {'

/**
 * The boot script with its route manifest on one line. React Router prints the manifest with
 * `JSON.stringify(…, null, 2)`: eight kilobytes on a catalogue page, a third of them indentation.
 * In that output a raw line break is only ever formatting (one inside a string is escaped), and the
 * manifest's own last line is its closing brace at the start of a line.
 */
export function compactManifest(script: string): string {
  const start = script.indexOf(MANIFEST)
  if (start === -1) return script
  const end = script.indexOf('\n};', start)
  if (end === -1) return script
  return script.slice(0, start) + script.slice(start, end + 2).replace(/\n */g, '') + script.slice(end + 2)
}

/**
 * The inline script that starts hydration after the first paint. `document.currentScript` is the
 * loader, and the parked boot script is the element just before it. The nonce is read from the
 * parked script at run time, so a cached page served with a fresh nonce still passes the CSP.
 */
const LOADER = `(() => {
  const parked = document.currentScript.previousElementSibling
  let started = false
  const start = () => {
    if (started) return
    started = true
    const boot = document.createElement('script')
    boot.type = 'module'
    boot.nonce = parked.nonce
    boot.textContent = parked.textContent
    parked.replaceWith(boot)
  }
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0
  if (document.visibilityState !== 'visible' || painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return start()
  new PerformanceObserver((_list, observer) => {
    if (!painted()) return
    observer.disconnect()
    start()
  }).observe({ type: 'paint' })
  // A page with nothing contentful to paint would otherwise wait for ever: after its load it waits no longer.
  addEventListener('load', () => setTimeout(start, 1000), { once: true })
  document.addEventListener('visibilitychange', start, { once: true })
})()`
