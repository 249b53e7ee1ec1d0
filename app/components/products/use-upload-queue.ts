import { useRef, useState } from 'react'
import { failureMessage, uploadWithProgress } from '#app/lib/upload.ts'
import type { UploadItem } from './MediaDropzone.tsx'

/**
 * Files sent to `path` one after another, in the order chosen, each with its progress and its own
 * error, so one refused file loses none of the others. Photos and documents of a product share it.
 */
export function useUploadQueue<T>(path: string, onUploaded: (data: T, item: UploadItem) => void) {
  const [uploads, setUploads] = useState<UploadItem[]>([])
  const nextKey = useRef(0)
  const queue = useRef(Promise.resolve())
  const patch = (key: number, change: Partial<UploadItem>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)))
  const dismiss = (key: number) => setUploads((list) => list.filter((u) => u.key !== key))

  /**
   * Queues the files. `room` is how many more the product takes (those still uploading count
   * against it); `problemOf` refuses a file before it is sent, given the room left for it.
   */
  function add(files: File[], room: number, problemOf: (file: File, roomLeft: number) => string | null) {
    let left = room - uploads.filter((u) => !u.error).length
    const items = files.map((file) => {
      const problem = problemOf(file, left)
      if (!problem) left--
      return { key: nextKey.current++, name: file.name, progress: 0, error: problem, file }
    })
    setUploads((list) => [...list, ...items.map(({ file: _file, ...item }) => item)])
    for (const item of items.filter((i) => !i.error)) {
      queue.current = queue.current.then(async () => {
        try {
          const data = await uploadWithProgress<T>(path, item.file, (share) => patch(item.key, { progress: share }))
          onUploaded(data, item)
          dismiss(item.key)
        } catch (failure) {
          patch(item.key, { error: failureMessage(failure) })
        }
      })
    }
  }

  return { uploads, add, dismiss }
}
