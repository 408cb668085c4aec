import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type ImportedPost, type ImportSourceResult, InvalidImportSource, type SkippedItem } from './imported-post.ts'
import { findMarkdownFiles, folderRoot, localImage, type MarkdownFile, readMarkdownFile } from './markdown-files.ts'
import { FrontMatterError, frontMatterFields, readFrontMatter } from './markdown-front-matter.ts'
import { markdownToHtml, moveImages } from './markdown-html.ts'
import { detectLayout, type FileFacts, type SiteLayout } from './markdown-layouts.ts'
import { isFuture, isoDate } from './source-dates.ts'
import { summaryFromText } from './summary-text.ts'

/**
 * A folder of Markdown posts with front matter (a Jekyll, Hugo or Astro site, or any folder of
 * `.md` files) read into the importer's shape: each post rendered to HTML, its slug, date,
 * status and summary from its front matter or its place in the folder, its old addresses from
 * the generator's default permalink, its `url`/`permalink` and its aliases (markdown-layouts.ts).
 * A file that cannot be read is skipped with its reason; the others are read.
 *
 * Local images (`./photo.jpg` in a page bundle, `/images/x.png` from the site's static folder,
 * Astro's `../../assets/hero.jpg`): each one found inside the folder is written as the `file:`
 * URL of its absolute path, and the result's one upload base is the folder's own `file:` URL
 * (`file:///home/me/blog/`, with a final `/`). So the importer, handed this folder as the
 * uploads folder, finds every such image at the path after the base (URL-decoded), as it finds
 * a WordPress upload. An image that is missing, outside the folder or behind a symbolic link
 * keeps its URL as written and is listed in `skipped`.
 */
export async function readMarkdownFolder(dir: string, now: Date = new Date()): Promise<ImportSourceResult> {
  const root = await folderRoot(dir)
  const layout = await detectLayout(root)
  const skipped: SkippedItem[] = []
  const files = await findMarkdownFiles(root, layout.postFolders, skipped)
  if (files.length === 0) {
    const where = layout.postFolders.filter(Boolean).join(', ')
    throw new InvalidImportSource(`${dir} holds no Markdown files (.md, .markdown)${where ? ` in ${where}` : ''}`)
  }
  const posts: ImportedPost[] = []
  for (const file of files) {
    const post = await readPost(root, layout, file, now, skipped)
    if (post !== undefined) posts.push(post)
  }
  return { posts, skipped, uploadBases: [`${pathToFileURL(root).href}/`] }
}

async function readPost(root: string, layout: SiteLayout, file: MarkdownFile, now: Date, skipped: SkippedItem[]) {
  const note = (reason: string) => void skipped.push({ source: file.relative, reason })
  const skip = (reason: string): undefined => {
    note(reason)
    return undefined
  }
  const facts = layout.fileFacts(file.relative)
  if ('reason' in facts) return skip(facts.reason)
  const text = await readMarkdownFile(file)
  if (typeof text !== 'string') return skip(text.reason)
  let front
  try {
    front = readFrontMatter(text)
  } catch (error) {
    if (error instanceof FrontMatterError) return skip(error.message)
    throw error
  }
  const fields = frontMatterFields(front.data)
  for (const key of fields.unreadable) note(`front matter "${key}" is not text: left out`)

  const { markdown, leftAsText } = convertHighlightTags(front.content)
  if (leftAsText.length > 0) note(`template tags left as text: ${[...new Set(leftAsText)].join(', ')}`)
  let rendered
  try {
    rendered = markdownToHtml(markdown)
  } catch (error) {
    return skip(`its Markdown cannot be rendered (${error instanceof Error ? error.message : String(error)})`)
  }

  const resolve = (url: string) => resolveImage(root, layout, file, url, note)
  const moved = new Map<string, string>()
  for (const src of new Set(rendered.images)) {
    const to = await resolve(src)
    if (to !== src) moved.set(src, to)
  }

  const slug = fields.slug || facts.slug
  const date = isoDate(fields.date) || facts.date
  if (fields.date !== undefined && !isoDate(fields.date)) note(`date "${String(fields.date)}" is not a date this importer reads: ${date ? `the file name's ${date} is used` : 'left empty'}`)
  const draft = facts.draft || fields.draft === true
  const post: ImportedPost = {
    source: file.relative,
    title: fields.title || (layout.name === 'jekyll' ? titleFromSlug(facts.slug) : rendered.firstHeading),
    slug,
    html: moveImages(rendered.html, moved),
    summary: fields.summary || summaryFromText(rendered.firstParagraph),
    status: draft ? 'draft' : date && isFuture(date, now) ? 'scheduled' : 'published',
    date,
    featuredImage: fields.image ? await resolve(fields.image) : '',
    featuredImageAlt: fields.imageAlt,
    oldPaths: draft ? [] : oldPaths(layout, facts, slug, date, fields.url, fields.categories, fields.aliases),
    ...(fields.tags.length > 0 ? { tags: fields.tags } : {}),
  }
  return post
}

/** The post's old addresses: its own `url`/`permalink`, else the layout's default, and its aliases. */
function oldPaths(layout: SiteLayout, facts: FileFacts, slug: string, date: string, url: string, categories: string[], aliases: string[]): string[] {
  const main = layout.oldPath(facts, slug, date, categories, url)
  // Hugo reads an alias without a leading `/` as relative to the post's section.
  const base = path.posix.dirname(main.replace(/\/$/, '') || '/')
  const paths = [main, ...aliases.map((alias) => folderPath(alias.startsWith('/') ? alias : path.posix.join(base, alias)))]
  return [...new Set(paths.filter(isSitePath))]
}

/** An alias without an extension as the folder Hugo and jekyll-redirect-from write it to (`/old` → `/old/`). */
function folderPath(alias: string): string {
  return alias.endsWith('/') || /\.[a-z0-9]+$/i.test(alias) ? alias : `${alias}/`
}

/**
 * A path an old site could have answered at: from `/`, no `..` step, no space or control
 * character, no permalink placeholder left (`/:year/:title/`).
 */
function isSitePath(candidate: string): boolean {
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.length > 2000) return false
  return !/[\s\\\u0000-\u001f\u007f]|\/:[a-z_]/i.test(candidate) && !candidate.split('/').includes('..')
}

/**
 * Where a local image is, as a `file:` URL under the folder's upload base; an absolute URL, or a
 * local one that cannot be used (said in the report), as written.
 */
async function resolveImage(root: string, layout: SiteLayout, file: MarkdownFile, url: string, note: (reason: string) => void): Promise<string> {
  if (url === '' || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('#')) return url
  let decoded: string
  try {
    decoded = decodeURI(url.replace(/[?#].*$/, ''))
  } catch {
    note(`image ${url}: not a readable path`)
    return url
  }
  // Site-relative paths are served from the generator's static folder; others from beside the post.
  const target = decoded.startsWith('/') ? path.join(root, layout.staticFolder, decoded) : path.resolve(path.dirname(file.path), decoded)
  const found = await localImage(root, target)
  if (typeof found !== 'string') {
    note(`image ${url}: ${found.reason}`)
    return url
  }
  return pathToFileURL(found).href
}

/** Jekyll's title for a post whose front matter has none: its slug's words, capitalized. */
function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ')
}

const JEKYLL_HIGHLIGHT = /^\{%-?\s*highlight\s+([\w+#.-]+)[^%]*-?%\}[ \t]*\r?\n([\s\S]*?)\r?\n?\{%-?\s*endhighlight\s*-?%\}/gm
const HUGO_HIGHLIGHT = /^\{\{<\s*highlight\s+([\w+#.-]+)[^>]*>\}\}[ \t]*\r?\n([\s\S]*?)\r?\n?\{\{<\s*\/highlight\s*>\}\}/gm
const HUGO_VIDEO = /\{\{<\s*(youtube|vimeo)\s+(?:id=)?"?([\w-]{1,20})"?\s*>\}\}/g
const VIDEO_PAGES: Readonly<Record<string, string>> = { youtube: 'https://www.youtube.com/watch?v=', vimeo: 'https://vimeo.com/' }
const TEMPLATE_TAG = /\{%-?\s*([\w.-]+)|\{\{[<%]\s*\/?\s*([\w.-]+)/g

/**
 * Jekyll's `{% highlight ruby %}` and Hugo's `{{< highlight go >}}` blocks as fenced code, and
 * Hugo's `{{< youtube id >}}` and `{{< vimeo id >}}` as a link to the video (what they mean);
 * the names of the other template tags (shortcodes, Liquid), which only their generator can
 * render and stay as text.
 */
function convertHighlightTags(markdown: string): { markdown: string; leftAsText: string[] } {
  const fenced = (_: string, language: string, code: string) => `\`\`\`\`${language}\n${code}\n\`\`\`\``
  const converted = markdown
    .replace(JEKYLL_HIGHLIGHT, fenced)
    .replace(HUGO_HIGHLIGHT, fenced)
    .replace(HUGO_VIDEO, (_, site: string, id: string) => `<${VIDEO_PAGES[site]}${id}>`)
  const leftAsText = [...converted.matchAll(TEMPLATE_TAG)].map((match) => match[1] ?? match[2]!)
  return { markdown: converted, leftAsText }
}
