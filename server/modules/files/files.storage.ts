import { createHash, createHmac } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

/** Where the bytes of uploaded files live; the `files` table keeps the metadata and the key. */
export interface FileStorage {
  readonly kind: 'disk' | 's3'
  put(key: string, data: Buffer, contentType: string): Promise<void>
  get(key: string): Promise<Buffer>
  delete(key: string): Promise<void>
}

export interface S3Settings {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  /** `endpoint/bucket/key` (true, the default) or `bucket.endpoint/key`. */
  forcePathStyle: boolean
}

/** Keys are ours (random hex with slashes); anything else is a bug, never a path to follow. */
const KEY_PATTERN = /^[a-z0-9]+(\/[a-z0-9]+)*$/
function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`)
  return key
}

export function createDiskStorage(dir: string): FileStorage {
  const root = resolve(dir)
  const pathOf = (key: string) => join(root, checkKey(key))
  return {
    kind: 'disk',
    async put(key, data) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // wx: a key is written once; a collision of random keys must fail loudly, not overwrite.
      await writeFile(path, data, { flag: 'wx', mode: 0o640 })
    },
    get: (key) => readFile(pathOf(key)),
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
const encodeRfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

export interface SignInput {
  method: string
  url: URL
  headers: Record<string, string>
  payloadHash: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  /** `YYYYMMDD'T'HHMMSS'Z'` */
  amzDate: string
}

/**
 * AWS Signature Version 4 for S3 (path already encoded once, no double encoding): the value of
 * the Authorization header for the given request. Every header passed is signed.
 */
export function signS3Request(input: SignInput): string {
  const names = Object.keys(input.headers)
    .map((h) => h.toLowerCase())
    .sort()
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]))
  const canonicalHeaders = names.map((n) => `${n}:${lower[n]!.trim().replace(/\s+/g, ' ')}\n`).join('')
  const signedHeaders = names.join(';')
  const query = [...input.url.searchParams]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const canonicalRequest = [
    input.method,
    input.url.pathname || '/',
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n')
  const date = input.amzDate.slice(0, 8)
  const scope = `${date}/${input.region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  const signingKey = ['s3', 'aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${input.secretAccessKey}`, date), input.region),
  )
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex')
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}

/** Any S3-compatible storage (Yandex Object Storage, VK Cloud, MinIO, AWS) over plain fetch. */
export function createS3Storage(s3: S3Settings, fetchImpl: typeof fetch = fetch): FileStorage {
  const endpoint = new URL(s3.endpoint)
  const urlOf = (key: string) => {
    const path = checkKey(key).split('/').map(encodeRfc3986).join('/')
    if (s3.forcePathStyle) {
      return new URL(`${endpoint.pathname.replace(/\/$/, '')}/${encodeRfc3986(s3.bucket)}/${path}`, endpoint)
    }
    const url = new URL(`/${path}`, endpoint)
    url.hostname = `${s3.bucket}.${endpoint.hostname}`
    return url
  }

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = urlOf(key)
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')
    const payloadHash = sha256Hex(body ?? '')
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(contentType ? { 'content-type': contentType } : {}),
    }
    const authorization = signS3Request({ method, url, headers, payloadHash, amzDate, ...s3 })
    const { host: _host, ...sent } = headers // fetch sets Host itself
    const res = await fetchImpl(url, {
      method,
      headers: { ...sent, authorization },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    })
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      // The body of an S3 error names the code (NoSuchKey, SignatureDoesNotMatch…); keep a little.
      const detail = (await res.text().catch(() => '')).slice(0, 300)
      throw new Error(`S3 ${method} ${url.pathname} failed: ${res.status} ${detail}`)
    }
    return res
  }

  return {
    kind: 's3',
    async put(key, data, contentType) {
      await send('PUT', key, data, contentType)
    },
    async get(key) {
      return Buffer.from(await (await send('GET', key)).arrayBuffer())
    },
    async delete(key) {
      await send('DELETE', key)
    },
  }
}

/** S3 when S3_ENDPOINT is set (config.ts checks the rest is there too), local disk otherwise. */
export function createFileStorage(config: {
  UPLOADS_DIR: string
  S3_ENDPOINT?: string
  S3_BUCKET?: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: string
  S3_REGION: string
  S3_FORCE_PATH_STYLE: boolean
}): FileStorage {
  if (!config.S3_ENDPOINT) return createDiskStorage(config.UPLOADS_DIR)
  if (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_ENDPOINT is set: S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too')
  }
  return createS3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  })
}
