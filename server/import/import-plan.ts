import { MAX_TAG_LENGTH, MAX_TAGS, readTags, tagSlug } from '../../core/tags.ts'
import { postUrl } from '../../core/post-urls.ts'
import { parsePostFile } from '../content/parse-post.ts'
import type { Post } from '../../core/post.ts'
import { newPostId } from '../content/post-identity.ts'
import { checkFeaturedImageUrl } from '../content/post-rules.ts'
import { postFileName } from '../content/post-paths.ts'
import { pathTakenProblem } from '../content/redirect-rules.ts'
import { serializeRedirects } from '../content/redirects-file.ts'
import { serializePost } from '../content/serialize-post.ts'
import { findUnsafeHtml } from '../content/unsafe-html.ts'
import type { BodyChanges } from './import-changes.ts'
import { htmlText } from '../../core/html-text.ts'
import { importBody, importImageUrl } from './import-html.ts'
import { ImportMedia } from './import-media.ts'
import { planRedirects, type RedirectsPlan } from './import-redirects.ts'
import type { ImportTarget } from './import-target.ts'
import { freeSlug, publishDayOf, publishedOf, summaryOf, titleOf, wantedSlugOf } from './imported-fields.ts'
import type { ImportedPost, ImportSourceResult, SkippedItem } from './imported-post.ts'

/**
 * What an import would write, worked out whole before anything is written: each post as the
 * file the admin would have saved (fields checked, HTML sanitized, one block per line), the
 * images to add to the library, and the redirects file. A post that cannot be one here (no
 * content left, a slug another post has) is skipped and reported; a planned file that does not
 * read back as the post it should be fails the whole import (ImportCheckError), so nothing is
 * written.
 */

export interface PlannedPost {
  source: string
  post: Post
  /** Absolute path of the post's file, and its bytes. */
  file: string
  text: string
  notes: string[]
  /** Why the sanitizer changed the source's HTML, or null. */
  sanitized: string | null
  media: { from: string; to: string }[]
  missing: { url: string; reason: string }[]
  /** Images this post brings into the library (each image once in the whole import). */
  newFiles: { path: string; bytes: Buffer }[]
  /** The source's blocks kept as written, and what was changed and how. */
  changes: BodyChanges
  /** Nothing of its content was left: imported as a draft that says so. */
  emptied: boolean
}

export interface ImportPlan {
  posts: PlannedPost[]
  skipped: SkippedItem[]
  mediaFiles: { path: string; bytes: Buffer }[]
  redirects: RedirectsPlan
  /** The redirects file's new text, or null when it does not change. */
  redirectsText: string | null
}

/** A planned file that does not read back as the post it should be: nothing is written. */
export class ImportCheckError extends Error {}

export async function planImport(source: ImportSourceResult, target: ImportTarget, progress?: (done: number, total: number) => void): Promise<ImportPlan> {
  const state = await target.readState()
  const media = new ImportMedia({
    uploadsDir: target.uploadsDir,
    uploadBases: source.uploadBases,
    mediaDir: target.mediaDir,
    existing: state.media,
    limits: target.limits,
    year: String(target.now.getUTCFullYear()),
  })
  const plan: ImportPlan = { posts: [], skipped: [...source.skipped], mediaFiles: [], redirects: { document: state.redirects, added: [], kept: [], refused: [] }, redirectsText: null }
  // Slugs this import has claimed, including those of posts skipped as existing: a second post
  // with the same wanted slug gets the same suffix on every run, so a run again adds nothing.
  const claimed = new Set<string>()
  const ids = new Set<string>(state.ids)
  const today = target.today()
  let done = 0
  for (const imported of source.posts) {
    const skip = (reason: string) => plan.skipped.push({ source: imported.source, ...(imported.title.trim() ? { title: imported.title.trim() } : {}), reason })
    const title = titleOf(imported)
    const wanted = wantedSlugOf(imported, title.value)
    const slug = freeSlug(wanted.value, (candidate) => claimed.has(candidate) || pathTakenProblem(state.redirects, postUrl(candidate), null) !== null)
    claimed.add(slug)
    if (state.slugs.has(slug)) skip(`a post with the slug "${slug}" exists already (imported before?): left as it is`)
    else {
      try {
        const planned = await planPost(imported, { title, wanted, slug, today, target, media, ids })
        if (typeof planned === 'string') skip(planned)
        else {
          plan.posts.push(planned)
          ids.add(planned.post.id)
        }
      } catch (error) {
        if (error instanceof ImportCheckError) throw error
        skip(error instanceof Error ? error.message : String(error))
      }
    }
    progress?.(++done, source.posts.length)
  }
  const imported = new Set(plan.posts.map((planned) => planned.post.slug))
  plan.redirects = planRedirects(
    state.redirects,
    plan.posts.flatMap((planned) => (source.posts.find((post) => post.source === planned.source)?.oldPaths ?? []).map((from) => ({ from, slug: planned.post.slug }))),
    { isPage: target.isPage, isPost: (slug) => state.slugs.has(slug) || imported.has(slug) },
  )
  if (plan.redirects.added.length > 0) plan.redirectsText = serializeRedirects(plan.redirects.document)
  plan.mediaFiles = plan.posts.flatMap((planned) => planned.newFiles)
  return plan
}

interface PostContext {
  title: { value: string; note?: string }
  wanted: { value: string; note?: string }
  slug: string
  today: string
  target: ImportTarget
  media: ImportMedia
  ids: Set<string>
}

/**
 * Fewer words of its own than this (beside its headings, with no media), once the blocks its old
 * site rendered are gone, and a post is no page to publish: a showcase of a theme's blocks whose
 * notes ("there is a spacer block above") are all that is left. A real post's one paragraph is more.
 */
export const MIN_OWN_WORDS = 20

/** Whether a post's clean HTML (one block a line) holds a body of its own beside its headings and rules. */
export function hasBodyOfItsOwn(cleanHtml: string): boolean {
  const rest = cleanHtml
    .split('\n')
    .filter((line) => !/^(?:<h[1-6][\s>]|<hr>)/.test(line))
    .join('\n')
  if (/<(?:img|iframe|video|audio)\b/.test(rest)) return true
  return htmlText(rest).split(/\s+/).filter(Boolean).length >= MIN_OWN_WORDS
}

/** One post planned, or the reason it is skipped. */
async function planPost(imported: ImportedPost, context: PostContext): Promise<PlannedPost | string> {
  const { title, wanted, slug, today, target, media, ids } = context
  const body = await importBody(imported.html, media)
  const notes = [...(imported.notes ?? [])]
  const changes: BodyChanges = { kept: [...(imported.changes?.kept ?? [])], changed: [...(imported.changes?.changed ?? []), ...body.changed] }
  // A post needs content: one with nothing left is a draft saying so, for someone to write or
  // delete. So is one whose old site rendered its body (dynamic blocks removed, and little of its
  // own left beside headings: hasBodyOfItsOwn): never a published page of headings over lists
  // it no longer has. One with a body of its own stays as it was.
  const sourceEmpty = imported.html.trim() === '' && changes.changed.length === 0
  const empty = body.html.trim() === ''
  const removed = changes.changed.filter((change) => change.startsWith('dynamic block')).length
  const bodyless = empty || (removed > 0 && !hasBodyOfItsOwn(body.html))
  if (empty) body.html = `<p>${sourceEmpty ? EMPTY_SOURCE : NOTHING_LEFT}</p>`
  if (bodyless) notes.push(`${sourceEmpty ? 'the source post was empty' : empty ? 'no content left' : `${removed} dynamic blocks removed, less than ${MIN_OWN_WORDS} words of its own left`}: imported as a draft`)
  const date = publishDayOf(imported.date, target.timeZone, today)
  const published = bodyless ? { value: false } : publishedOf(imported, date.value, today)
  const summary = summaryOf(imported, empty ? '' : body.html, title.value)
  for (const field of [title, wanted, date, published, summary]) if (field.note) notes.push(field.note)
  if (body.videos > 0) notes.push(body.videos === 1 ? 'a video made a click-to-load embed' : `${body.videos} videos made click-to-load embeds`)
  for (const alt of body.namedLinks) notes.push(`a linked image had no alt text, so the link had no name: alt "${alt}" made from its file name (describe it in the editor)`)
  if (slug !== wanted.value) notes.push(`slug "${wanted.value}" is another imported post's: "${slug}"`)
  const featuredImageUrl = imported.featuredImage === '' ? '' : await importImageUrl(imported.featuredImage, media, body)
  if (checkFeaturedImageUrl(featuredImageUrl) !== null) notes.push(`featured image "${featuredImageUrl}" is no URL the site takes: left out`)
  const alt = imported.featuredImageAlt.replace(/\s+/g, ' ').trim().slice(0, 500)
  const tags = importedTags(imported.tags ?? [])
  if (tags.note) notes.push(tags.note)
  const post: Post = {
    id: newPostId((id) => ids.has(id)),
    title: title.value,
    slug,
    summary: summary.value,
    publishDate: date.value,
    isPublished: published.value,
    featuredImageUrl: checkFeaturedImageUrl(featuredImageUrl) === null ? featuredImageUrl : '',
    ...(alt && featuredImageUrl ? { featuredImageAlt: alt } : {}),
    ...(tags.value.length > 0 ? { tags: tags.value } : {}),
    content: body.html,
  }
  const text = serializePost(post)
  checkReadsBack(text, post)
  return { source: imported.source, post, file: target.fileOf(slug), text, notes, sanitized: body.sanitized, media: body.media, missing: body.missing, newFiles: body.newFiles, changes, emptied: bodyless }
}

/** The one line of a post whose source was empty, or whose every block had no home here (the report lists them). */
const EMPTY_SOURCE = 'This post was empty in the site it was imported from.'
const NOTHING_LEFT = 'Nothing of this post was left after import: its source held only blocks its old site rendered itself (see the import report).'

/**
 * The source's tags and categories as a post's tags: each name trimmed, once per slug (the first
 * spelling), those a tag cannot be (no letter or digit, too long, a control character) left out,
 * and at most MAX_TAGS; what was left out is noted for the report.
 */
export function importedTags(names: readonly string[]): { value: string[]; note?: string } {
  const value: string[] = []
  const dropped: string[] = []
  for (const name of names) {
    const read = readTags([name])
    if ('problem' in read) dropped.push(name.trim())
    else if (read.tags.length > 0 && !value.some((kept) => tagSlug(kept) === tagSlug(read.tags[0]!))) value.push(read.tags[0]!)
  }
  const beyond = value.splice(MAX_TAGS)
  const notes = [
    ...(dropped.length > 0 ? [`tags that are no tag names here left out: ${dropped.map((name) => `"${name.slice(0, MAX_TAG_LENGTH)}"`).join(', ')}`] : []),
    ...(beyond.length > 0 ? [`more than ${MAX_TAGS} tags: ${beyond.join(', ')} left out`] : []),
  ]
  return notes.length > 0 ? { value, note: notes.join('; ') } : { value }
}

/** The file must be the post it was made from, as the server reads it, with nothing its sanitizer would remove. */
function checkReadsBack(text: string, post: Post): void {
  const name = postFileName(post.slug)
  let read: Post
  try {
    read = parsePostFile(text, name)
  } catch (error) {
    throw new ImportCheckError(`${name} would not be readable: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (JSON.stringify(read) !== JSON.stringify(post)) throw new ImportCheckError(`${name} would not read back as the post planned`)
  const unsafe = findUnsafeHtml(read.content)
  if (unsafe) throw new ImportCheckError(`${name}'s content ${unsafe}`)
}
