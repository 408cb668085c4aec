import { z } from 'zod'
import { postContentSchema, postSaveBodySchema, postVersionSchema } from '../../core/contract/post-requests.ts'
import type { Post } from '../../core/post.ts'
import { parseInput } from '../lib/parse-input.ts'
import { isDeeperThan } from './html-depth.ts'
import { MAX_CONTENT_DEPTH } from './post-rules.ts'

/** The fields an admin sends to create or update a post (SPEC §7), before sanitizing; the owner and review mark are the server's to write. */
export type PostInput = Omit<Post, 'id' | 'author' | 'inReview'>

/**
 * The contract's save body, with the bound only the server checks: how deeply the content
 * nests, measured before any HTML tool (all recursive) sees it, so a post too deep for them is a
 * 400 naming the content, before any other field after it.
 */
const saveBodySchema = postSaveBodySchema.extend({
  content: postContentSchema.refine((html) => !isDeeperThan(html, MAX_CONTENT_DEPTH), {
    message: `content must not nest elements more than ${MAX_CONTENT_DEPTH} levels deep`,
    abort: true,
  }),
})

/**
 * Reads a create or update body through the contract's schema (core/contract/post-requests.ts).
 * Pure. Title, slug, summary and content are required; publishDate, isPublished,
 * featuredImageUrl and the optional featuredImageAlt and tags fall back to `defaults` (SPEC §3's
 * new-post defaults, or the post's current values for an update); an empty featuredImageAlt
 * removes it. Any other field is dropped, never stored. Content is checked for its bounds only;
 * sanitizing is the caller's next step.
 * @throws InvalidInputError naming the first wrong field and why.
 */
export function readPostInput(
  body: unknown,
  defaults: Pick<Post, 'publishDate' | 'isPublished' | 'featuredImageUrl' | 'featuredImageAlt' | 'tags'>,
): { input: PostInput; version: string | undefined; inReview: boolean | undefined } {
  const read = parseInput(saveBodySchema, body)
  const input: PostInput = {
    title: read.title,
    slug: read.slug,
    summary: read.summary,
    content: read.content,
    publishDate: read.publishDate ?? defaults.publishDate,
    isPublished: read.isPublished ?? defaults.isPublished,
    featuredImageUrl: read.featuredImageUrl ?? defaults.featuredImageUrl,
  }
  const featuredImageAlt = read.featuredImageAlt ?? defaults.featuredImageAlt ?? ''
  if (featuredImageAlt) input.featuredImageAlt = featuredImageAlt
  // Left out, an update keeps the post's tags; [] or '' removes them.
  const tags = read.tags ?? defaults.tags ?? []
  if (tags.length > 0) input.tags = tags
  // "Submit for review" (true) or taking it back (false); left out, the post keeps its mark.
  return { input, version: read.version, inReview: read.inReview }
}

const versionField = z.object({ version: postVersionSchema })

/** A version from a body field or an `If-Match` header (`"abc…"`, `W/"abc…"` or bare); none for none, '' or `*`. */
export function readVersion(value: unknown): string | undefined {
  return parseInput(versionField, { version: value }).version
}
