/**
 * Chooses between a list paged and searched by the server and a compact whole
 * index fetched once (at most ~100 bytes a post compressed), measured. This measures both on the
 * bench's generated posts, in process: the bytes each design sends before the first card shows
 * (Brotli 5, as the server compresses dynamic JSON), and what a server-side search costs.
 */
import { brotliCompressSync, constants } from 'node:zlib'
import type { Post } from '../../core/post.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { blobId } from '../../server/git/blob-id.ts'
import { listEntry, selectPosts, toCard } from '../../server/services/posts/admin-post-list.ts'
import { WordIndex } from '../../server/services/search/word-index.ts'
import { percentile } from './report.ts'

const brotliBytes = (text: string) => brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length

export interface ListDesignRow {
  design: string
  bytes: number
  perPost: number
}

export interface SearchFigures {
  /** The first search: every post's words found (what the server's warm-up does in the background), ms. */
  firstMs: number
  p50: number
  p95: number
  /** Words known, and bytes of the posts' word numbers (4 a word a post). */
  words: number
  idBytes: number
}

export function measureListDesigns(posts: readonly Post[]): { rows: ListDesignRow[]; searchMs: SearchFigures } {
  const cards = posts.map((post) => toCard({ ...post, version: blobId(serializePost(post)) }))
  const whole = brotliBytes(JSON.stringify(cards))
  // What a compact index could hold and still sort, search and filter: no summary, no version.
  const compact = brotliBytes(JSON.stringify(cards.map((card) => [card.id, card.slug, card.title, card.publishDate, card.isPublished ? 1 : 0])))
  const page = brotliBytes(JSON.stringify(cards.slice(0, 20)))
  const rows = [
    { design: 'whole index, every card (summary, version)', bytes: whole, perPost: whole / cards.length },
    { design: 'compact index (id, slug, title, date, state)', bytes: compact, perPost: compact / cards.length },
    { design: 'server-paged: one page of 20 cards (chosen)', bytes: page, perPost: page / 20 },
  ]
  // The server's search, over title, slug, summary and text, as AdminPostList runs it.
  const entries = cards.map((card, at) => listEntry(card, () => posts[at]!.content))
  const index = new WordIndex()
  const today = new Date().toISOString().slice(0, 10)
  const first = performance.now()
  selectPosts(entries, { q: 'watchio', page: 1 }, today, index)
  const firstMs = performance.now() - first
  const idBytes = entries.reduce((bytes, entry) => bytes + index.wordsOf(entry.text).byteLength, 0)
  const words = ['watchio', 'apple tv', 'playlist subtitles', 'no such words here', 'tips', 'documentary couch', 'e']
  const times: number[] = []
  for (let run = 0; run < 70; run++) {
    const started = performance.now()
    selectPosts(entries, { q: words[run % words.length], page: 1 }, today, index)
    times.push(performance.now() - started)
  }
  return { rows, searchMs: { firstMs, p50: percentile(times, 50), p95: percentile(times, 95), words: index.size, idBytes } }
}
