/**
 * What the posts' calls take (SPEC §7 and the admin's since): the bodies of a save, a restore and
 * an undelete, the version a save or delete started from, the admin list's query, and the route
 * parameters that name a post or a version. Each schema carries the messages a 400 answers with,
 * `<field> <reason>`. Only the server and the admin import this; the wire types beside it
 * (post-wire.ts) are what the public pages may import.
 */
import { z } from 'zod'
import { isCalendarDate, isImageUrl, POST_ID_PATTERN, SLUG_PATTERN, SUMMARY_FORBIDDEN, TITLE_FORBIDDEN } from '../post-fields.ts'
import { readTags } from '../tags.ts'
import { MAX_ALT_LENGTH, MAX_CONTENT_LENGTH, MAX_PAGE, MAX_PER_PAGE, MAX_SLUG_LENGTH, MAX_SUMMARY_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from './limits.ts'
import { POST_SORTS, POST_STATES } from './post-wire.ts'
import { requestBody, omittable, onceParam, searchParam, wholeNumberParam } from './request-parts.ts'

/** A text field: missing (or null) is "required", anything but a string "must be a string". */
function text(name: string) {
  return z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${name} is required` : `${name} must be a string`) })
}

/** Text with something in it besides spaces. */
function filledText(name: string) {
  return text(name).refine((value) => value.trim() !== '', { message: `${name} is required`, abort: true })
}

const title = filledText('title')
  .max(MAX_TITLE_LENGTH, { message: `title must be at most ${MAX_TITLE_LENGTH} characters`, abort: true })
  .refine((value) => !TITLE_FORBIDDEN.test(value), { message: 'title must be one line without control characters', abort: true })
  .transform((value) => value.trim())

const slug = text('slug')
  .min(1, { message: 'slug is required', abort: true })
  .max(MAX_SLUG_LENGTH, { message: `slug must be at most ${MAX_SLUG_LENGTH} characters`, abort: true })
  .regex(SLUG_PATTERN, { message: 'slug must be lowercase letters and digits separated by single hyphens', abort: true })

// Measured with its line breaks as the file will hold them (LF), so a summary typed on Windows has as many characters.
const summary = text('summary')
  .transform((value) => value.replace(/\r\n?/g, '\n'))
  .pipe(
    filledText('summary')
      .max(MAX_SUMMARY_LENGTH, { message: `summary must be at most ${MAX_SUMMARY_LENGTH} characters`, abort: true })
      .refine((value) => !SUMMARY_FORBIDDEN.test(value), { message: 'summary must not contain control characters', abort: true }),
  )
  .transform((value) => value.trim())

/**
 * A post's content as the contract bounds it: HTML text, not blank, at most MAX_CONTENT_LENGTH
 * characters. Sanitizing is the server's, and so is the nesting bound (it needs an HTML
 * scanner the admin's bundle has no use for): the server extends this schema with it.
 */
export const postContentSchema = filledText('content').max(MAX_CONTENT_LENGTH, {
  message: `content must be at most ${MAX_CONTENT_LENGTH.toLocaleString('en-US')} characters`,
  abort: true,
})

const publishDate = z.string('publishDate must be a real date written YYYY-MM-DD').refine(isCalendarDate, { message: 'publishDate must be a real date written YYYY-MM-DD', abort: true })

const featuredImageUrl = text('featuredImageUrl')
  .max(MAX_URL_LENGTH, { message: `featuredImageUrl must be at most ${MAX_URL_LENGTH} characters`, abort: true })
  .refine((value) => value === '' || isImageUrl(value), { message: 'featuredImageUrl must be empty, an http(s) URL or a path starting with /', abort: true })
  .transform((value) => value.trim())

const featuredImageAlt = text('featuredImageAlt')
  .max(MAX_ALT_LENGTH, { message: `featuredImageAlt must be at most ${MAX_ALT_LENGTH} characters`, abort: true })
  .refine((value) => !TITLE_FORBIDDEN.test(value), { message: 'featuredImageAlt must be one line without control characters', abort: true })
  .transform((value) => value.trim())

/** A list of names or one text of names separated by commas, read as core/tags.ts reads a file's. */
const tags = z.unknown().transform((value, ctx) => {
  const read = readTags(value)
  if ('problem' in read) {
    ctx.addIssue({ code: 'custom', message: `tags ${read.problem}` })
    return z.NEVER
  }
  return read.tags
})

/** A post's version: its file's blob id. */
const VERSION_PATTERN = /^[0-9a-f]{40}$/

/**
 * The version a save or a delete started from: a body's `version` or an `If-Match` header
 * (`"abc…"`, `W/"abc…"` or bare). None (missing, null, '' or `*`) means "whatever it is now".
 */
export const postVersionSchema = z
  .string('version must be a string')
  .nullish()
  .transform((value) => (value === undefined || value === null || value === '' || value === '*' ? undefined : value.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1')))
  .pipe(z.string().regex(VERSION_PATTERN, 'version must be the version the edit started from').optional())

/**
 * A create or update body (SPEC §7's fields, and the admin's since). Title, slug, summary and
 * content are required; a field left out (or null) is the server's to fill: a new post's default,
 * or the post's current value. Text is trimmed (content aside), a summary's line breaks are LF,
 * tags are the names read; an empty featuredImageAlt removes it, `[]` or '' removes the tags.
 * `inReview`: the author asks an editor to review the draft (true) or takes it back (false).
 * Any other field is dropped.
 */
export const postSaveBodySchema = z.object(
  {
    title,
    slug,
    summary,
    content: postContentSchema,
    publishDate: omittable(publishDate),
    isPublished: omittable(z.boolean('isPublished must be true or false')),
    featuredImageUrl: omittable(featuredImageUrl),
    featuredImageAlt: omittable(featuredImageAlt),
    tags: omittable(tags),
    inReview: omittable(z.boolean('inReview must be true or false')),
    version: postVersionSchema.optional(),
  },
  { error: 'The body must be a JSON object' },
)
export type PostSaveBody = z.infer<typeof postSaveBodySchema>

/** A commit id: all 40 hexadecimal digits (a short one is ambiguous), read in lowercase. */
export const commitIdSchema = z
  .string('commit must be a full commit id (40 hexadecimal characters)')
  .regex(/^[0-9a-f]{40}$/i, 'commit must be a full commit id (40 hexadecimal characters)')
  .transform((commit) => commit.toLowerCase())

/** `…/history/:commit` (a post's or a page's): the commit named. */
export const commitParamsSchema = z.object({ commit: commitIdSchema }, { error: 'commit must be a full commit id (40 hexadecimal characters)' })

/** `POST /api/admin/blog/posts/{id}/restore`: the commit to bring back, and the version the admin saw. */
export const restoreRequestSchema = requestBody({ commit: commitIdSchema, version: postVersionSchema.optional() })
export type RestoreRequest = z.infer<typeof restoreRequestSchema>

/** `POST /api/admin/blog/deleted/{id}/restore`: a version of its history (default: the last one). */
export const deletedRestoreRequestSchema = requestBody({ commit: commitIdSchema.optional() })
export type DeletedRestoreRequest = z.infer<typeof deletedRestoreRequestSchema>

/** The admin API's `{id}`: one that cannot be a post's names none (a 404). */
export const postIdParamSchema = z.string('No post has this id').regex(POST_ID_PATTERN, 'No post has this id')

/** The public API's `{slug}`: one that cannot be a post's names none (a 404). */
export const postSlugParamSchema = z
  .string('Post not found')
  .max(MAX_SLUG_LENGTH, { message: 'Post not found', abort: true })
  .regex(SLUG_PATTERN, 'Post not found')

const TAG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * `GET /api/admin/blog/posts?q=&state=&tag=&sort=&page=&perPage=`: each parameter at most once
 * (checked for all of them first), then each value; others are ignored, as a body's unknown
 * fields are. `q`: words looked for in the title and the slug, case- and accent-insensitive;
 * `tag`: a tag's slug; `page`: 1-based. `state=all` and empty values are no filter.
 */
export const postListQuerySchema = z
  .object({ q: onceParam('q'), state: onceParam('state'), tag: onceParam('tag'), sort: onceParam('sort'), page: onceParam('page'), perPage: onceParam('perPage') }, { error: 'The query must be name=value parameters' })
  .pipe(
    z.object({
      q: searchParam('q'),
      state: z
        .enum(['', 'all', ...POST_STATES], `state must be one of all, ${POST_STATES.join(', ')}`)
        .transform((state) => (state === '' || state === 'all' ? undefined : state))
        .optional(),
      tag: z
        .string()
        .refine((tag) => tag === '' || TAG_SLUG.test(tag), "tag must be a tag's slug (lowercase letters and digits joined by hyphens)")
        .transform((tag) => tag || undefined)
        .optional(),
      sort: z
        .enum(['', ...POST_SORTS], `sort must be one of ${POST_SORTS.join(', ')}`)
        .transform((sort) => (sort === '' ? undefined : sort))
        .optional(),
      page: wholeNumberParam('page', MAX_PAGE),
      perPage: wholeNumberParam('perPage', MAX_PER_PAGE),
    }),
  )
export type PostListQuery = z.infer<typeof postListQuerySchema>
