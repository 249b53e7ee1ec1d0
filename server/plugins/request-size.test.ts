import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createTestUser } from '../testing/auth.ts'
import { useTestApp } from '../testing/app.ts'
import { BACKENDS } from '../testing/database.ts'

interface Exchange {
  /** What the server answered, headers and body. */
  response: string
  /** Bytes of the body the client had sent when the server closed the connection. */
  sent: number
}

/**
 * Sends `head` over a real socket, then body bytes of `chunk` for as long as the server reads them
 * (at most `maxBytes`), and resolves once the server has answered and closed the connection.
 */
function upload(port: number, head: string, chunk: Buffer, maxBytes: number): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    let sent = 0
    let closed = false
    const pump = () => {
      while (!closed && sent < maxBytes) {
        sent += chunk.length
        if (!socket.write(chunk)) return void socket.once('drain', pump)
      }
    }
    socket.on('connect', () => {
      socket.write(head)
      pump()
    })
    socket.on('data', (data) => received.push(data))
    socket.on('error', () => {}) // the server closing mid-write resets the connection: expected
    socket.on('close', () => {
      closed = true
      const response = Buffer.concat(received).toString('utf8')
      if (!response) reject(new Error(`no answer after ${sent} bytes`))
      else resolve({ response, sent })
    })
  })
}

describe.each(BACKENDS)('bodies too big on %s', (backend) => {
  let app: FastifyInstance
  let port: number
  let cookie: string
  useTestApp(backend, async (started) => {
    app = started.app
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as { port: number }).port
    cookie = (await createTestUser(started.database.db)).cookie
  })

  const MB = 1024 * 1024

  it('refuses a declared 300 MB upload at once, without reading it', async () => {
    const head =
      'POST /api/v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Cookie: ${cookie}\r\nSec-Fetch-Site: same-origin\r\n` +
      'Content-Type: multipart/form-data; boundary=x\r\n' +
      `Content-Length: ${300 * MB}\r\n\r\n`
    const { response, sent } = await upload(port, head, Buffer.alloc(64 * 1024, 'a'), 300 * MB)
    expect(response).toMatch(/^HTTP\/1\.1 413/)
    expect(response).toContain('Файл больше 10 МБ') // the route's own limit and words
    expect(sent).toBeLessThan(100 * MB)
  })

  it('stops reading a body without a length at the file’s limit and closes the connection', async () => {
    const boundary = 'endless'
    const head =
      'POST /api/v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Cookie: ${cookie}\r\nSec-Fetch-Site: same-origin\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      'Transfer-Encoding: chunked\r\n\r\n'
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
    const chunked = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
    const filler = chunked(Buffer.alloc(256 * 1024, 'a'))
    // The part's head first, then a file that never ends (a client would go on for ever).
    const first = chunked(Buffer.from(part))
    const { response, sent } = await upload(port, head + first.toString('latin1'), filler, 1024 * MB)
    expect(response).toMatch(/^HTTP\/1\.1 413/)
    expect(response).toContain('Файл больше 10 МБ')
    expect(sent).toBeLessThan(100 * MB)
  })

  it('refuses a JSON body declared over the limit at once', async () => {
    const head =
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${50 * MB}\r\n\r\n`
    const { response, sent } = await upload(port, head, Buffer.alloc(64 * 1024, ' '), 50 * MB)
    expect(response).toMatch(/^HTTP\/1\.1 413/)
    expect(response).toContain('Запрос слишком большой.')
    expect(sent).toBeLessThan(40 * MB)
  })
})
