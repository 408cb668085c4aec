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
 * What `postExtrasOf` gives, as one short text (pure): what a page's stamp hashes. Every start
 * works it out for every post, so each other post is in it as a fingerprint of its slug, title
 * and date, made once per summary (summaries are kept from one list to the next): 10,000 pages'
 * texts then hash as fast as their versions alone.
 */
export function postExtrasText(list: readonly PostSummary[], slug: string): string {
  if (!positionsOf(list).has(slug)) return ''
  const { newer, older } = neighboursOf(list, slug)
  let text = `${fingerprintOf(newer)}|${fingerprintOf(older)}|`
  for (const post of relatedPosts(list, slug)) text += fingerprintOf(post)
  return text
}

const fingerprints = new WeakMap<PostSummary, string>()

function fingerprintOf(post: PostSummary | null): string {
  if (!post) return '-'
  let fingerprint = fingerprints.get(post)
  if (fingerprint === undefined) fingerprints.set(post, (fingerprint = hash53(`${post.slug}\n${post.publishDate}\n${post.title}`)))
  return fingerprint
}

/**
 * A 53-bit hash of a text (cyrb53, public domain), in base 36: two texts that differ have the same
 * one once in 2^53, so a page whose neighbour is retitled is all but certainly stamped anew. Not
 * for anything an attacker gains by matching: the worst a match does is leave one page's link text
 * out of date until its next change.
 */
function hash53(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}
