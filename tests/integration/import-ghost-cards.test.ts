/**
 * A Ghost export holding every card Ghost's editor makes, as Ghost renders it (built from the
 * expected output of Ghost's own card tests: tests/fixtures/import/ghost/README.md), imported
 * into a real git repository in a temp folder and counted: the cards in against the post model's
 * blocks out, every word kept in the file or the report. The table is printed for the release note.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePostFile } from '../../server/content/parse-post.ts'
import type { ImportRun } from '../../server/import/run-import.ts'
import type { Post } from '../../core/post.ts'
import { tempGitRepo } from '../support/git.ts'
import { importInto } from '../support/import-run.ts'
import { makeImage } from '../support/media-files.ts'
import { countKinds, countTable, elementsOf, parseHtml, textOfNode, wordsOf, type CountRow } from '../support/import-counts.ts'

const SOURCE = path.resolve(import.meta.dirname, '../fixtures/import/ghost/every-card.json')
const sourceHtml = (JSON.parse(readFileSync(SOURCE, 'utf8')) as { db: [{ data: { posts: [{ html: string }] } }] }).db[0].data.posts[0].html

const repo = tempGitRepo({ files: { 'content/redirects.yaml': '', 'content/blog/.gitkeep': '' }, commit: 'init' })
let run: ImportRun
let post: Post

beforeAll(async () => {
  const contentDir = path.join(repo.dir, 'content')
  // A copy of Ghost's content/images with the images the cards show (--uploads): they go into the media library.
  const uploadsDir = path.join(repo.dir, 'ghost-images')
  for (const match of sourceHtml.matchAll(/\/content\/images\/([\w/.-]+\.jpg)/g)) {
    mkdirSync(path.dirname(path.join(uploadsDir, match[1]!)), { recursive: true })
    writeFileSync(path.join(uploadsDir, match[1]!), await makeImage({ width: 40, height: 30, ext: 'jpg', seed: match.index }))
  }
  run = await importInto(contentDir, SOURCE, { uploadsDir })
  const name = readdirSync(path.join(contentDir, 'blog')).find((file) => file.endsWith('.html'))!
  post = parsePostFile(readFileSync(path.join(contentDir, 'blog', name), 'utf8'), name)
}, 120_000)

afterAll(() => repo.remove())

/** Each card of the source: `kg-<kind>-card`, a Markdown or HTML card's markers, the paywall, a newsletter-only segment. */
function cardsIn(html: string): Map<string, number> {
  const counts = new Map<string, number>()
  const add = (kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1)
  for (const match of html.matchAll(/class="kg-card kg-([a-z-]+)-card|<!--kg-card-begin: (\w+)-->|<!--(members-only)-->|data-gh-(segment)=/g)) add(match[1] ?? match[2] ?? match[3] ?? 'email-cta')
  if (/<hr\s*\/?>/.test(html)) add('divider')
  return counts
}

describe('importing a Ghost export of every card', () => {
  it('counts the cards in and the blocks out, and prints the table', () => {
    expect(run.plan.posts).toHaveLength(1)
    const cards = cardsIn(sourceHtml)
    const out = countKinds(post.content)
    const rows: { card: string; out: string[]; as: string; expected: number }[] = [
      { card: 'image', out: ['image'], as: 'figure with its image (and link) and caption (with the gallery\'s, bookmark\'s, product\'s, header\'s and before/after\'s images)', expected: 1 + 8 + 1 + 1 + 1 + 2 },
      { card: 'gallery', out: ['gallery'], as: 'gallery of image figures', expected: 2 },
      { card: 'bookmark', out: ['bookmark'], as: 'bookmark card (link, title, description, image), caption after it', expected: 1 },
      { card: 'embed', out: ['video embed'], as: 'YouTube/Vimeo: the site\'s video embed; others: their text and links', expected: 1 },
      { card: 'callout', out: ['callout'], as: 'callout', expected: 1 },
      { card: 'toggle', out: ['toggle'], as: 'toggle (details/summary)', expected: 1 },
      { card: 'button', out: ['button'], as: 'button link (product and header buttons too)', expected: 3 },
      { card: 'audio', out: ['audio file', 'audio link'], as: 'audio file, or a link "Audio: …" reported', expected: 1 },
      { card: 'video', out: ['video file', 'video link'], as: 'video file, or a link "Video: …" reported', expected: 1 },
      { card: 'file', out: ['download'], as: 'download link, its description after it', expected: 1 },
      { card: 'product', out: [], as: 'its image, title, rating in words, description, button', expected: 0 },
      { card: 'header', out: ['h2'], as: 'heading, text, button (background image a figure)', expected: 1 },
      { card: 'signup', out: [], as: 'its words (the form is Ghost\'s: removed, reported)', expected: 0 },
      { card: 'code', out: ['code block'], as: 'code block, caption a paragraph after it', expected: 1 },
      { card: 'markdown', out: [], as: 'kept as written (HTML already)', expected: 0 },
      { card: 'html', out: [], as: 'kept as written (the sanitizer keeps what a post may hold)', expected: 0 },
      { card: 'divider', out: ['separator'], as: 'rule (hr)', expected: 1 },
      { card: 'before-after', out: ['gallery'], as: 'gallery of the two, "Before" and "After"', expected: 2 },
      { card: 'members-only', out: [], as: 'paywall marker removed, reported', expected: 0 },
      { card: 'email-cta', out: [], as: 'removed (newsletter only), its words in the report', expected: 0 },
    ]
    const table: CountRow[] = rows.map((row) => ({ kind: row.card, in: cards.get(row.card) ?? 0, out: row.out.length > 0 ? row.out.reduce((total, kind) => total + (out.get(kind) ?? 0), 0) : '—', as: row.as }))
    console.info(countTable('Ghost export of every card (tests/fixtures/import/ghost/every-card.json): cards in and blocks out', table))
    for (const row of rows) expect(cards.get(row.card), row.card).toBeGreaterThan(0)
    for (const [index, row] of rows.entries()) if (row.out.length > 0) expect(table[index]!.out, row.card).toBe(row.expected)
    // Every card is named in the report, kept or changed.
    for (const card of cards.keys()) if (card !== 'divider') expect(run.report, card).toMatch(new RegExp(card === 'members-only' ? 'paywall marker removed' : card === 'email-cta' ? 'email-cta card → removed' : `\\b${card} card`))
  })

  it('keeps every word of the cards, in the post or in the report', () => {
    // A video embed's caption is its frame's title.
    const titles = elementsOf(parseHtml(post.content)).map((node) => String(node.properties.title ?? '')).join(' ')
    const kept = new Set(wordsOf(`${post.title} ${post.summary} ${textOfNode(parseHtml(post.content))} ${titles} ${run.report}`))
    // Ghost's players, icons and form messages are its page's controls, not the writer's words.
    const source = parseHtml(sourceHtml.replace(/<!--[\s\S]*?-->/g, ''))
    for (const node of elementsOf(source)) {
      const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : []
      if (node.tagName === 'svg' || classes.some((name) => /^kg-(?:audio|video)-player$|^kg-signup-card-(?:success|error)$/.test(name))) node.children = []
    }
    expect(wordsOf(textOfNode(source)).filter((word) => !kept.has(word))).toEqual([])
  })

  it('leaves the sanitizer nothing of meaning to take: no class of Ghost\'s, no form, no script', () => {
    expect(post.content).not.toMatch(/kg-|<form|<script|<svg|<button/)
    expect(post.content).toContain('<details>\n<summary>Heading</summary>\n<p>Content</p>\n</details>')
    expect(post.content).toContain('<aside role="note">')
    expect(post.content).toContain('<p><a href="http://blog.com/post1" class="button">click me</a></p>')
  })
})
