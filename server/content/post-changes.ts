import type { ChangedField, PostChange, PostFieldName } from '../../core/contract/index.ts'
import { POST_FIELD_NAMES } from '../../core/post-change-words.ts'
import type { Post } from '../../core/post.ts'

/** The fields a post has, as a version of it holds them (an optional one may be absent). */
type Fields = Omit<Post, 'id'>

/** A field's value as compared and shown: tags as one text, "News, Apple TV". */
const valueOf = (post: Fields, name: PostFieldName): string | boolean => {
  const value = (post as unknown as Record<string, string | boolean | string[] | undefined>)[name] ?? ''
  return Array.isArray(value) ? value.join(', ') : value
}

/** The fields whose value differs, in the form's order (content included, compared as stored). */
export function changedFieldNames(before: Fields, after: Fields): PostFieldName[] {
  return POST_FIELD_NAMES.filter((name) => valueOf(before, name) !== valueOf(after, name))
}

/** The fields that differ, with both values; content is compared in words elsewhere (content-diff.ts). */
export function changedFields(before: Fields, after: Fields): ChangedField[] {
  return changedFieldNames(before, after)
    .filter((name): name is ChangedField['name'] => name !== 'content')
    .map((name) => ({ name, before: valueOf(before, name), after: valueOf(after, name) }))
}

/**
 * What going from `before` to `after` did to a post (pure): null on one side is a post that did
 * not exist there. The Published switch is said by the kind, the other fields by name.
 */
export function changeBetween(before: Fields | null, after: Fields | null): PostChange {
  if (before === null) return { kind: 'created', fields: [] }
  if (after === null) return { kind: 'deleted', fields: [] }
  const fields = changedFieldNames(before, after).filter((name) => name !== 'isPublished')
  if (before.isPublished !== after.isPublished) return { kind: after.isPublished ? 'published' : 'unpublished', fields }
  return { kind: 'edited', fields }
}
