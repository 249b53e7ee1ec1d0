import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { FILE_MESSAGES } from '#common/files.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser } from '../../testing/auth.ts'
import { BACKENDS } from '../../testing/database.ts'

const BOUNDARY = 'broken-upload-boundary'
const FILE_HEAD =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="act.pdf"\r\n` +
  'Content-Type: application/pdf\r\n\r\n'

describe.each(BACKENDS)('uploads the server cannot read on %s', (backend) => {
  let app: FastifyInstance
  let cookie: string

  useTestApp(backend, async (started) => {
    app = started.app
    cookie = (await createTestUser(started.database.db)).cookie
  })

  const upload = (contentType: string, payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { cookie, 'content-type': contentType, 'sec-fetch-site': 'same-origin' },
      payload,
    })

  function expectUnreadable(res: Awaited<ReturnType<typeof upload>>) {
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error).toEqual({
      code: 'invalid',
      message: FILE_MESSAGES.unreadable,
      fields: { file: FILE_MESSAGES.unreadable },
    })
  }

  it('answers multipart without a boundary with 400', async () => {
    expectUnreadable(await upload('multipart/form-data', `${FILE_HEAD}%PDF-1.7\r\n--${BOUNDARY}--\r\n`))
  })

  it('answers a body cut off inside the file with 400', async () => {
    expectUnreadable(await upload(`multipart/form-data; boundary=${BOUNDARY}`, `${FILE_HEAD}%PDF-1.7 half a`))
  })

  it('answers a body cut off inside the part headers with 400', async () => {
    expectUnreadable(await upload(`multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disp`))
  })
})
