import { isDeeperThan } from '../../content/html-depth.ts'
import { MAX_CONTENT_DEPTH } from '../../content/post-rules.ts'
import { noChanges } from '../import-changes.ts'
import { type ImportedPost, type ImportedStatus, type ImportSourceResult, InvalidImportSource, type SkippedItem } from '../imported-post.ts'
import { field, type Fields, isFields } from '../json-fields.ts'
import { isoDate } from '../source-dates.ts'
import { summaryFromText } from '../summary-text.ts'
import { GHOST_UPLOADS, GHOST_URL, mapGhostCards } from './cards.ts'
import { lexicalToHtml } from './lexical.ts'
import { mobiledocToHtml } from './mobiledoc.ts'
import { UnreadableGhostDocument } from './rendering.ts'

/**
 * A Ghost export (Settings → Labs → Export in Ghost's admin: JSON, `{ db: [{ meta, data }] }`,
 * or the bare `{ meta, data }` older versions and hand-made files use) read into the importer's
 * shape. Pure: bytes in, posts out. Only posts are imported; pages and email-only newsletters
 * are skipped with their reason.
 *
 * A post's body is the `html` Ghost rendered and exports beside its editor's own JSON; a post
 * exported without it is rendered from that JSON as Ghost renders it (Lexical: lexical.ts,
 * Mobiledoc: mobiledoc.ts), and one whose JSON cannot be read is skipped with the reason.
 * Either way its cards are then made the post model's blocks (cards.ts), so the report says
 * the same of a card whichever way it came.
 *
 * Ghost's default address for a post is `/<slug>/`: that is its old path. Its images under
 * `__GHOST_URL__/content/images/` (or `/content/images/`) are reported under the one upload base
 * `__GHOST_URL__/content/images/`, which the importer maps to the local folder the user names
 * (a copy of Ghost's `content/images`).
 *
 * The file is untrusted: its size is capped before it is parsed, every field is read as an own
 * property of the type it must have (a `__proto__` key is data, never a prototype), and a
 * record of the wrong shape is skipped with its reason, not trusted.
 */

/** The largest export read: Ghost's JSON holds each post two or three times (HTML, editor JSON, plain text). */
export const MAX_GHOST_EXPORT_BYTES = 200 * 1024 * 1024

const STATUSES: Readonly<Record<string, ImportedStatus>> = { published: 'published', draft: 'draft', scheduled: 'scheduled' }

export function readGhostExport(bytes: Buffer): ImportSourceResult {
  if (bytes.length > MAX_GHOST_EXPORT_BYTES) {
    throw new InvalidImportSource(`The file is larger than ${MAX_GHOST_EXPORT_BYTES / 1024 / 1024} MB, more than a Ghost export of any blog`)
  }
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''))
  } catch (error) {
    throw new InvalidImportSource(`The file is not JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  const data = exportData(json)
  const postsMeta = postsMetaById(field(data, 'posts_meta'))
  const tagsByPost = postTagsOf(data)
  const posts: ImportedPost[] = []
  const skipped: SkippedItem[] = []
  const records = field(data, 'posts') as unknown[]
  records.forEach((record, index) => {
    if (!isFields(record)) {
      skipped.push({ source: `ghost:#${index + 1}`, reason: 'not a post record (an object was expected)' })
      return
    }
    const id = text(field(record, 'id'))
    const source = `ghost:${id || `#${index + 1}`}`
    const post = readPost(record, source, postsMeta.get(id), skipped)
    const tags = tagsByPost.get(id)
    if (post) posts.push(tags?.length ? { ...post, tags } : post)
  })
  return { posts, skipped, uploadBases: [GHOST_UPLOADS] }
}

/**
 * Each post's public tags, by post id, in Ghost's order (`posts_tags.sort_order`). Internal tags
 * (`visibility: internal`, named `#…`) are Ghost's own markers for themes, never shown: left out.
 */
function postTagsOf(data: Fields): Map<string, string[]> {
  const names = new Map<string, string>()
  for (const row of rowsOf(field(data, 'tags'))) {
    const name = text(field(row, 'name'))
    if (name && !name.startsWith('#') && text(field(row, 'visibility')) !== 'internal') names.set(text(field(row, 'id')), name)
  }
  const byPost = new Map<string, { name: string; order: number }[]>()
  for (const row of rowsOf(field(data, 'posts_tags'))) {
    const name = names.get(text(field(row, 'tag_id')))
    if (name === undefined) continue
    const postId = text(field(row, 'post_id'))
    const order = Number(field(row, 'sort_order'))
    const list = byPost.get(postId) ?? []
    list.push({ name, order: Number.isFinite(order) ? order : list.length })
    byPost.set(postId, list)
  }
  return new Map([...byPost].map(([postId, list]) => [postId, list.sort((a, b) => a.order - b.order).map((tag) => tag.name)]))
}

/** The `data` of the export: `db[0].data`, or `data` in the bare form. */
function exportData(json: unknown): Fields {
  const db = isFields(json) ? field(json, 'db') : undefined
  const database = Array.isArray(db) ? db[0] : json
  const data = isFields(database) ? field(database, 'data') : undefined
  if (!isFields(data) || !Array.isArray(field(data, 'posts'))) {
    throw new InvalidImportSource('The file is JSON but no Ghost export (no db[0].data.posts, nor data.posts, list)')
  }
  return data
}

function readPost(record: Fields, source: string, meta: Fields | undefined, skipped: SkippedItem[]): ImportedPost | undefined {
  const title = text(field(record, 'title'))
  // Named by its title in the report, when it has one.
  const note = (reason: string) => void skipped.push(title ? { source, title, reason } : { source, reason })
  const skip = (reason: string): undefined => {
    note(reason)
    return undefined
  }
  // Ghost 3+ writes `type`; before, `page` was 0/1 (or a boolean).
  const page = field(record, 'page')
  const type = text(field(record, 'type')) || (page === true || page === 1 ? 'page' : 'post')
  if (type !== 'post') return skip(`a ${type}: only posts are imported`)
  const ghostStatus = text(field(record, 'status'))
  if (ghostStatus === 'sent') return skip('sent as an email newsletter only, never on the site: not imported')
  const status = Object.hasOwn(STATUSES, ghostStatus) ? STATUSES[ghostStatus]! : undefined
  if (!status) return skip(`status "${ghostStatus || '(none)'}" is none of published, draft, scheduled`)

  const body = bodyOf(record)
  if ('reason' in body) return skip(body.reason)
  // Checked before the HTML is parsed into a tree, whose walks would overflow on hostile nesting.
  if (isDeeperThan(body.html, MAX_CONTENT_DEPTH)) return skip(`its HTML nests elements more than ${MAX_CONTENT_DEPTH} levels deep, more than a post may`)
  const changes = noChanges()
  changes.changed.push(...body.changed)
  const html = mapGhostCards(body.html, changes)

  const visibility = text(field(record, 'visibility'))
  if (visibility && visibility !== 'public') note(`for ${visibility} only in Ghost: imported as an ordinary post, open to every visitor`)

  const slug = text(field(record, 'slug'))
  const date = isoDate(field(record, 'published_at')) || isoDate(field(record, 'created_at'))
  if (!date) note('has no readable published_at or created_at: imported without a date')
  return {
    source,
    title,
    slug,
    html,
    changes,
    summary: summaryOf(record, meta),
    status,
    date,
    featuredImage: imageUrl(text(field(record, 'feature_image'))),
    featuredImageAlt: text(meta && field(meta, 'feature_image_alt')) || text(field(record, 'feature_image_alt')),
    oldPaths: isPathSegment(slug) ? [`/${slug}/`] : [],
  }
}

/**
 * The post's HTML (with what rendering it changed, for the report), or why there is none to
 * import: Ghost's rendered `html` when the export has it, else the HTML Ghost renders from its
 * editor's Lexical JSON (Ghost 5), else from its Mobiledoc (Ghost 1–4).
 */
function bodyOf(record: Fields): { html: string; changed: string[] } | { reason: string } {
  const html = field(record, 'html')
  if (typeof html === 'string' && html.trim() !== '') return { html, changed: [] }
  const lexical = field(record, 'lexical')
  const mobiledoc = field(record, 'mobiledoc')
  const editor = typeof lexical === 'string' && lexical !== '' ? { name: 'Lexical JSON', source: lexical, render: lexicalToHtml }
    : typeof mobiledoc === 'string' && mobiledoc !== '' ? { name: 'Mobiledoc', source: mobiledoc, render: mobiledocToHtml }
    : undefined
  if (!editor) return { html: '', changed: [] }
  try {
    return editor.render(editor.source)
  } catch (error) {
    // One post's document, whatever is wrong with it, never stops the import of the others. Not
    // only the readers' own refusals: a Mobiledoc naming one big card many times renders to more
    // than a string can hold (RangeError), as the tests show.
    if (error instanceof UnreadableGhostDocument) return { reason: error.message }
    return { reason: `its ${editor.name} cannot be rendered (${error instanceof Error ? error.message : String(error)})` }
  }
}

/** The custom excerpt, else the meta description, else the start of the post's plain text. */
function summaryOf(record: Fields, meta: Fields | undefined): string {
  const written = [field(record, 'custom_excerpt'), meta && field(meta, 'meta_description'), field(record, 'meta_description')]
    .map((value) => oneLine(text(value)))
    .find(Boolean)
  return written ?? summaryFromText(text(field(record, 'plaintext')))
}

/** An image Ghost stored itself, under the one upload base whichever form the export wrote. */
function imageUrl(url: string): string {
  return url.startsWith('/content/images/') ? `${GHOST_URL}${url}` : url
}

/** posts_meta rows (Ghost 3+: meta description, feature image alt) by their post's id. */
function postsMetaById(rows: unknown): Map<string, Fields> {
  const byId = new Map<string, Fields>()
  for (const row of rowsOf(rows)) {
    if (text(field(row, 'post_id'))) byId.set(text(field(row, 'post_id')), row)
  }
  return byId
}

/** A table's rows that are objects; none when it is absent or no list. */
function rowsOf(table: unknown): Fields[] {
  return Array.isArray(table) ? table.filter(isFields) : []
}

function isPathSegment(slug: string): boolean {
  return slug !== '' && slug !== '.' && slug !== '..' && !/[/\\?#%\s]/.test(slug)
}

/** A text field: a string trimmed, a number (Ghost ids were numbers before 1.0) as text, else ''. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : ''
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}
