/** A multipart body with one file part, as a browser's form sends it. */
export function multipartFile(fileName: string, bytes: Buffer, field = 'file') {
  const boundary = '----import-test-boundary'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
