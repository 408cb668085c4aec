import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { type ImportedPost, type ImportedStatus, type ImportSourceResult, InvalidImportSource, type SkippedItem } from './imported-post.ts'
import { plainText } from './plain-text.ts'
import { type WordPressContext, wordpressBody } from './wordpress-html.ts'
import type { WordPressAttachment } from './wordpress-shortcodes.ts'
import { decodeText } from './file-names.ts'

/**
 * A WordPress export (WXR: RSS 2.0 with WordPress's `wp:` elements, Tools → Export in the
 * WordPress admin) read into the importer's shape. Pure: bytes in, posts out. Only posts are
 * imported; pages, attachments, menu items, revisions and the like are skipped and counted.
 *
 * The file is untrusted: no DOCTYPE is accepted (a WXR never has one, and it is where entity
 * expansion attacks live: `<!ENTITY lol "&lol;&lol;…">`, external entities), its size is capped
 * before it is parsed, and fast-xml-parser never fetches anything.
 */

/** The largest export read: a blog of 10,000 long posts is about 100 MB of WXR. */
export const MAX_WXR_BYTES = 200 * 1024 * 1024

/** WordPress statuses, as the site's posts stand. Anything else (trash, auto-draft, inherit) is skipped. */
const STATUSES: Readonly<Record<string, { status: ImportedStatus; note?: string }>> = {
  publish: { status: 'published' },
  future: { status: 'scheduled' },
  draft: { status: 'draft' },
  pending: { status: 'draft', note: 'pending review in WordPress: imported as a draft' },
  private: { status: 'draft', note: 'private in WordPress: imported as a draft, since every published post here is public' },
}

type Fields = Record<string, unknown>

const parser = new XMLParser({
  // Every attribute but `domain`, which says what a post's <category> is (a category, a tag, a format).
  ignoreAttributes: [/^(?!domain$)/],
  parseTagValue: false,
  trimValues: false,
  // Character references and the five XML entities only; there is no DOCTYPE to declare others.
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'item' || name === 'wp:postmeta' || name === 'category',
})

export function readWordPressExport(bytes: Buffer): ImportSourceResult {
  if (bytes.length > MAX_WXR_BYTES) throw new InvalidImportSource(`The file is larger than ${MAX_WXR_BYTES / 1024 / 1024} MB, more than a WordPress export of any blog`)
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  if (/<!DOCTYPE/i.test(text)) throw new InvalidImportSource('The file declares a DOCTYPE, which a WordPress export never has (entity declarations are refused)')
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw new InvalidImportSource(`The file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`)
  const channel = (parser.parse(text) as Fields).rss
  const fields = typeof channel === 'object' && channel !== null ? ((channel as Fields).channel as Fields | undefined) : undefined
  if (!fields || typeof fields !== 'object' || fields['wp:wxr_version'] === undefined) {
    throw new InvalidImportSource('The file is XML but no WordPress export (no <rss><channel> with <wp:wxr_version>)')
  }
  const items = (fields.item ?? []) as Fields[]
  const attachments = attachmentsOf(items)
  const posts: ImportedPost[] = []
  const skipped: SkippedItem[] = []
  for (const item of items) {
    const id = textOf(item['wp:post_id'])
    const source = `wordpress:${id}`
    const type = textOf(item['wp:post_type'])
    if (type !== 'post') {
      skipped.push({ source, ...titled(item), reason: `${type || 'an item without a type'}${type === 'attachment' ? ' (its file is imported where a post uses it)' : ''}: only posts are imported` })
      continue
    }
    const status = STATUSES[textOf(item['wp:status'])]
    if (!status) {
      skipped.push({ source, ...titled(item), reason: `status "${textOf(item['wp:status'])}": only published, scheduled and draft posts are imported` })
      continue
    }
    posts.push(postOf(item, source, status, attachments))
  }
  return { posts, skipped, uploadBases: uploadBasesOf(fields, attachments) }
}

function titled(item: Fields): { title?: string } {
  const title = plainText(textOf(item.title))
  return title ? { title } : {}
}

function postOf(item: Fields, source: string, state: { status: ImportedStatus; note?: string }, attachments: Map<string, WordPressAttachment>): ImportedPost {
  const context: WordPressContext = { attachments, postId: textOf(item['wp:post_id']), footnotes: footnotesOf(metaOf(item, 'footnotes')) }
  const body = wordpressBody(textOf(item['content:encoded']), context)
  const notes: string[] = []
  let status = state.status
  if (state.note) notes.push(state.note)
  if (textOf(item['wp:post_password']) !== '' && status !== 'draft') {
    status = 'draft'
    notes.push('password-protected in WordPress: imported as a draft, since the site has no post passwords')
  }
  const featured = attachments.get(metaOf(item, '_thumbnail_id'))
  const oldPath = pathOf(textOf(item.link))
  return {
    source,
    title: plainText(textOf(item.title)),
    // WordPress stores non-ASCII slugs percent-encoded (`caf%c3%a9`): read as text.
    slug: decodeText(textOf(item['wp:post_name']).trim()),
    html: body.html,
    summary: plainText(textOf(item['excerpt:encoded'])),
    status,
    date: dateOf(item),
    featuredImage: featured?.url ?? '',
    featuredImageAlt: featured?.alt ?? '',
    oldPaths: oldPath ? [oldPath] : [],
    ...tagsOf(item),
    ...(notes.length > 0 ? { notes } : {}),
    changes: body.changes,
  }
}

/** The block editor's footnotes meta: `[{"id": "…", "content": "A note"}]`; none when unreadable. */
function footnotesOf(meta: string): WordPressContext['footnotes'] {
  if (meta.trim() === '') return []
  try {
    const notes: unknown = JSON.parse(meta)
    if (!Array.isArray(notes)) return []
    return notes.flatMap((note) =>
      typeof note === 'object' && note !== null && typeof (note as Fields).id === 'string' && typeof (note as Fields).content === 'string'
        ? [{ id: (note as Fields).id as string, content: (note as Fields).content as string }]
        : [],
    )
  } catch {
    return []
  }
}

/** WordPress's categories and tags of a post (`<category domain="category|post_tag">`), categories first; not its post format. */
function tagsOf(item: Fields): { tags?: string[] } {
  const terms = (item.category ?? []) as unknown[]
  const named = (domain: string) =>
    terms.flatMap((term) => (typeof term === 'object' && term !== null && (term as Fields)['@_domain'] === domain ? [plainText(textOf((term as Fields)['#text']))] : []))
  // "Uncategorized" is WordPress's default for a post given none: no tag of the author's.
  const tags = [...named('category').filter((name) => name !== 'Uncategorized'), ...named('post_tag')].filter(Boolean)
  return tags.length > 0 ? { tags } : {}
}

/** Attachments by post id: a post's featured image is one of them (its `_thumbnail_id`), a gallery's images too. */
function attachmentsOf(items: Fields[]): Map<string, WordPressAttachment> {
  const found = new Map<string, WordPressAttachment>()
  for (const item of items) {
    if (textOf(item['wp:post_type']) !== 'attachment') continue
    const url = textOf(item['wp:attachment_url']).trim() || textOf(item.guid).trim()
    if (!url) continue
    found.set(textOf(item['wp:post_id']), {
      url,
      alt: metaOf(item, '_wp_attachment_image_alt').trim(),
      caption: plainText(textOf(item['excerpt:encoded'])),
      parent: textOf(item['wp:post_parent']).trim(),
      order: Number(textOf(item['wp:menu_order'])) || 0,
      mimeType: mimeTypeOf(url),
    })
  }
  return found
}

/** An attachment's kind by its file name, as WordPress decides it (the export has no MIME type). */
function mimeTypeOf(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? ''
  if (/^(?:jpe?g|png|gif|webp|avif|bmp|tiff?)$/.test(extension)) return `image/${extension}`
  if (/^(?:mp3|m4a|ogg|oga|wav|wma|flac)$/.test(extension)) return `audio/${extension}`
  if (/^(?:mp4|m4v|webm|ogv|mov|wmv|flv|avi)$/.test(extension)) return `video/${extension}`
  return 'application/octet-stream'
}

/**
 * Where the old site kept its uploads: `<blog>/wp-content/uploads/`, and the folder every
 * attachment's URL is under (the part before `/<year>/<month>/`), which on WordPress.com or a
 * CDN is another host (`https://example.files.wordpress.com/`).
 */
function uploadBasesOf(channel: Fields, attachments: Map<string, WordPressAttachment>): string[] {
  const bases = new Set<string>()
  for (const site of [textOf(channel['wp:base_blog_url']), textOf(channel['wp:base_site_url'])]) {
    if (/^https?:\/\//.test(site.trim())) bases.add(`${site.trim().replace(/\/+$/, '')}/wp-content/uploads/`)
  }
  for (const { url } of attachments.values()) {
    const base = /^(https?:\/\/[^?#]*?\/)\d{4}\/\d{2}\//.exec(url)?.[1]
    if (base) bases.add(base)
  }
  return [...bases]
}

/**
 * The UTC time WordPress recorded (`post_date_gmt`), or, when it has none (drafts never
 * scheduled have `0000-00-00 00:00:00`), the site's local time as written, without a zone.
 */
function dateOf(item: Fields): string {
  const gmt = textOf(item['wp:post_date_gmt']).trim()
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(gmt) && !gmt.startsWith('0000')) return `${gmt.replace(' ', 'T')}Z`
  const local = textOf(item['wp:post_date']).trim()
  if (/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(local) && !local.startsWith('0000')) return local.replace(' ', 'T')
  return ''
}

/** The path of the post's permalink (`/2019/05/title/`); none for `?p=123` links, which only a query tells apart. */
function pathOf(link: string): string | null {
  try {
    const url = new URL(link.trim())
    if (url.search !== '' || url.pathname === '/' || url.pathname === '') return null
    return decodeURIComponent(url.pathname)
  } catch {
    return null
  }
}

function metaOf(item: Fields, key: string): string {
  const meta = (item['wp:postmeta'] ?? []) as Fields[]
  return textOf(meta.find((entry) => textOf(entry['wp:meta_key']) === key)?.['wp:meta_value'])
}

/** An element's text: fast-xml-parser gives a string, '' for an empty element, or an object for one with children. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}
