import { ADMIN_LIST_PER_PAGE, type AdminPostCard, type PostListQuery, type PostState } from '../../../core/contract/index.ts'
import { isLive, isScheduled } from '../../../core/site-day.ts'
import { tagSlug } from '../../../core/tags.ts'
import type { PostIndex } from '../../content/post-index.ts'
import type { IndexedPost } from '../../../core/post.ts'
import { htmlText, searchWords } from '../../content/search-words.ts'
import type { ContentSync } from '../sync/content-sync.ts'
import { type PostReviews, reviewState } from './post-reviews.ts'
import { hasEveryWord, type SearchableText, WordIndex } from '../search/word-index.ts'

export { POST_SORTS, POST_STATES, type PostListQuery, type PostSort, type PostState } from '../../../core/contract/index.ts'

/**
 * What an admin list card shows of a post, as the contract says: no content, no image;
 * in review mode a post under review also says so, with a git remote a post changed on both sides.
 */
export type AdminPostSummary = AdminPostCard

export interface PostListPage {
  posts: AdminPostSummary[]
  /** How many posts match, on every page together. */
  total: number
}

/** What sorting by title compares: lowercase, without accents, so "Café" sorts with "Cafe". */
export function searchKey(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
}

/** A card with what searching and sorting it need, made once per post version. */
export interface ListEntry {
  card: AdminPostSummary
  titleKey: string
  /** What a search reads of the post: title, slug, summary and the text of its content. Copies of an entry share it. */
  text: SearchableText
}

/** `content`: the post's content (HTML), read when a search first needs it. */
export function listEntry(card: AdminPostSummary, content: () => string): ListEntry {
  return { card, titleKey: searchKey(card.title), text: { read: () => `${card.title}\n${card.slug}\n${card.summary}\n${htmlText(content())}` } }
}

/**
 * The page of `entries` (sorted newest first) that `query` asks for, on the site's day `today`
 * (which says which posts are scheduled). The same entries and query give the same page; each
 * entry's words are found in `words` on first need, and kept there. Every word of `q` must be in a word of the
 * post's title, slug, summary or text (`tv` finds "Apple TV" and "TVs"), case and accents
 * ignored; a `q` with no letter or digit in it finds nothing.
 */
export function selectPosts(entries: readonly ListEntry[], query: PostListQuery, today: string, words = new WordIndex()): PostListPage {
  const fragments = query.q === undefined ? [] : searchWords(query.q)
  const state = query.state
  let matching = state === undefined ? entries.slice() : entries.filter((entry) => hasState(entry.card, state, today))
  const tag = query.tag
  if (tag !== undefined) matching = matching.filter((entry) => entry.card.tags?.some((name) => tagSlug(name) === tag))
  if (query.q !== undefined && fragments.length === 0) matching = []
  else if (fragments.length > 0) {
    // Every post's words first: the words a fragment is looked for in must include theirs.
    const found = matching.map((entry) => words.wordsOf(entry.text))
    // The rarest first, so that most posts fail at once; a fragment in no word ends the search.
    const wanted = fragments.map((fragment) => words.containing(fragment)).sort((a, b) => a.count - b.count)
    if (wanted[0]!.count === 0) matching = []
    else {
      const marks = wanted.map((fragment) => fragment.marks)
      matching = matching.filter((_entry, at) => hasEveryWord(found[at]!, marks))
    }
  }
  if (query.sort === 'oldest') matching = matching.reverse()
  else if (query.sort === 'title') matching = matching.slice().sort(byTitle)
  const total = matching.length
  const perPage = query.perPage ?? ADMIN_LIST_PER_PAGE
  const start = ((query.page ?? 1) - 1) * perPage
  // Marked per page, not per cached card: a card outlives the day it was made on.
  const posts = matching.slice(start, start + perPage).map(({ card }) => (isScheduled(card, today) ? { ...card, scheduled: true as const } : card))
  return { posts, total }
}

function hasState(card: AdminPostSummary, state: PostState, today: string): boolean {
  switch (state) {
    case 'published':
      return isLive(card, today)
    case 'scheduled':
      return isScheduled(card, today)
    case 'draft':
      return !card.isPublished
    case 'in-review':
      // Waiting for an editor: on a review branch (review mode), or submitted by its author.
      return card.review !== undefined || card.inReview === true
    case 'out-of-sync':
      return card.sync !== undefined
  }
}

function byTitle(a: ListEntry, b: ListEntry): number {
  return a.titleKey < b.titleKey ? -1 : a.titleKey > b.titleKey ? 1 : a.card.slug < b.card.slug ? -1 : 1
}

export function toCard(post: IndexedPost): AdminPostSummary {
  const { id, slug, title, summary, publishDate, isPublished, version, tags, author, inReview } = post
  return { id, slug, title, summary, publishDate, isPublished, version, ...(tags?.length ? { tags } : {}), ...(author ? { author } : {}), ...(inReview ? { inReview } : {}) }
}

/**
 * The admin list's cards, newest first: the live posts' (a card made once per post version), the
 * review and sync states laid over them, and in review mode the new posts that exist only on a
 * review branch (with their review's fields).
 */
export interface AdminPostListDeps {
  index: PostIndex
  /** With a git remote: which posts are out of sync. */
  sync?: Pick<ContentSync, 'stateOf'>
  /** Review mode: the posts under review. */
  reviews?: Pick<PostReviews, 'get' | 'all'>
}

/** Posts whose words the warm-up finds in one turn of the event loop (about 10 ms of CPU). */
const WARM_BATCH = 50

export class AdminPostList {
  readonly #deps: AdminPostListDeps
  #live: { revision: number; entries: ListEntry[] } | null = null
  readonly #cards = new WeakMap<IndexedPost, ListEntry>()
  readonly #words = new WordIndex()
  #warming = false

  constructor(deps: AdminPostListDeps) {
    this.#deps = deps
  }

  select(query: PostListQuery): PostListPage {
    const entries = this.#entries()
    this.#warm()
    return selectPosts(entries, query, this.#deps.index.today, this.#words)
  }

  /**
   * Finds every post's words in the background, a few posts a turn, from the first time the list
   * is asked for (an admin signed in): else the first search at 10,000 posts would read and fold
   * 45 MB of content, about a second of CPU, while the admin waits. A search before it is done
   * finds the rest itself.
   */
  #warm(): void {
    if (this.#warming) return
    this.#warming = true
    const step = () => {
      let found = 0
      try {
        for (const entry of this.#live?.entries ?? []) {
          if (this.#words.has(entry.text)) continue
          this.#words.wordsOf(entry.text)
          if (++found === WARM_BATCH) break
        }
      } catch {
        found = 0 // the site is closing (its content file closed): a search would say so itself
      }
      if (found === WARM_BATCH) setImmediate(step)
      else this.#warming = false
    }
    setImmediate(step)
  }

  #entries(): ListEntry[] {
    const { index, sync, reviews } = this.#deps
    if (this.#live?.revision !== index.revision) {
      // The index keeps one object per post version: after a save at 10,000 posts the list is a
      // few ms of lookups instead of 35 to 125 ms of new cards (measured on this 2-core machine).
      const entries = index.allVersioned().map((post) => {
        let entry = this.#cards.get(post)
        if (!entry) this.#cards.set(post, (entry = listEntry(toCard(post), () => index.contentOf(post.slug) ?? '')))
        return entry
      })
      this.#live = { revision: index.revision, entries }
    }
    if (!sync && !reviews) return this.#live.entries
    const entries = this.#live.entries.map((entry) => {
      const pending = reviews?.get(entry.card.id)
      const state = sync?.stateOf(entry.card.slug)
      if (!pending && !state) return entry
      // A review's version says whether its author submitted it (the live file may predate that).
      const card: AdminPostSummary = { ...entry.card, ...(pending ? { review: reviewState(pending) } : {}), ...(state ? { sync: state } : {}) }
      if (pending?.post) {
        delete card.inReview
        if (pending.post.inReview) card.inReview = true
      }
      return { ...entry, card }
    })
    if (!reviews) return entries
    let added = false
    for (const pending of reviews.all()) {
      if (pending.post && !index.byId(pending.post.id)) {
        entries.push(listEntry({ ...toCard(pending.post), review: reviewState(pending) }, () => pending.post!.content))
        added = true
      }
    }
    return added ? entries.sort((a, b) => newestFirst(a.card, b.card)) : entries
  }
}

function newestFirst(a: AdminPostSummary, b: AdminPostSummary): number {
  if (a.publishDate !== b.publishDate) return a.publishDate < b.publishDate ? 1 : -1
  return a.slug < b.slug ? -1 : 1
}
