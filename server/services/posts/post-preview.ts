import type { PublicPost, PublishedPosts } from '../../../core/post.ts'
import { readPostInput } from '../../content/post-input.ts'
import { displayPostHtml } from '../../content/display-html.ts'
import { safePostHtml } from '../../content/sanitize-html.ts'
import type { RenderUrl } from '../../pages/render-page.ts'
import { previewHtml } from '../../pages/preview-html.ts'
import { cleanContent } from './admin-posts.ts'
import { postUrl } from '../../../core/post-urls.ts'
import type { BookmarkDetails } from './bookmark-details.ts'

export interface PostPreviewDeps {
  /** The site's public posts: the preview's post is laid over them (the page shows only it). */
  posts: PublishedPosts
  render: RenderUrl
  /** The site's day: a new post's default date, as a save's. */
  today: () => string
  /** Bookmark cards without a title filled as a save fills them (the pages' details are cached, so the save after it fetches nothing again). */
  bookmarks?: Pick<BookmarkDetails, 'fillBody'>
}

/**
 * `POST /api/admin/blog/preview`: the post page as visitors will see it, rendered by
 * the site's own renderer from the fields of an unsaved form, draft or scheduled alike. The
 * fields are read and sanitized exactly as a save reads them, then as a render does; nothing is
 * written: no file, no commit, no page.
 */
export class PostPreview {
  readonly #deps: PostPreviewDeps

  constructor(deps: PostPreviewDeps) {
    this.#deps = deps
  }

  async render(body: unknown): Promise<string> {
    const { posts, render, today, bookmarks } = this.#deps
    const filled = bookmarks ? await bookmarks.fillBody(body) : body
    const { input } = readPostInput(withStandIns(filled), { publishDate: today(), isPublished: false, featuredImageUrl: '' })
    const { title, slug, summary, publishDate, featuredImageUrl, featuredImageAlt, tags } = input
    const post: PublicPost = { id: 'preview', slug, title, summary, publishDate, featuredImageUrl, featuredImageAlt, tags, content: displayPostHtml(safePostHtml(cleanContent(input.content))) }
    const only: PublishedPosts = { list: () => posts.list(), get: (wanted) => (wanted === slug ? post : posts.get(wanted)) }
    const page = await render(postUrl(slug), { posts: only })
    if (!page || page.status !== 200) throw new Error(`The post page did not render for a preview (${page?.status ?? 'nothing'})`)
    return previewHtml(page.html)
  }
}

/**
 * A form being written has empty fields a save would refuse as missing: the preview shows the
 * page anyway, with a stand-in for each (a value given is checked as a save checks it).
 */
function withStandIns(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const fields = { ...(body as Record<string, unknown>) }
  const missing = (name: string) => fields[name] === undefined || fields[name] === null || (typeof fields[name] === 'string' && fields[name].trim() === '')
  if (missing('title')) fields.title = 'Untitled post'
  if (missing('slug')) fields.slug = 'preview'
  if (missing('summary')) fields.summary = 'No summary yet.'
  if (missing('content')) fields.content = '<p>No content yet.</p>'
  return fields
}
