import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * A short hash of every file below `dir` (names and bytes): the version the pages put in the URLs
 * of static pictures (`v=`). It changes only when a picture does, so a deployment that changes code
 * alone keeps every browser's and CDN's copies; the same files give the same hash on every instance.
 * content/assets is about half a megabyte, read once at start.
 */
export async function hashAssets(dir: string): Promise<string> {
  const hash = createHash('sha256')
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
  for (const file of files)
    hash
      .update(file.slice(dir.length))
      .update('\0')
      .update(await readFile(file))
  return hash.digest('base64url').slice(0, 10)
}
