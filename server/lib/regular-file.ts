import { constants, createReadStream, type ReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import path from 'node:path'
import { UnsafePathError } from './errors.ts'
import { nodeErrorCode } from './node-error-code.ts'
import { realFolders } from './real-folders.ts'

/**
 * Files served to visitors (media originals and variants, pages, assets) are read only when
 * they are regular files inside their folder, reached without following a link: a symlink that
 * a git pull or a hand edit put in the media folder (`…-10x10.png` → /etc/passwd, → DATA_DIR's
 * accounts) is no file here, and neither is one whose folder is a link. The folder given as
 * `root` may itself be reached through links (a deployment's `current` → `releases/…`): that is
 * the operator's choice, not content's.
 *
 * Each folder below `root` is checked with lstat (real-folders.ts), and the file itself is opened with O_NOFOLLOW
 * and checked on the open descriptor (fstat), so a link swapped in for the file after the check
 * is still refused. O_NONBLOCK: a FIFO planted there must not hang the open.
 */

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK

/** What a missing, linked or irregular file gives: nothing to serve. */
const NOT_THERE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR', 'ENAMETOOLONG', 'ENXIO', 'EMLINK'])

/** The file's bytes, or null when it is not a regular file reached without a link inside `root`. */
export async function readRegularFile(root: string, file: string): Promise<Buffer | null> {
  const handle = await openRegular(root, file)
  if (!handle) return null
  try {
    return await handle.handle.readFile()
  } finally {
    await handle.handle.close()
  }
}

/** The file's size, under the same rules as readRegularFile. */
export async function sizeOfRegularFile(root: string, file: string): Promise<number | null> {
  const handle = await openRegular(root, file)
  if (!handle) return null
  await handle.handle.close()
  return handle.size
}

/** Bytes of a file, both ends included, as HTTP ranges count them. */
export interface ByteSpan {
  start: number
  end: number
}

/** A file opened under the same rules: its size now, then either one stream of it or a close. */
export interface OpenRegularFile {
  size: number
  /** The stream owns the descriptor: it closes it at the end, on error and on destroy. */
  stream(span?: ByteSpan): ReadStream
  close(): Promise<void>
}

/**
 * The file opened now, under the same rules (so what to answer is known before any header is
 * sent, and the size read is the size of the bytes streamed); null when there is no such file.
 */
export async function openRegularFile(root: string, file: string): Promise<OpenRegularFile | null> {
  const opened = await openRegular(root, file)
  if (!opened) return null
  const { handle, size } = opened
  return { size, stream: (span) => createReadStream('', { fd: handle, autoClose: true, ...span }), close: () => handle.close() }
}

/** A stream of the whole file, opened now; null when there is no such file. */
export async function streamRegularFile(root: string, file: string): Promise<{ stream: ReadStream; size: number } | null> {
  const opened = await openRegularFile(root, file)
  return opened && { stream: opened.stream(), size: opened.size }
}

/** Whether `file` lies lexically inside `root` (not `root` itself, no `..` out of it). */
export function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

async function openRegular(root: string, file: string) {
  if (!isInside(root, file)) return null
  try {
    if (!(await realFolders(root, path.dirname(file), { create: false }))) return null
    const handle = await open(file, OPEN_FLAGS)
    try {
      const stats = await handle.stat()
      if (!stats.isFile()) {
        await handle.close()
        return null
      }
      return { handle, size: stats.size }
    } catch (error) {
      await handle.close()
      throw error
    }
  } catch (error) {
    if (error instanceof UnsafePathError || NOT_THERE.has(nodeErrorCode(error) ?? '')) return null
    throw error
  }
}
