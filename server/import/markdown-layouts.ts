import { lstat } from 'node:fs/promises'
import path from 'node:path'
import { jekyllPath, jekyllPermalinkSetting, permalinkTemplate } from './jekyll-permalink.ts'

/**
 * Where a static site generator keeps its posts, and the address each post had (pure, but for
 * looking which folders exist). The default permalinks, each the generator's own default:
 * - Jekyll: `_posts/YYYY-MM-DD-slug.md` (and `_drafts/slug.md`) at `/:categories/YYYY/MM/DD/slug.html`,
 *   or where `_config.yml`'s `permalink` puts them (jekyll-permalink.ts);
 * - Hugo: `content/<section>/slug.md` or a page bundle `content/<section>/slug/index.md` at
 *   `/<section>/slug/` (lowercased, as Hugo writes its paths);
 * - Astro: `src/content/<collection>/slug.md` at `/<collection>/slug/` (its blog template's route);
 * - any other folder of Markdown files: no address is known.
 * A post's own `permalink`/`url` replaces the default; `aliases`/`redirect_from` add to it.
 */

export type LayoutName = 'jekyll' | 'hugo' | 'astro' | 'folder'

/** What a post's place in the folder says, before its front matter. */
export interface FileFacts {
  slug: string
  /** Jekyll's date from the file name (`2016-05-20`), else ''. */
  date: string
  /** Jekyll's `_drafts` folder. */
  draft: boolean
  /** The default old path without the slug's part: Hugo's and Astro's `/<section>/`, Jekyll's categories come from front matter. */
  folderPath: string
}

export interface SiteLayout {
  name: LayoutName
  /** The folders posts are read from, relative to the root. */
  postFolders: string[]
  /** Where the site's root-relative files (`/images/x.png`) are, relative to the root. */
  staticFolder: string
  /** The facts of a Markdown file at `relative` (from the root, `/`-separated), or why it is no post. */
  fileFacts(relative: string): FileFacts | { reason: string }
  /**
   * The address the post had: its own `url`/`permalink` (`own`, Jekyll's with placeholders filled
   * in), else the generator's default; '' when none is known.
   */
  oldPath(facts: FileFacts, slug: string, date: string, categories: string[], own: string): string
}

export async function detectLayout(root: string): Promise<SiteLayout> {
  const isFolder = async (relative: string) => (await lstat(path.join(root, relative)).catch(() => undefined))?.isDirectory() === true
  if (await isFolder('_posts')) return jekyllLayout(await jekyllPermalinkSetting(root))
  if (await isFolder('src/content')) return ASTRO
  if (await isFolder('content')) return HUGO
  return FOLDER
}

const JEKYLL_NAME = /^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$/

const jekyllLayout = (permalink: string): SiteLayout => ({
  name: 'jekyll',
  postFolders: ['_posts', '_drafts'],
  staticFolder: '',
  fileFacts(relative) {
    const name = baseName(relative)
    if (relative.startsWith('_drafts/')) return { slug: name, date: '', draft: true, folderPath: '' }
    const match = JEKYLL_NAME.exec(name)
    if (!match) return { reason: 'no date in its name (YYYY-MM-DD-title.md): Jekyll does not publish it' }
    const [, year, month, day, slug] = match
    return { slug: slug!, date: `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`, draft: false, folderPath: '' }
  },
  oldPath(facts, slug, date, categories, own) {
    if (facts.draft) return ''
    return jekyllPath(own.startsWith('/') ? permalinkTemplate(own) : permalink, { slug, date, categories })
  },
})

const HUGO: SiteLayout = {
  name: 'hugo',
  postFolders: ['content'],
  staticFolder: 'static',
  fileFacts(relative) {
    const parts = relative.split('/').slice(1)
    const file = parts.pop()!
    if (/^_index\./.test(file)) return { reason: "a Hugo section's list page (_index.md), not a post" }
    const bundle = /^index\./.test(file)
    const slug = bundle ? parts.pop() : baseName(file)
    if (!slug || parts.length === 0) return { reason: 'a page at the top of content/, in no section: not a post' }
    const language = /\.([a-z]{2}(?:-[a-z]{2,4})?)$/i.exec(slug)
    if (language) return { reason: `a translation (${language[1]}) of another post: translations are not imported` }
    return { slug, date: '', draft: false, folderPath: `/${parts.join('/')}/`.toLowerCase() }
  },
  oldPath: (facts, slug, _date, _categories, own) => (own.startsWith('/') ? own : `${facts.folderPath}${slug.toLowerCase()}/`),
}

const ASTRO: SiteLayout = {
  name: 'astro',
  postFolders: ['src/content'],
  staticFolder: 'public',
  fileFacts(relative) {
    const parts = relative.split('/').slice(2)
    const file = parts.pop()!
    const slug = /^index\./.test(file) ? parts.pop() : baseName(file)
    if (!slug || parts.length === 0) return { reason: 'outside a collection folder of src/content/: not a post' }
    return { slug, date: '', draft: false, folderPath: `/${parts.join('/')}/` }
  },
  oldPath: (facts, slug, _date, _categories, own) => (own.startsWith('/') ? own : `${facts.folderPath}${slug}/`),
}

const FOLDER: SiteLayout = {
  name: 'folder',
  postFolders: [''],
  staticFolder: '',
  fileFacts(relative) {
    const parts = relative.split('/')
    const file = parts.pop()!
    const slug = /^index\./.test(file) && parts.length > 0 ? parts.pop()! : baseName(file)
    return { slug, date: '', draft: false, folderPath: '' }
  },
  oldPath: (_facts, _slug, _date, _categories, own) => (own.startsWith('/') ? own : ''),
}

function baseName(relative: string): string {
  const name = relative.slice(relative.lastIndexOf('/') + 1)
  return name.slice(0, name.length - path.extname(name).length)
}
