import { MESSAGES } from '#common/messages.ts'
import { getApiBaseUrl } from './api-config.ts'

/** Why an upload failed, in the server's words when it gave some. */
export class UploadError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.status = status
  }
}

/**
 * A multipart POST of one file (field `file`) to the API, reporting how much has gone up. The
 * API client works over fetch, which cannot tell upload progress; this is the one place that
 * uses XMLHttpRequest for it. Resolves with the `data` of the answer.
 */
export function uploadWithProgress<T>(
  path: string,
  file: File,
  onProgress: (share: number) => void,
  /** Form fields sent before the file (the server reads them first), e.g. `purpose`. */
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${getApiBaseUrl().replace(/\/+$/, '')}${path}`)
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    xhr.timeout = 120_000
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      let body: { data?: T; error?: { message?: string } } | undefined
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data !== undefined) return resolve(body.data)
      reject(new UploadError(body?.error?.message ?? MESSAGES.networkErrorDefault, xhr.status))
    }
    xhr.onerror = () => reject(new UploadError('Нет связи с сервером', 0))
    xhr.ontimeout = () => reject(new UploadError('Сервер не ответил вовремя', 0))
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append('file', file, file.name)
    xhr.send(form)
  })
}

/** What to tell the user of a failed upload or change: the server's words, or a plain retry hint. */
export const failureMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Не удалось сохранить. Попробуйте ещё раз'
