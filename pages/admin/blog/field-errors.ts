import type { PostFields } from '../../../core/contract/index.ts'
import { isContentEmpty } from './post-form.ts'

/** A post form field, as the form, the server's refusals and the messages name it. */
export type FieldName = keyof PostFields

/** What is wrong with each field that has a problem; a field without one is absent. */
export type FieldErrors = Partial<Record<FieldName, string>>

/** The fields in the order the form shows them: focus goes to the first one with a problem. */
export const FIELD_ORDER: readonly FieldName[] = ['title', 'slug', 'summary', 'content', 'publishDate', 'isPublished', 'featuredImageUrl', 'featuredImageAlt', 'tags']

/** Each field as its label says it, for messages that start with it. */
const FIELD_WORDS: Record<FieldName, string> = {
  title: 'Title',
  slug: 'Slug',
  summary: 'Summary',
  content: 'Content',
  publishDate: 'Publish date',
  isPublished: 'Published',
  featuredImageUrl: 'Featured image URL',
  featuredImageAlt: 'Image description (alt text)',
  tags: 'Tags',
}

/** SPEC §5's required fields that are empty, each with a message in words. */
export function requiredFieldErrors(fields: PostFields): FieldErrors {
  const errors: FieldErrors = {}
  if (fields.title.trim() === '') errors.title = 'Enter a title.'
  if (fields.slug.trim() === '') errors.slug = 'Enter a slug: lowercase words joined by hyphens, such as my-first-post.'
  if (fields.summary.trim() === '') errors.summary = 'Enter a summary of a sentence or two.'
  if (isContentEmpty(fields.content)) errors.content = 'Write the post’s content.'
  return errors
}

/** The first field with a problem, in the form's order. */
export function firstFieldWithError(errors: FieldErrors): FieldName | null {
  return FIELD_ORDER.find((name) => errors[name] !== undefined) ?? null
}

/**
 * A save the server refused, said at the field it concerns: the server's reason (SPEC §8's
 * "<status>: <body>") without its status code, starting with the field's label. Null when the
 * refusal names no field (the form shows it beside the Save button instead).
 *
 *   400 "title must be at most 200 characters"   → title: "Title must be at most 200 characters."
 *   409 "slug \"x\" is already used by another post" → slug: "The slug “x” is already used by another post. Choose another one."
 *   413 (the post is larger than the server reads)  → content
 */
export function fieldErrorOfRefusal(status: number, message: string): { field: FieldName; message: string } | null {
  const reason = withoutStatus(message)
  const taken = /^slug "([^"]*)" is already used/.exec(reason)
  if (status === 409 && taken) return { field: 'slug', message: `The slug “${taken[1]}” is already used by another post. Choose another one.` }
  // The body is larger than the server reads: the content is what grows (images pasted as data).
  if (status === 413) return { field: 'content', message: 'The content is too large to save. Shorten it, or use images from the media library instead of pasted ones.' }
  if (status !== 400) return null
  const named = /^(\w+) (.+)$/s.exec(reason)
  const field = named?.[1] as FieldName | undefined
  if (!named || !field || !Object.hasOwn(FIELD_WORDS, field)) return null
  return { field, message: sentence(`${FIELD_WORDS[field]} ${named[2]}`) }
}

/** A failure in words for the admin: SPEC §8's message without its "<status>: " in front. */
export function withoutStatus(message: string): string {
  return message.replace(/^\d{3}: /, '')
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`
}

/** The fields a save that collided with someone else's (a 409 on the version) concerns: those they changed. */
export function fieldsChangedSince(started: PostFields, current: PostFields): FieldName[] {
  return FIELD_ORDER.filter((name) => started[name] !== current[name])
}
