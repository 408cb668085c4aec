import type { AdminPost, PostFields } from '../../../renderer/contract/index.ts'

/** What the editor form holds (SPEC §3's new-post defaults: empty strings, today, a draft); no featured image alt text. */
export function emptyForm(today: string): PostFields {
  return { title: '', slug: '', summary: '', content: '', publishDate: today, isPublished: false, featuredImageUrl: '', featuredImageAlt: '' }
}

export function formFromPost(post: AdminPost): PostFields {
  const { title, slug, summary, content, publishDate, isPublished, featuredImageUrl, featuredImageAlt = '' } = post
  return { title, slug, summary, content, publishDate, isPublished, featuredImageUrl, featuredImageAlt }
}

/**
 * What a save sends: the form's fields, with the featured image alt text (not one of SPEC §7's
 * fields) left out while it is empty and the saved post has none, so such a save sends SPEC's
 * payload as it is; an empty one is sent to remove the one the post had.
 */
export function saveBody(fields: PostFields, saved: Pick<AdminPost, 'featuredImageAlt'> | null): PostFields {
  if (fields.featuredImageAlt || saved?.featuredImageAlt) return { ...fields, featuredImageAlt: fields.featuredImageAlt ?? '' }
  const { featuredImageAlt: _, ...spec } = fields
  return spec
}

/** A slug suggested from a title: one function for the admin and the importer (renderer/slugify.ts). */
export { slugify } from '../../../renderer/slugify.ts'

/** Editor HTML with no text and no image (`<p></p>`, `<p><br></p>`) counts as no content. */
export function isContentEmpty(html: string): boolean {
  if (/<img\b/i.test(html)) return false
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === ''
}

/** SPEC §5: title, slug, content and summary are all required. */
export function hasRequiredFields(form: PostFields): boolean {
  return form.title.trim() !== '' && form.slug.trim() !== '' && form.summary.trim() !== '' && !isContentEmpty(form.content)
}

/** Whether the form differs from what it was opened with. */
export function isDirty(form: PostFields, initial: PostFields): boolean {
  // A draft kept before the alt text field existed has none: the same as an empty one.
  return (Object.keys(form) as (keyof PostFields)[]).some((key) => (form[key] ?? '') !== (initial[key] ?? ''))
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
