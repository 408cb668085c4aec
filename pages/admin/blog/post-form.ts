import type { AdminPost, PostFields } from '../../../core/contract/index.ts'

/** What the editor form holds (SPEC §3's new-post defaults: empty strings, today, a draft); no featured image alt text. */
export function emptyForm(today: string): PostFields {
  return { title: '', slug: '', summary: '', content: '', publishDate: today, isPublished: false, featuredImageUrl: '', featuredImageAlt: '' }
}

export function formFromPost(post: AdminPost): PostFields {
  const { title, slug, summary, content, publishDate, isPublished, featuredImageUrl, featuredImageAlt = '', tags } = post
  return { title, slug, summary, content, publishDate, isPublished, featuredImageUrl, featuredImageAlt, ...(tags?.length ? { tags } : {}) }
}

/**
 * What a save sends: the form's fields, with the featured image alt text (not one of SPEC §7's
 * fields) left out while it is empty and the saved post has none, so such a save sends SPEC's
 * payload as it is; an empty one is sent to remove the one the post had.
 */
export function saveBody(fields: PostFields, saved: Pick<AdminPost, 'featuredImageAlt' | 'tags'> | null): PostFields {
  // The tags likewise (not one of SPEC §7's fields either): sent when there are some, or [] to remove the saved ones.
  const { tags, ...rest } = fields
  const withTags = tags?.length || saved?.tags?.length ? { ...rest, tags: tags ?? [] } : rest
  if (fields.featuredImageAlt || saved?.featuredImageAlt) return { ...withTags, featuredImageAlt: fields.featuredImageAlt ?? '' }
  const { featuredImageAlt: _, ...spec } = withTags
  return spec
}

/** A slug suggested from a title: one function for the admin and the importer (core/slugify.ts). */
export { slugify } from '../../../core/slugify.ts'

/** What a post may show with no text: an image, a video embed (and audio or video files). */
const MEDIA = /<(?:img|iframe|video|audio)\b/i

/** Editor HTML with no text and no image or video (`<p></p>`, `<p><br></p>`) counts as no content. */
export function isContentEmpty(html: string): boolean {
  if (MEDIA.test(html)) return false
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === ''
}

/** SPEC §5: title, slug, content and summary are all required. */
export function hasRequiredFields(form: PostFields): boolean {
  return form.title.trim() !== '' && form.slug.trim() !== '' && form.summary.trim() !== '' && !isContentEmpty(form.content)
}

/** Whether the form differs from what it was opened with. */
export function isDirty(form: PostFields, initial: PostFields): boolean {
  // A draft kept before the alt text field existed has none: the same as an empty one.
  // A list (the tags) by its items; none the same as an empty one.
  const valueOf = (value: PostFields[keyof PostFields] | undefined) => (Array.isArray(value) ? value.join('\n') : (value ?? ''))
  const keys = new Set([...Object.keys(form), ...Object.keys(initial)] as (keyof PostFields)[])
  return [...keys].some((key) => valueOf(form[key]) !== valueOf(initial[key]))
}

/** A featured image worth previewing: an http(s) URL or a path on this site. */
export function previewableImage(url: string): string | null {
  const value = url.trim()
  if (value.startsWith('/') && !value.startsWith('//')) return value
  return /^https?:\/\/[^\s"'<>]+$/i.test(value) ? value : null
}

/** The publish date in the admin's local date format (SPEC §2), read as a calendar date. */
export function formatLocalDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  if (!year || !month || !day) return isoDate
  return new Date(year, month - 1, day).toLocaleDateString()
}
