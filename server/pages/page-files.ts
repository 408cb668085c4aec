import { lstatSync, mkdirSync, readFileSync } from 'node:fs'
import { mkdir, readdir, rm, rmdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { moveAside, writeFileAtomic, writeFileAtomicSync } from '../lib/atomic-write.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'

/**
 * Site documents are files of their own: `/sitemap.xml` and `/robots.txt` at the top, the
 * blog's feeds (`/blog/rss.xml`, `/blog/atom.xml`, `/blog/feed.json`) in its folder, and each
 * tag's beside its page (`/blog/tag/<slug>/rss.xml`…). Only these places: the build's other
 * `.xml`, `.txt` and `.json` files stay plain files.
 */
const DOCUMENT_PATH = /^(?:(\/blog)?\/[a-z0-9_-]+\.(xml|txt)|\/blog\/feed\.json|\/blog\/tag\/[a-z0-9-]+\/(?:rss\.xml|atom\.xml|feed\.json))$/

/** Whether `urlPathname` is a site document (a feed, the sitemap, robots.txt) rather than an HTML page. */
export function isDocumentPath(urlPathname: string): boolean {
  return DOCUMENT_PATH.test(urlPathname)
}

/**
 * Where a page's HTML lives in a pages folder, as vike's prerender lays it out:
 * `/` → `index.html`, `/blog/x` → `blog/x/index.html`, `/sitemap.xml` → `sitemap.xml`,
 * `/blog/rss.xml` → `blog/rss.xml`.
 * Only paths made of safe characters map to a file; anything else (`..`, `%00`, odd
 * unicode) maps to nothing.
 */
export function pageFilePath(dir: string, urlPathname: string): string | null {
  if (DOCUMENT_PATH.test(urlPathname)) return path.join(dir, urlPathname)
  if (!/^\/[a-z0-9/_-]*$/i.test(urlPathname) || urlPathname.includes('//')) return null
  const relative = urlPathname.replace(/^\/|\/$/g, '')
  return path.join(dir, relative, 'index.html')
}

/**
 * Whether a file path of the build (`/blog/x/index.html`, `/sitemap.xml`) is one of its
 * prerendered pages rather than an asset. Those are served only as the site's pages, never
 * as plain files: the build's copy of a page the site has since removed must stay unseen.
 */
export function isPageFile(urlPathname: string): boolean {
  return urlPathname.endsWith('/index.html') || DOCUMENT_PATH.test(urlPathname)
}

/**
 * Writes and deletes the pages of one folder, atomically (temp file + rename): a reader
 * never sees half a page. A removed page takes its folder with it when nothing else is left
 * there, so a deleted post leaves nothing behind.
 */
export interface PageFilesDeps {
  /** The pages folder. */
  dir: string
  /** Told of every page file written or removed (the file cache forgets it). */
  onChange?: (filePath: string) => void
  /**
   * Write with blocking calls (atomic-write.ts's writeFileAtomicSync), and leave a file that
   * already holds the page's bytes as it is: for the build and the export, which serve no one
   * meanwhile and write thousands of pages, most of them unchanged when the build runs again
   * over its own dist/. A running site writes without blocking its requests.
   */
  blocking?: boolean
}

export class PageFiles {
  readonly dir: string
  readonly #onChange: (filePath: string) => void
  readonly #blocking: boolean

  constructor(deps: PageFilesDeps) {
    this.dir = deps.dir
    this.#onChange = deps.onChange ?? (() => {})
    this.#blocking = deps.blocking ?? false
  }

  async write(urlPathname: string, html: string): Promise<void> {
    const file = this.#fileFor(urlPathname)
    if (this.#blocking) {
      // A folder made just now holds no page yet.
      const made = mkdirSync(path.dirname(file), { recursive: true })
      const bytes = Buffer.from(html)
      if (made === undefined && holdsBytes(file, bytes)) return
      writeFileAtomicSync(file, bytes)
      return this.#onChange(file)
    }
    await mkdir(path.dirname(file), { recursive: true })
    await writeFileAtomic(file, html).catch(async (error: unknown) => {
      // A removal next door may have just taken the (then empty) folder away: make it again.
      if (nodeErrorCode(error) !== 'ENOENT') throw error
      await mkdir(path.dirname(file), { recursive: true })
      await writeFileAtomic(file, html)
    })
    this.#onChange(file)
  }

  async remove(urlPathname: string): Promise<void> {
    const file = this.#fileFor(urlPathname)
    await rm(file, { force: true })
    this.#onChange(file)
    await this.#removeEmptyFolders(path.dirname(file))
  }

  /**
   * Removes every page (the folder itself included): they were rendered for another build.
   * The folder is renamed aside under a temp name at once and deleted in the background, one
   * file at a time: at start this runs before the server listens, and removing 9,000 pages
   * there held the main thread about 90 ms (`node --cpu-prof` of `npm run bench:start`'s
   * restart). A process that dies meanwhile leaves the temp folder, which the next start removes
   * (removeStaleTempFiles in the site's folder).
   */
  async clear(): Promise<void> {
    const aside = await moveAside(this.dir)
    if (aside === null) return
    void removeTree(aside).catch(() => rm(aside, { recursive: true, force: true }).catch(() => {}))
  }

  #fileFor(urlPathname: string): string {
    const file = pageFilePath(this.dir, urlPathname)
    if (!file) throw new Error(`Not a page path: ${urlPathname}`)
    return file
  }

  /** `blog/x/`, then its parents up to (not including) the pages folder, while they are empty. */
  async #removeEmptyFolders(folder: string): Promise<void> {
    for (let current = folder; current.startsWith(this.dir + path.sep); current = path.dirname(current)) {
      try {
        await rmdir(current)
      } catch {
        return // not empty (another page, or a page being written), or already gone
      }
    }
  }
}

/**
 * Whether `file` is a regular file with exactly these bytes. Replacing a file costs far more
 * than reading it: on ext4 a rename over an existing file makes the kernel write the new file's
 * data out at once (its `auto_da_alloc` safeguard), which was 0.8–0.9 s of system time per
 * worker thread in a build of 10,000 posts over its own dist/; reading and comparing is a few
 * microseconds from the page cache.
 */
function holdsBytes(file: string, bytes: Buffer): boolean {
  const stat = lstatSync(file, { throwIfNoEntry: false })
  return stat !== undefined && stat.isFile() && stat.size === bytes.length && readFileSync(file).equals(bytes)
}

/** A folder and everything in it, one asynchronous call at a time (never blocking the event loop). */
async function removeTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name)
    if (entry.isDirectory()) await removeTree(target)
    else await unlink(target)
  }
  await rmdir(dir)
}
