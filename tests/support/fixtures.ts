import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SITE_FILE_NAMES, type SiteContent } from '../../core/site-content/index.ts'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'
import { serializeSiteFile } from '../../server/content/site-file.ts'
import { siteDirOf, siteFileOf } from '../../server/content/site-source.ts'

/**
 * The tests' own content (tests/fixtures/content: a CONTENT_DIR with a blog/ folder), never the
 * site's content/, which editors change: tests count its posts and name them.
 */
export const FIXTURE_CONTENT_DIR = path.resolve(import.meta.dirname, '../fixtures/content')
export const FIXTURE_BLOG_DIR = path.join(FIXTURE_CONTENT_DIR, 'blog')

/** Every fixture post file, by name order: its file name and text. */
export function fixturePostFiles(): { name: string; text: string }[] {
  return readdirSync(FIXTURE_BLOG_DIR)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(FIXTURE_BLOG_DIR, name), 'utf8') }))
}

/**
 * A post file as a maintainer writes it by hand, every field set and canonical (what a save
 * would write), so an admin's save of it changes only what it says.
 */
export function postText(post: {
  id?: string
  slug: string
  title: string
  body: string
  summary?: string
  publishDate?: string
  isPublished?: boolean
  /** The tags as YAML writes a list's items between its brackets: `Apple TV, News`. */
  tags?: string
}): string {
  const { id = `${post.slug.replaceAll('-', '')}id`, slug, title, body, summary = 'Its summary.', publishDate = '2025-12-01', isPublished = true, tags } = post
  const tagLines = tags === undefined ? [] : [`tags: [${tags}]`]
  return ['---', `id: ${id}`, `title: ${title}`, `slug: ${slug}`, `summary: ${summary}`, `publishDate: '${publishDate}'`, `isPublished: ${isPublished}`, "featuredImageUrl: ''", ...tagLines, '---', `<p>${body}</p>`, ''].join('\n')
}

/**
 * The site's copy as files (`<contentDir>/site/<name>.yaml`), generated from the built-in copy
 * in its canonical form: the tests' own, never content/site/. `edit` changes a file's values first.
 */
export async function writeSiteFiles(contentDir: string, edit: (site: SiteContent) => void = () => {}): Promise<void> {
  const site = structuredClone(SITE_DEFAULTS)
  edit(site)
  await mkdir(siteDirOf(contentDir), { recursive: true })
  for (const name of SITE_FILE_NAMES) await writeFile(siteFileOf(contentDir, name), serializeSiteFile(name, site[name]))
}
