import type { PostSummary } from '../server/content/post.ts'
import { neighboursOf, positionsOf } from './post-neighbours.ts'
import { relatedPosts } from './related-posts.ts'

/** Another post as a post page links to it. */
export interface PostLink {
  slug: string
  title: string
  publishDate: string
}

/**
 * What a post page shows of the other posts: its previous and next links and its related posts.
 * Everything the markup shows of them is here, and only that: a page's stamp hashes it
 * (server/services/page-stamps.ts), so the page is rendered again exactly when it changes.
 */
export interface PostExtras {
  /** The next post: the one published just after it. */
  newer: PostLink | null
  /** The previous post: the one published just before it. */
  older: PostLink | null
  related: PostLink[]
}

/** The extras of `slug` in the published list (pure); null for a post not in it. */
export function postExtrasOf(list: readonly PostSummary[], slug: string): PostExtras | null {
  if (!positionsOf(list).has(slug)) return null
  const { newer, older } = neighboursOf(list, slug)
  return { newer: linkTo(newer), older: linkTo(older), related: relatedPosts(list, slug).map((post) => linkTo(post)) }
}

function linkTo(post: PostSummary): PostLink
function linkTo(post: PostSummary | null): PostLink | null
function linkTo(post: PostSummary | null): PostLink | null {
  return post && { slug: post.slug, title: post.title, publishDate: post.publishDate }
}

/**
 * What `postExtrasOf` gives, as one text (pure): what a page's stamp hashes. Every start works it
 * out for every post, so it makes no objects beyond the related list and escapes nothing: each
 * text is written with its length before it, which keeps two different extras two texts.
 */
export function postExtrasText(list: readonly PostSummary[], slug: string): string {
  if (!positionsOf(list).has(slug)) return ''
  const { newer, older } = neighboursOf(list, slug)
  let text = `${linkText(newer)}|${linkText(older)}|`
  for (const post of relatedPosts(list, slug)) text += linkText(post)
  return text
}

/** Each summary's text, made once: summaries are kept from one list to the next, so a start makes each once. */
const textOfPost = new WeakMap<PostSummary, string>()

function linkText(post: PostSummary | null): string {
  if (!post) return '-'
  let text = textOfPost.get(post)
  if (text === undefined) textOfPost.set(post, (text = `${post.slug.length}:${post.slug}${post.title.length}:${post.title}${post.publishDate}`))
  return text
}
