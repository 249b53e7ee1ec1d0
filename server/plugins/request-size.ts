import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { FILE_LIMITS } from '#common/files.ts'
import { RU } from '#common/messages.ts'
import { IMPORT_LIMITS } from '#common/product-import.ts'

/** What a form's fields, boundaries and part headers add to its file. */
const MULTIPART_OVERHEAD = 64 * 1024
declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route's own limit on its file, and what a file over it is told. */
    upload?: { maxBytes: number; tooLarge: string }
  }
}

/** How long, and how much, of a refused body is thrown away before the connection is closed. */
const LINGER_MS = 1_000
const LINGER_BYTES = 16 * 1024 * 1024

/** The largest multipart body any route takes: a catalogue import; each route's parser holds its own file to less. */
export const MAX_MULTIPART_BYTES = Math.max(IMPORT_LIMITS.maxBytes, FILE_LIMITS.maxBytes) + MULTIPART_OVERHEAD

/**
 * A body too big is refused before a byte of it is read: a declared Content-Length over the
 * route's limit answers 413 at once. After every 413 (this one, the JSON parser's, a file over its
 * limit met while streaming) the connection is closed, so the rest of the body is never read: a
 * client that streams without a length is stopped at the limit the same way.
 */
export const requestSizePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req, reply) => {
    const declared = Number(req.headers['content-length'])
    if (!Number.isFinite(declared) || declared <= 0) return
    const own = req.routeOptions.config?.upload
    const multipart = req.headers['content-type']?.startsWith('multipart/form-data')
    const limit = own
      ? own.maxBytes + MULTIPART_OVERHEAD
      : multipart
        ? MAX_MULTIPART_BYTES
        : (req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit!)
    if (declared <= limit) return
    const message = own?.tooLarge ?? RU.requestTooLarge
    return reply.status(413).send({ error: { code: 'invalid', message, ...(own && { fields: { file: message } }) } })
  })

  // With the 413 sent, a body still arriving is cut off: what comes in the next moment is thrown
  // away unread (a client busy sending gets to read the answer before the connection goes; a
  // reset at once would make it lose the answer), then the connection is closed.
  app.addHook('onResponse', async (req, reply) => {
    const socket = req.raw.socket
    // Only a real connection (an injected request has a stand-in without one).
    if (reply.statusCode !== 413 || req.raw.complete || !(socket instanceof Socket)) return
    let discarded = 0
    // Counted on the socket: Node throws a finished request's body away before it becomes events.
    socket.on('data', (chunk: Buffer) => {
      discarded += chunk.length
      if (discarded > LINGER_BYTES) socket.destroy()
    })
    req.raw.resume()
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  })
})
