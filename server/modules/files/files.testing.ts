import type { FastifyInstance } from 'fastify'
import type { FilePurpose } from '#common/files.ts'
import { PDF } from '../organizations/organizations.testing.ts'

/** Uploads through `POST /files` as the cookie's user, as the browser does; answers the response. */
export function uploadTestFile(
  app: FastifyInstance,
  cookie: string,
  opts: { name: string; purpose?: FilePurpose; bytes?: Buffer; type?: string },
) {
  const { name, purpose, bytes = PDF, type = 'application/pdf' } = opts
  return app.inject({
    method: 'POST',
    url: '/api/v1/files',
    headers: { cookie, 'content-type': 'multipart/form-data; boundary=X' },
    payload: [
      ...(purpose ? ['--X', 'Content-Disposition: form-data; name="purpose"', '', purpose] : []),
      '--X',
      `Content-Disposition: form-data; name="file"; filename="${name}"`,
      `Content-Type: ${type}`,
      '',
      bytes.toString('latin1'),
      '--X--',
      '',
    ].join('\r\n'),
  })
}
