import { constants } from 'node:fs'
import { lstat, open, readdir, realpath } from 'node:fs/promises'
import path from 'node:path'
import { InvalidImportSource, type SkippedItem } from './imported-post.ts'

/**
 * The files of a folder of Markdown posts, found and read without ever leaving the folder: a
 * symbolic link is never followed (listed as skipped), a file is opened with O_NOFOLLOW, and
 * an image a post names is used only when its real path is the path inside the folder, so a
 * link anywhere on the way (`images -> /etc`) is refused too. The walk is bounded in depth,
 * entries and Markdown files, and each file in size.
 */

/** A Markdown post is a page of text: a file larger than a post file may be is no post. */
export const MAX_MARKDOWN_BYTES = 2_000_000
/** The most Markdown files one import reads. */
export const MAX_MARKDOWN_FILES = 20_000
/** The most entries (files and folders of any kind) the walk looks at. */
const MAX_ENTRIES = 500_000
const MAX_DEPTH = 32

export const MARKDOWN_EXTENSIONS = ['.md', '.markdown']

export interface MarkdownFile {
  /** Absolute, inside the root. */
  path: string
  /** From the root, with `/` between folders: the name reports use. */
  relative: string
}

/** The folder's real absolute path, or InvalidImportSource when it is no folder. */
export async function folderRoot(dir: string): Promise<string> {
  try {
    const root = await realpath(path.resolve(dir))
    if ((await lstat(root)).isDirectory()) return root
  } catch {
    // Reported below, the same as a file that is no folder.
  }
  throw new InvalidImportSource(`${dir} is no folder that can be read`)
}

/**
 * Every Markdown file under `root`'s subfolders `under` (relative, `''` for the root itself), in
 * name order. Folders named with a leading `.` (`.git`) and `node_modules` are passed by.
 */
export async function findMarkdownFiles(root: string, under: readonly string[], skipped: SkippedItem[]): Promise<MarkdownFile[]> {
  const found: MarkdownFile[] = []
  let entries = 0
  const walk = async (relative: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH) return void skipped.push({ source: `${relative}/`, reason: `more than ${MAX_DEPTH} folders deep: not read` })
    const names = (await readdir(path.join(root, relative), { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))
    for (const entry of names) {
      entries += 1
      if (entries > MAX_ENTRIES) throw new InvalidImportSource(`The folder holds more than ${MAX_ENTRIES.toLocaleString('en-US')} files and folders: no blog's posts`)
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isSymbolicLink()) {
        skipped.push({ source: name, reason: 'a symbolic link: links are not followed' })
        continue
      }
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') await walk(name, depth + 1)
      } else if (entry.isFile() && path.extname(entry.name).toLowerCase() === '.mdx') {
        skipped.push({ source: name, reason: 'MDX (components inside Markdown) is not imported: write it as Markdown, then import it' })
      } else if (entry.isFile() && isMarkdownName(entry.name)) {
        if (found.length >= MAX_MARKDOWN_FILES) throw new InvalidImportSource(`The folder holds more than ${MAX_MARKDOWN_FILES.toLocaleString('en-US')} Markdown files`)
        found.push({ path: path.join(root, name), relative: name })
      }
    }
  }
  for (const folder of under) {
    const stat = await lstat(path.join(root, folder)).catch(() => undefined)
    if (stat?.isDirectory()) await walk(folder, 0)
  }
  return found
}

function isMarkdownName(name: string): boolean {
  return MARKDOWN_EXTENSIONS.includes(path.extname(name).toLowerCase())
}

/** A Markdown file's text, or why it cannot be read; never through a symbolic link. */
export async function readMarkdownFile(file: MarkdownFile): Promise<string | { reason: string }> {
  let handle
  try {
    handle = await open(file.path, constants.O_RDONLY | constants.O_NOFOLLOW)
  } catch (error) {
    return { reason: `cannot be opened (${(error as NodeJS.ErrnoException).code ?? String(error)})` }
  }
  try {
    const { size } = await handle.stat()
    if (size > MAX_MARKDOWN_BYTES) return { reason: `larger than ${MAX_MARKDOWN_BYTES.toLocaleString('en-US')} bytes: no post` }
    return (await handle.readFile()).toString('utf8').replace(/^\uFEFF/, '')
  } finally {
    await handle.close()
  }
}

/**
 * The absolute path of a local image a post names, when it is a regular file inside `root`
 * reached through no symbolic link; else why not. `target` is a path already resolved against
 * the post's folder or the site's static folder (and so may point anywhere).
 */
export async function localImage(root: string, target: string): Promise<string | { reason: string }> {
  if (target !== root && !target.startsWith(root + path.sep)) return { reason: 'outside the folder: not read' }
  try {
    const stat = await lstat(target)
    if (!stat.isFile()) return { reason: stat.isSymbolicLink() ? 'a symbolic link: not followed' : 'not a file' }
    // realpath resolves every link on the way: a folder linked elsewhere shows as a different path.
    if ((await realpath(target)) !== target) return { reason: 'reached through a symbolic link: not followed' }
    return target
  } catch {
    return { reason: 'not found' }
  }
}
