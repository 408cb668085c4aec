/**
 * What the visitors' search indexes (pure): one record per live post, its URL, its words as plain
 * text and what a result shows (title, publish date). And the stamp of the live posts' versions:
 * an index made from the same stamp holds the same records, so a start can keep it.
 */
import { createHash } from 'node:crypto'
import { postUrl } from '../../core/post-urls.ts'
import type { PostSummary } from '../../core/post.ts'
import { htmlText } from '../content/search-words.ts'

/** Pagefind's custom record (its `addCustomRecord`), for one post. */
export interface SearchRecord {
  url: string
  content: string
  language: 'en'
  /** `delta: '1'` marks a delta's record (search-delta.ts): the page keeps it over the base's record of the same URL. */
  meta: { title: string; date: string; delta?: '1' }
}

/** What the index is made from: the live posts, newest first, each one's content and version. */
export interface SearchablePosts {
  list(): readonly PostSummary[]
  contentOf(slug: string): string | undefined
  versionOf(slug: string): string | undefined
}

/**
 * Bumped when the records change shape (their text, their meta): an index made by another
 * format is stale whatever the posts.
 */
const RECORD_FORMAT = 1

/** Runs of white space, as one space: a result's passage reads as the page's text. */
const SPACES = /\s+/g

export function searchRecordOf(post: Pick<PostSummary, 'slug' | 'title' | 'publishDate'>, html: string, options: { delta?: boolean } = {}): SearchRecord {
  // The title leads the text: a word of the title finds the post, as a reader expects.
  const content = `${post.title}. ${htmlText(html)}`.replace(SPACES, ' ').trim()
  const meta: SearchRecord['meta'] = { title: post.title, date: post.publishDate, ...(options.delta ? { delta: '1' as const } : {}) }
  return { url: postUrl(post.slug), content, language: 'en', meta }
}

/**
 * The live posts' records, `chunk` at a time with a turn of the event loop between chunks: at
 * 10,000 posts reading and flattening every post costs a few hundred ms, which requests and
 * saves must not wait behind. `only`: the posts of these URLs alone; `delta`: marked as a delta's.
 */
export async function* searchRecordsOf(posts: SearchablePosts, options: { chunk?: number; only?: ReadonlySet<string>; delta?: boolean } = {}): AsyncGenerator<SearchRecord> {
  const chunk = options.chunk ?? 100
  const list = options.only ? posts.list().filter((post) => options.only!.has(postUrl(post.slug))) : posts.list()
  for (let at = 0; at < list.length; at += chunk) {
    for (const post of list.slice(at, at + chunk)) {
      const html = posts.contentOf(post.slug)
      if (html !== undefined) yield searchRecordOf(post, html, { delta: options.delta })
    }
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * The stamp of what an index made now would hold: each live post's slug and version (the file's
 * blob id, which changes with its title, date or content), in list order. Cheap: no content read.
 */
export function searchStampOf(posts: Pick<SearchablePosts, 'list' | 'versionOf'>): string {
  const hash = createHash('sha1').update(`records ${RECORD_FORMAT}\n`)
  for (const { slug, publishDate } of posts.list()) hash.update(`${slug} ${publishDate} ${posts.versionOf(slug) ?? ''}\n`)
  return hash.digest('hex')
}
