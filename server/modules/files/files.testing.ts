import type { FastifyInstance } from 'fastify'
import type { FilePurpose } from '#common/files.ts'
import { PDF } from '../organizations/organizations.testing.ts'

/** Uploads through `POST /files` as the cookie's user, as the browser does; answers the response. */
export function uploadTestFile(
  app: FastifyInstance,
  cookie: string,
  opts: { name: string; purpose?: FilePurpose; bytes?: Buffer; type?: string; organizationId?: string },
) {
  const { name, purpose, bytes = PDF, type = 'application/pdf', organizationId } = opts
  const head = [
    ...(purpose ? ['--X', 'Content-Disposition: form-data; name="purpose"', '', purpose] : []),
    ...(organizationId ? ['--X', 'Content-Disposition: form-data; name="organizationId"', '', organizationId] : []),
    '--X',
    `Content-Disposition: form-data; name="file"; filename="${name}"`,
    `Content-Type: ${type}`,
    '',
    '',
  ].join('\r\n')
  return app.inject({
    method: 'POST',
    url: '/api/v1/files',
    headers: { cookie, 'content-type': 'multipart/form-data; boundary=X' },
    // The file's bytes as they are: a picture is not text in any encoding.
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from('\r\n--X--\r\n')]),
  })
}
