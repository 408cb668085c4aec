import { InvalidInputError } from '../lib/errors.ts'
import type { Post } from '../../core/post.ts'
import { readTags } from '../../core/tags.ts'
import {
  checkContent,
  checkFeaturedImageAlt,
  checkFeaturedImageUrl,
  checkIsPublished,
  checkPublishDate,
  checkSlug,
  checkSummary,
  checkTitle,
} from './post-rules.ts'

/** The fields an admin sends to create or update a post (SPEC §7), before sanitizing; the owner and review mark are the server's to write. */
export type PostInput = Omit<Post, 'id' | 'author' | 'inReview'>

/** What an update or delete says it started from: a post's version (its file's blob id). */
const VERSION_PATTERN = /^[0-9a-f]{40}$/

/**
 * Reads a create or update body. Pure. Title, slug, summary and content are required;
 * publishDate, isPublished, featuredImageUrl and the optional featuredImageAlt and tags fall back to
 * `defaults` (SPEC §3's new-post defaults, or the post's current values for an update); an empty
 * featuredImageAlt removes it. Any other field is dropped, never
 * stored. Content is checked for presence only; sanitizing is the caller's next step.
 * @throws InvalidInputError naming the first wrong field and why.
 */
export function readPostInput(
  body: unknown,
  defaults: Pick<Post, 'publishDate' | 'isPublished' | 'featuredImageUrl' | 'featuredImageAlt' | 'tags'>,
): { input: PostInput; version: string | undefined; inReview: boolean | undefined } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidInputError('The body must be a JSON object')
  }
  const fields = body as Record<string, unknown>
  const field = <T>(name: keyof PostInput, check: (value: unknown) => string | null, fallback?: T): T => {
    const value = Object.hasOwn(fields, name) && fields[name] !== null ? fields[name] : fallback
    if (value === undefined) throw new InvalidInputError(`${name} is required`, name)
    const problem = check(value)
    if (problem) throw new InvalidInputError(`${name} ${problem}`, name)
    return value as T
  }
  const input: PostInput = {
    title: field<string>('title', checkTitle).trim(),
    slug: field<string>('slug', checkSlug),
    summary: field<string>('summary', (value) => checkSummary(normalizeLines(value))).trim(),
    content: field<string>('content', checkContent),
    publishDate: field('publishDate', checkPublishDate, defaults.publishDate),
    isPublished: field('isPublished', checkIsPublished, defaults.isPublished),
    featuredImageUrl: field<string>('featuredImageUrl', checkFeaturedImageUrl, defaults.featuredImageUrl).trim(),
  }
  input.summary = normalizeLines(input.summary) as string
  const featuredImageAlt = field<string>('featuredImageAlt', checkFeaturedImageAlt, defaults.featuredImageAlt ?? '').trim()
  if (featuredImageAlt) input.featuredImageAlt = featuredImageAlt
  // Left out, an update keeps the post's tags; [] or '' removes them.
  const tags = readTags(Object.hasOwn(fields, 'tags') && fields.tags !== null ? fields.tags : defaults.tags)
  if ('problem' in tags) throw new InvalidInputError(`tags ${tags.problem}`, 'tags')
  if (tags.tags.length > 0) input.tags = tags.tags
  // "Submit for review" (true) or taking it back (false); left out, the post keeps its mark.
  const inReview = fields.inReview === undefined || fields.inReview === null ? undefined : field<boolean>('inReview' as keyof PostInput, checkIsPublished)
  return { input, version: readVersion(fields.version), inReview }
}

/** A version from a body field or an `If-Match` header (`"abc…"`, `W/"abc…"` or bare). */
export function readVersion(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '' || value === '*') return undefined
  if (typeof value !== 'string') throw new InvalidInputError('version must be a string', 'version')
  const bare = value.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1')
  if (!VERSION_PATTERN.test(bare)) throw new InvalidInputError('version must be the version the edit started from', 'version')
  return bare
}

function normalizeLines(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value
}
