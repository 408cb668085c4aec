import type { PostExtras, PostLink, PostSummary } from './post.ts'
import { neighboursOf, positionsOf } from './post-neighbours.ts'
import { relatedPosts } from './related-posts.ts'

// The shapes live beside the post's own (core/post.ts: PublishedPosts hands them out).
export type { PostExtras, PostLink }

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
