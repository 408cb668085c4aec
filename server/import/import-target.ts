import type { MediaLimits } from '../config.ts'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { dayIn } from '../../core/site-day.ts'
import { parsePostFile } from '../content/parse-post.ts'
import { blogDirOf, isPostFileName, PostPaths, slugOfFileName } from '../content/post-paths.ts'
import type { RedirectsDocument } from '../content/redirects-file.ts'
import { RedirectsSource } from '../content/redirects-source.ts'
import { readRegularFile } from '../lib/regular-file.ts'
import { silentLogger } from '../lib/logger.ts'
import { readLibraryFiles, type MediaFile } from '../media/media-files.ts'
import { mediaDirOf } from '../media/media-folder.ts'

/**
 * Where an import goes: the content folder a site uses (CONTENT_DIR, as config.ts reads it), with
 * the settings that shape a post there (SITE_TIMEZONE, the media limits), and what it holds
 * already: the posts' slugs and ids, the library's images, the redirects.
 */
export interface ImportTarget {
  contentDir: string
  mediaDir: string
  /** The redirects file (content/redirects.yaml). */
  redirectsFile: string
  /** The local copy of the old site's uploads, or null. */
  uploadsDir: string | null
  timeZone: string
  limits: MediaLimits
  now: Date
  today(): string
  /** A post's file (absolute). */
  fileOf(slug: string): string
  /** Whether a path is one of the site's own pages, which a redirect would never replace. */
  isPage(path: string): boolean
  readState(): Promise<TargetState>
}

export interface TargetState {
  slugs: Set<string>
  ids: Set<string>
  media: MediaFile[]
  redirects: RedirectsDocument
}

/** The redirects file cannot be read: an import would overwrite a maintainer's edit, so it stops. */
export class UnreadableRedirectsError extends Error {}

export function importTarget(options: {
  contentDir: string
  uploadsDir: string | null
  timeZone: string
  limits: MediaLimits
  pagePaths: ReadonlySet<string>
  now?: Date
}): ImportTarget {
  const now = options.now ?? new Date()
  const paths = new PostPaths({ root: options.contentDir, blogDir: blogDirOf(options.contentDir) })
  const redirects = new RedirectsSource({ contentDir: options.contentDir, shownAs: 'redirects.yaml', logger: silentLogger })
  return {
    contentDir: options.contentDir,
    mediaDir: mediaDirOf(options.contentDir),
    redirectsFile: redirects.file,
    uploadsDir: options.uploadsDir,
    timeZone: options.timeZone,
    limits: options.limits,
    now,
    today: () => dayIn(options.timeZone, now),
    fileOf: (slug) => paths.fileOf(slug),
    isPage: (page) => options.pagePaths.has(page),
    async readState() {
      const document = await redirects.document()
      const problem = redirects.problem()
      if (problem) throw new UnreadableRedirectsError(`${redirects.file} cannot be read (${problem.reason}): fix it first`)
      const { slugs, ids } = await existingPosts(paths.blogDir)
      return { slugs, ids, media: (await readLibraryFiles(mediaDirOf(options.contentDir))).images, redirects: document }
    },
  }
}

/** Every post file's slug (readable or not: its name is taken), and the ids of those that read. */
async function existingPosts(blogDir: string): Promise<{ slugs: Set<string>; ids: Set<string> }> {
  const slugs = new Set<string>()
  const ids = new Set<string>()
  for (const name of await readdir(blogDir)) {
    const slug = slugOfFileName(name)
    if (slug === null) continue
    slugs.add(slug)
    if (!isPostFileName(name)) continue
    const bytes = await readRegularFile(blogDir, path.join(blogDir, name))
    try {
      if (bytes) ids.add(parsePostFile(bytes.toString('utf8'), name).id)
    } catch {
      // A file the site cannot read keeps its slug; its id is unknown, and a random one will not meet it.
    }
  }
  return { slugs, ids }
}

/**
 * The site's own pages, from the `pages/` folders of the code (vike's filesystem routing: a
 * folder with a `+Page` is a route, `index` is `/`): `/pricing`, `/blog`. Routes with a parameter
 * (`@slug`) and the error and admin pages are left out.
 */
export function sitePagePaths(pagesDir: string): Set<string> {
  const found = new Set<string>()
  if (!existsSync(pagesDir)) return found
  const visit = (dir: string, route: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('_') || entry.name.startsWith('@') || entry.name === 'admin') continue
      const folder = path.join(dir, entry.name)
      const parts = entry.name === 'index' ? route : [...route, entry.name]
      if (readdirSync(folder).some((file) => file.startsWith('+Page.') && statSync(path.join(folder, file)).isFile())) found.add(`/${parts.join('/')}`)
      visit(folder, parts)
    }
  }
  visit(pagesDir, [])
  return found
}
