import { createHash } from 'node:crypto'
import { readdir, readFile, readlink } from 'node:fs/promises'
import path from 'node:path'

/**
 * Every entry below `dir`, by relative path: folders as `folder`, files as the SHA-256 of
 * their bytes, links as their target. Two equal snapshots mean nothing was written, added
 * or removed, which permission bits cannot show when the tests run as root.
 */
export async function snapshotFolder(dir: string): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {}
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name)
    const relative = path.relative(dir, full)
    if (entry.isDirectory()) snapshot[relative] = 'folder'
    else if (entry.isSymbolicLink()) snapshot[relative] = `link → ${await readlink(full)}`
    else snapshot[relative] = createHash('sha256').update(await readFile(full)).digest('hex')
  }
  return snapshot
}

/** Files below `dir` (relative paths, sorted); none when it does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()
}

/** Folders below `dir` that hold nothing (relative paths). */
export async function emptyFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  const empty: string[] = []
  for (const entry of entries.filter((each) => each.isDirectory())) {
    const full = path.join(entry.parentPath, entry.name)
    if ((await readdir(full)).length === 0) empty.push(path.relative(dir, full))
  }
  return empty
}
