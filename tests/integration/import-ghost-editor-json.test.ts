/**
 * A Ghost export whose posts have no rendered HTML, only their editor's JSON (Lexical, Ghost 5;
 * Mobiledoc, Ghost 1–4), built in Ghost's shapes (tests/fixtures/import/ghost/README.md), imported
 * into a real git repository in a temp folder: each post's blocks counted in its source and out
 * in the post model, per kind; unknown nodes named in the report with the post's title; a post
 * whose JSON is broken skipped with its reason and title, the others imported.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Post } from '../../core/post.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { findUnsafeHtml } from '../../server/content/unsafe-html.ts'
import type { ImportRun } from '../../server/import/run-import.ts'
import { tempGitRepo } from '../support/git.ts'
import { importInto } from '../support/import-run.ts'
import { makeImage } from '../support/media-files.ts'
import { countKinds, countTable, parseHtml, textOfNode, wordsOf, type CountRow } from '../support/import-counts.ts'

const SOURCE = path.resolve(import.meta.dirname, '../fixtures/import/ghost/editor-json-only.json')
type GhostPost = { title: string; slug: string; lexical: string | null; mobiledoc: string | null }
const sourcePosts = (JSON.parse(readFileSync(SOURCE, 'utf8')) as { db: [{ data: { posts: GhostPost[] } }] }).db[0].data.posts
const sourceOf = (slug: string) => sourcePosts.find((post) => post.slug === slug)!

const repo = tempGitRepo({ files: { 'content/redirects.yaml': '', 'content/blog/.gitkeep': '' }, commit: 'init' })
let run: ImportRun
const posts = new Map<string, Post>()

beforeAll(async () => {
  const contentDir = path.join(repo.dir, 'content')
  // A copy of Ghost's content/images with the images the posts show (--uploads): they go into the media library.
  const uploadsDir = path.join(repo.dir, 'ghost-images')
  for (const match of readFileSync(SOURCE, 'utf8').matchAll(/\/content\/images\/([\w/.-]+\.jpg)/g)) {
    mkdirSync(path.dirname(path.join(uploadsDir, match[1]!)), { recursive: true })
    writeFileSync(path.join(uploadsDir, match[1]!), await makeImage({ width: 40, height: 30, ext: 'jpg', seed: match.index }))
  }
  run = await importInto(contentDir, SOURCE, { uploadsDir })
  for (const name of readdirSync(path.join(contentDir, 'blog')).filter((file) => file.endsWith('.html'))) {
    const post = parsePostFile(readFileSync(path.join(contentDir, 'blog', name), 'utf8'), name)
    posts.set(post.slug, post)
  }
}, 120_000)

afterAll(() => repo.remove())

type Node = { type?: string; tag?: string; children?: Node[]; images?: unknown[] }

/** The blocks of a Lexical document, by kind: headings by level, paragraphs, lists and their items, images, cards by type. */
function lexicalKinds(source: string): Map<string, number> {
  const counts = new Map<string, number>()
  const add = (kind: string, count = 1) => counts.set(kind, (counts.get(kind) ?? 0) + count)
  const children = (JSON.parse(source) as { root: Node }).root.children ?? []
  // Ghost renders no empty paragraph at the end.
  const last = children.at(-1)
  const blocks = last?.type === 'paragraph' && (last.children ?? []).length === 0 ? children.slice(0, -1) : children
  const stack = [...blocks]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'extended-heading' || node.type === 'heading') add(node.tag!)
    else if (node.type === 'paragraph') add('paragraph')
    else if (node.type === 'extended-quote' || node.type === 'quote') add('quote')
    else if (node.type === 'aside') add('aside')
    else if (node.type === 'list') add('list')
    else if (node.type === 'listitem' && node.children?.[0]?.type !== 'list') add('list item')
    else if (node.type === 'image') add('image')
    else if (node.type === 'gallery') add('gallery image', node.images!.length)
    if (!['paragraph', 'extended-heading', 'heading', 'list', 'listitem', 'extended-quote', 'quote', 'aside', 'link', 'extended-text', 'text', 'linebreak'].includes(node.type!)) add(`${node.type} card`)
    stack.push(...(node.children ?? []))
  }
  return counts
}

/** The blocks of a Mobiledoc, by kind: markup sections by tag, lists and their items, image sections, cards by name. */
function mobiledocKinds(source: string): Map<string, number> {
  const counts = new Map<string, number>()
  const add = (kind: string, count = 1) => counts.set(kind, (counts.get(kind) ?? 0) + count)
  const doc = JSON.parse(source) as { sections: unknown[][]; cards: [string, { images?: unknown[] }][] }
  const sections = doc.sections.filter((section, index) => !(index === doc.sections.length - 1 && section[0] === 1 && (section[2] as unknown[]).length === 0))
  for (const section of sections) {
    if (section[0] === 1) add(section[1] === 'p' ? 'paragraph' : String(section[1]))
    if (section[0] === 2) add('image section')
    if (section[0] === 3) {
      add('list')
      add('list item', (section[2] as unknown[]).length)
    }
    if (section[0] === 10) {
      const [name, payload] = doc.cards[section[1] as number]!
      add(`${name} card`)
      if (name === 'gallery') add('gallery image', payload.images!.length)
    }
  }
  return counts
}

/** A kind of source block, how many the source has, the post model's kinds it becomes, and how many more of those other blocks make. */
type Row = { kind: string; in: number; out: string[]; plus?: number; as: string }

/**
 * The cards both editors have, each one block of the post model (the button card's count takes the
 * product's and header's buttons too), and the quotes (asides too). `names`: what this editor calls
 * its code card, its rule and its quote.
 */
function cardRows(into: Map<string, number>, names: { code: string; rule: string; quote: string }): Row[] {
  return [
    { kind: 'gallery card', in: into.get('gallery card')!, out: ['gallery'], as: 'gallery' },
    { kind: 'callout card', in: into.get('callout card')!, out: ['callout'], as: 'callout' },
    { kind: 'toggle card', in: into.get('toggle card')!, out: ['toggle'], as: 'toggle' },
    { kind: 'button card', in: into.get('button card')!, out: ['button'], plus: 2, as: 'button (the product\'s and the header\'s too)' },
    { kind: 'bookmark card', in: into.get('bookmark card')!, out: ['bookmark'], as: 'bookmark card' },
    { kind: 'video card', in: into.get('video card')!, out: ['video file', 'video link'], as: 'video file or link' },
    { kind: 'audio card', in: into.get('audio card')!, out: ['audio file', 'audio link'], as: 'audio file or link' },
    { kind: 'file card', in: into.get('file card')!, out: ['download'], as: 'download link' },
    { kind: names.code, in: into.get(names.code)!, out: ['code block'], as: 'code block' },
    { kind: 'embed card', in: into.get('embed card')!, out: ['video embed'], as: 'the site\'s video embed' },
    { kind: names.rule, in: into.get(names.rule)!, out: ['separator'], as: 'rule' },
    { kind: 'quote', in: into.get(names.quote)! + into.get('aside')!, out: ['quote'], as: 'blockquote (the aside too)' },
  ]
}

/** Prints the table of blocks in and out, and expects each kind's count out. */
function expectCounts(title: string, rows: Row[], post: Post): void {
  const out = countKinds(post.content)
  const table: CountRow[] = rows.map((row) => ({ kind: row.kind, in: row.in, out: row.out.reduce((total, kind) => total + (out.get(kind) ?? 0), 0), as: row.as }))
  console.info(countTable(title, table))
  for (const [index, row] of rows.entries()) {
    expect(row.in, row.kind).toBeGreaterThan(0)
    expect(table[index]!.out, row.kind).toBe(row.in + (row.plus ?? 0))
  }
}

describe('importing a Ghost export of posts with their editor\'s JSON only', () => {
  it('renders the Lexical post: its blocks and cards in, the post model\'s blocks out, kind by kind', () => {
    const into = lexicalKinds(sourceOf('lexical-field-notes').lexical!)
    const rows: Row[] = [
      // The header card's heading; the Markdown card's h3.
      { kind: 'h2', in: into.get('h2')!, out: ['h2'], plus: 1, as: 'h2 (the header card\'s heading too)' },
      { kind: 'h3', in: into.get('h3')!, out: ['h3'], plus: 1, as: 'h3 (the Markdown card\'s too)' },
      // What the cards say in paragraphs: callout 1, toggle 1, button 1, bookmark caption 1, video and audio links 2,
      // file 2, product 4, header 2, code caption 1, HTML card 1, signup 4, the unknown nodes' words 2.
      { kind: 'paragraph', in: into.get('paragraph')!, out: ['paragraph'], plus: 22, as: 'p (and the words of cards and unknown nodes)' },
      { kind: 'list', in: into.get('list')!, out: ['list'], plus: 2, as: 'ul/ol, nested in the item before (the Markdown and HTML cards\' lists too)' },
      { kind: 'list item', in: into.get('list item')!, out: ['list item'], plus: 4, as: 'li (the Markdown and HTML cards\' too)' },
      { kind: 'image card', in: into.get('image')!, out: ['image'], plus: 3 + 1 + 1 + 1, as: 'figure (with the gallery\'s, the bookmark\'s, the product\'s and the header\'s images)' },
      ...cardRows(into, { code: 'codeblock card', rule: 'horizontalrule card', quote: 'quote' }),
    ]
    expectCounts('Lexical-only Ghost post (tests/fixtures/import/ghost/editor-json-only.json): blocks in and out', rows, posts.get('lexical-field-notes')!)
    expect(into.get('image')).toBe(1)
    expect(into.get('gallery image')).toBe(3)
  })

  it('renders the Mobiledoc post the same way', () => {
    const into = mobiledocKinds(sourceOf('mobiledoc-field-notes').mobiledoc!)
    const rows: Row[] = [
      { kind: 'h2', in: into.get('h2')!, out: ['h2'], plus: 2, as: 'h2 (the Markdown card\'s and the header card\'s too)' },
      { kind: 'h3', in: into.get('h3')!, out: ['h3'], as: 'h3' },
      // Callout 1, toggle 1, bookmark caption 1, Markdown card 1, HTML card 1, button 1, header 2, product 4,
      // audio and video links 2, file 2, the unknown card's words 1.
      { kind: 'paragraph', in: into.get('paragraph')!, out: ['paragraph'], plus: 17, as: 'p (and the words of cards and unknown nodes)' },
      { kind: 'list', in: into.get('list')!, out: ['list'], as: 'ul/ol' },
      { kind: 'list item', in: into.get('list item')!, out: ['list item'], as: 'li' },
      { kind: 'image', in: into.get('image section')! + into.get('image card')!, out: ['image'], plus: 3 + 1 + 1 + 1, as: 'figure (the gallery\'s, bookmark\'s, header\'s and product\'s images too)' },
      ...cardRows(into, { code: 'code card', rule: 'hr card', quote: 'blockquote' }),
    ]
    expectCounts('Mobiledoc-only Ghost post (tests/fixtures/import/ghost/editor-json-only.json): blocks in and out', rows, posts.get('mobiledoc-field-notes')!)
  })

  it('names the unknown nodes in the report under the post\'s title, and keeps their words', () => {
    const block = (title: string) => {
      const lines = run.report.split('\n')
      const start = lines.findIndex((line) => line.includes(`"${title}"`))
      const end = lines.findIndex((line, index) => index > start && /^ {2}\S/.test(line))
      return lines.slice(start, end === -1 ? undefined : end).join('\n')
    }
    expect(block('Lexical field notes')).toMatch(/changed: .*unknown Lexical node "poll" → its text.*unknown Lexical node "table" → its text/)
    expect(block('Mobiledoc field notes')).toMatch(/changed: .*unknown Mobiledoc markup "mark" → its text.*unknown Mobiledoc card "poll" → its text.*unknown Mobiledoc atom "mention" → its text/)
    expect(posts.get('lexical-field-notes')!.content).toContain('<p>Which trail next? North South</p>')
    expect(posts.get('lexical-field-notes')!.content).toContain('<p>A table from a newer Ghost</p>')
    expect(posts.get('mobiledoc-field-notes')!.content).toContain('<p>Which trail next?</p>')
  })

  it('skips a post whose JSON is broken with its reason and title, and imports the others', () => {
    expect([...posts.keys()].sort()).toEqual(['lexical-field-notes', 'mobiledoc-field-notes'])
    expect(run.report).toMatch(/"A broken Lexical post" \(ghost:6650a1b2c3d4e5f6a7b8e003\): its Lexical JSON cannot be read \(/)
    expect(run.report).toContain('"A broken Mobiledoc post" (ghost:6650a1b2c3d4e5f6a7b8e004): its Mobiledoc\'s section 1 is of no known kind (99)')
  })

  it('keeps no hostile link or markup: text escaped, a javascript: link refused by the sanitizer and reported', () => {
    for (const slug of ['lexical-field-notes', 'mobiledoc-field-notes']) {
      const content = posts.get(slug)!.content
      expect(findUnsafeHtml(content)).toBeNull()
      expect(content).not.toMatch(/javascript:|<script|kg-/i)
      expect(textOfNode(parseHtml(content))).toContain("<script>alert('x')</script> click")
    }
    expect(textOfNode(parseHtml(posts.get('lexical-field-notes')!.content))).toContain('& "quoted" <b>not bold</b>')
    expect(run.report).toMatch(/link target refused by the sanitizer/)
  })

  it('keeps the text of every Lexical text node, in the post or in the report', () => {
    // Letters and digits only: a piece's text ("H", "2", "O") is found whatever the marks between.
    const squash = (value: string) => wordsOf(value).join('')
    const kept = squash(`${textOfNode(parseHtml(posts.get('lexical-field-notes')!.content))} ${run.report}`)
    const pieces: string[] = []
    const stack: (Node & { text?: string })[] = [(JSON.parse(sourceOf('lexical-field-notes').lexical!) as { root: Node }).root]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (typeof node.text === 'string' && squash(node.text) !== '') pieces.push(node.text)
      stack.push(...(node.children ?? []))
    }
    expect(pieces.length).toBeGreaterThan(30)
    expect(pieces.filter((piece) => !kept.includes(squash(piece)))).toEqual([])
  })
})
