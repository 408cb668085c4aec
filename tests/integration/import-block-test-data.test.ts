/**
 * WordPress's own block test export (every core block, tests/fixtures/import/64-block-test-data.xml)
 * imported into a real git repository in a temp folder, as `npm run import` does, and counted:
 * the blocks of each post in (its `<!-- wp:name -->` comments) against the post model's blocks out
 * (the imported files), every word of each post's text found in its file or in its lines of the
 * report, heading levels kept, every image, video, audio file and link kept or reported, every
 * block kept or named in the report. The table of counts is printed for the release note.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { htmlText } from '../../core/html-text.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { MIN_OWN_WORDS } from '../../server/import/import-plan.ts'
import type { ImportRun } from '../../server/import/run-import.ts'
import { tempGitRepo } from '../support/git.ts'
import { importInto } from '../support/import-run.ts'
import { addCounts, countKinds, countTable, elementsOf, parseHtml, textOfNode, wordsOf, type CountRow } from '../support/import-counts.ts'

const SOURCE = path.resolve(import.meta.dirname, '../fixtures/import/64-block-test-data.xml')

interface SourcePost {
  id: string
  title: string
  content: string
}

/** The export's posts as WordPress holds them, read apart from the importer. */
function sourcePosts(): SourcePost[] {
  const parsed = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: false, isArray: (name) => name === 'item' }).parse(readFileSync(SOURCE, 'utf8'))
  return (parsed.rss.channel.item as Record<string, string>[])
    .filter((item) => item['wp:post_type'] === 'post')
    .map((item) => ({ id: String(item['wp:post_id']), title: String(item.title), content: String(item['content:encoded'] ?? '') }))
}

/** Each block's name, once per block (openers and self-closers, not closers). */
function blockNames(content: string): string[] {
  return [...content.matchAll(/<!--\s+wp:([a-z][a-z0-9_/-]*)/g)].map((match) => match[1]!.replace(/^core\//, ''))
}

/** The shortcodes a post's text uses, as `[name]`. */
function shortcodeNames(content: string): string[] {
  return [...content.matchAll(/(?<!\[)\[([a-z][a-z0-9_-]*)[\s\]]/g)].map((match) => `[${match[1]}]`)
}

const repo = tempGitRepo({ files: { 'content/redirects.yaml': '', 'content/blog/.gitkeep': '' }, commit: 'init' })
let run: ImportRun
let posts: SourcePost[]
/** The imported file's post by its source (`wordpress:75`). */
const imported = new Map<string, { title: string; summary: string; content: string; isPublished: boolean }>()
/** Each post's lines of the report. */
const reported = new Map<string, string>()

beforeAll(async () => {
  const contentDir = path.join(repo.dir, 'content')
  run = await importInto(contentDir, SOURCE)
  posts = sourcePosts()
  const files = new Map(readdirSync(path.join(contentDir, 'blog')).filter((name) => name.endsWith('.html')).map((name) => [name, parsePostFile(readFileSync(path.join(contentDir, 'blog', name), 'utf8'), name)]))
  const sections = run.report.split(/\n(?= {2}(?:published|draft|scheduled) )/)
  for (const planned of run.plan.posts) {
    imported.set(planned.source, files.get(`${planned.post.slug}.html`)!)
    reported.set(planned.source, sections.find((section) => section.includes(`  ${planned.post.slug}  "`))!)
  }
}, 120_000)

afterAll(() => repo.remove())

describe('importing WordPress\'s block test data', () => {
  it('imports every post, none skipped, and commits them', () => {
    expect(run.commit).not.toBeNull()
    expect(run.plan.posts).toHaveLength(posts.length)
    expect(run.plan.skipped.map((item) => item.reason)).not.toContainEqual(expect.stringContaining('content'))
  })

  it('counts the blocks in and out per kind, and prints the table', () => {
    const blocksIn = new Map<string, number>()
    const out = new Map<string, number>()
    /** Each post's own counts: the table sums them, and each post is checked on its own. */
    const perPost: { title: string; in: Map<string, number>; out: Map<string, number> }[] = []
    for (const post of posts) {
      const postIn = new Map<string, number>()
      // A dynamic block's inner blocks are its template: counted as its, not as the post's own.
      const own = dropDynamicBlocks(post.content)
      const dynamic = blockNames(post.content).filter((name) => DYNAMIC.test(name))
      // A classic post's headings are blocks of it too: headings are counted as elements.
      const elements = elementsOf(parseHtml(withoutDynamicBlocks(post.content)))
      const headings = elements.filter((node) => /^h[1-6]$/.test(node.tagName)).map(() => 'heading')
      const quotes = elements.filter((node) => node.tagName === 'blockquote').map(() => 'quote')
      for (const name of [...blockNames(own).filter((name) => !['heading', 'quote', 'pullquote'].includes(name)), ...headings, ...quotes, ...shortcodeNames(own), ...dynamic]) postIn.set(name, (postIn.get(name) ?? 0) + 1)
      const postOut = new Map<string, number>()
      addCounts(postOut, countKinds(imported.get(`wordpress:${post.id}`)!.content))
      addCounts(blocksIn, postIn)
      addCounts(out, postOut)
      perPost.push({ title: post.title, in: postIn, out: postOut })
    }
    const sum = (names: string[], from: Map<string, number>) => names.reduce((total, name) => total + (from.get(name) ?? 0), 0)
    const report = run.report
    const changedCount = (pattern: RegExp) => [...report.matchAll(new RegExp(`(?:(\\d+) × )?${pattern.source}`, 'g'))].reduce((total, match) => total + Number(match[1] ?? 1), 0)
    const groups: { blocks: string[]; out: string[]; as: string; exact?: boolean; atLeast?: boolean }[] = [
      { blocks: ['heading'], out: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], as: 'headings h1–h6, each at its level (a classic post\'s counted too)', exact: true },
      { blocks: ['paragraph'], out: ['paragraph'], as: 'paragraphs (buttons, downloads and media links are paragraphs too)', atLeast: true },
      { blocks: ['list'], out: ['list'], as: 'lists (social links and navigations are lists of links too)', atLeast: true },
      { blocks: ['list-item'], out: ['list item'], as: 'list items', atLeast: true },
      { blocks: ['quote'], out: ['quote'], as: 'quotes (pullquotes and a classic post\'s counted too), a citation in a paragraph of its own', exact: true },
      { blocks: ['code', 'preformatted', 'verse'], out: ['code block'], as: 'code blocks (pre)', exact: true },
      { blocks: ['table'], out: ['table'], as: 'tables', exact: true },
      { blocks: ['image'], out: ['image'], as: 'images (with the covers\' and media & text\'s)', atLeast: true },
      { blocks: ['gallery', '[gallery]'], out: ['gallery'], as: 'galleries of image figures', exact: true },
      { blocks: ['button'], out: ['button'], as: 'button links; a button without a link a paragraph, reported' },
      { blocks: ['file'], out: ['download'], as: 'download links', exact: true },
      { blocks: ['video'], out: ['video file', 'video link'], as: 'video files, or links "Video: …" reported (no uploads given)', atLeast: true },
      { blocks: ['audio', '[audio]'], out: ['audio file', 'audio link'], as: 'audio files, or links "Audio: …" reported (no uploads given)', exact: true },
      { blocks: ['details'], out: ['toggle'], as: 'toggles (details/summary)', exact: true },
      { blocks: ['separator'], out: ['separator'], as: 'rules (hr)', exact: true },
      { blocks: ['footnotes'], out: ['footnotes'], as: 'footnotes sections, references linked both ways', exact: true },
      { blocks: ['social-links', 'social-link', 'navigation', 'navigation-link'], out: [], as: 'lists of links (a navigation of the site\'s own menu: dynamic, named)' },
      { blocks: ['cover', 'media-text'], out: [], as: 'their image (or video) as a figure, then their blocks' },
      { blocks: ['columns', 'column', 'group', 'row', 'stack', 'buttons'], out: [], as: 'layout removed, their blocks kept in order' },
      { blocks: ['spacer'], out: [], as: 'removed (empty space), reported' },
      { blocks: ['html', 'shortcode'], out: [], as: 'their HTML as the sanitizer keeps it; shortcodes mapped' },
      { blocks: ['more', 'nextpage'], out: [], as: 'markers (excerpt end, page break): removed' },
    ]
    const grouped = new Set(groups.flatMap((group) => group.blocks))
    const rows: CountRow[] = groups.map((group) => ({ kind: group.blocks.join(', '), in: sum(group.blocks, blocksIn), out: group.out.length > 0 ? sum(group.out, out) : '—', as: group.as }))
    const dynamic = [...blocksIn.keys()].filter((name) => !grouped.has(name) && !name.startsWith('[')).sort()
    for (const name of dynamic) rows.push({ kind: name, in: blocksIn.get(name)!, out: '—', as: 'dynamic: removed, named in the report' })
    console.info(countTable(`WordPress block test data (${posts.length} posts): blocks in and out`, rows))

    // Post by post: a block lost in one post is not made up for by one gained in another.
    for (const post of perPost) {
      for (const group of groups) {
        const [blocks, kept] = [sum(group.blocks, post.in), sum(group.out, post.out)]
        if (group.exact) expect(kept, `${post.title}: ${group.blocks.join(', ')}`).toBe(blocks)
        if (group.atLeast) expect(kept, `${post.title}: ${group.blocks.join(', ')}`).toBeGreaterThanOrEqual(blocks)
      }
    }
    // Every button is a button link, or a paragraph the report names.
    expect(sum(['button'], out) + changedCount(/button "[^"]*" without a link/)).toBe(blocksIn.get('button'))
    // Every dynamic block is named in the report (nested ones in their parent's line).
    for (const name of [...dynamic, 'navigation']) expect(report, name).toMatch(new RegExp(`dynamic block ${name} removed|holding [^)]*\\b${name}\\b|${name} block → `))
  })

  it('keeps every heading at its level', () => {
    for (const post of posts) {
      const levels = (html: string) => elementsOf(parseHtml(html)).filter((node) => /^h[1-6]$/.test(node.tagName)).map((node) => node.tagName)
      expect(levels(imported.get(`wordpress:${post.id}`)!.content), post.title).toEqual(levels(withoutDynamicBlocks(post.content)))
    }
  })

  it('keeps every word of each post\'s text, in its file or in its lines of the report', () => {
    for (const post of posts) {
      const file = imported.get(`wordpress:${post.id}`)!
      const kept = new Set(wordsOf(`${file.title} ${file.summary} ${textOfNode(parseHtml(file.content))} ${reported.get(`wordpress:${post.id}`)}`))
      const source = wordsOf(textOfNode(parseHtml(post.content.replace(/<!--[\s\S]*?-->/g, '').replace(/\[[^\]]*\]/g, ' '))))
      expect(source.filter((word) => !kept.has(word)), post.title).toEqual([])
    }
  })

  it('keeps every image, video, audio file and link, or names it in the report', () => {
    for (const post of posts) {
      const file = imported.get(`wordpress:${post.id}`)!
      const outUrls = new Set(elementsOf(parseHtml(file.content)).flatMap((node) => [node.properties.src, node.properties.href, node.properties.poster].filter((url): url is string => typeof url === 'string')))
      const lines = reported.get(`wordpress:${post.id}`)!
      for (const node of elementsOf(parseHtml(withoutDynamicBlocks(post.content)))) {
        for (const url of [node.properties.src, node.properties.href, node.properties.poster]) {
          if (typeof url !== 'string' || url === '' || (node.tagName === 'a' && isImageFile(url))) continue
          // WordPress's footnote links name the note's id; the model's are #fn-n / #fnref-n.
          if (node.tagName === 'a' && /^#[0-9a-f-]{36}$/.test(url)) continue
          expect(outUrls.has(url) || lines.includes(url), `${post.title}: ${node.tagName} ${url}`).toBe(true)
        }
      }
    }
  })

  it('names every block of each post in its report lines: kept as written, or changed and how', () => {
    for (const post of posts) {
      const lines = reported.get(`wordpress:${post.id}`)!
      for (const name of new Set(blockNames(post.content))) {
        if (name === 'more' || name === 'nextpage') continue
        expect(lines, `${post.title}: ${name}`).toMatch(new RegExp(`(?<![\\w-])${name.replace('/', '\\/')}(?![\\w-])`))
      }
    }
  })

  it('imports as drafts, listed in the report, exactly the posts left with no body of their own beside headings (their old site rendered the rest)', () => {
    const drafts = run.plan.posts.filter((planned) => planned.emptied)
    expect(drafts.length).toBeGreaterThan(0)
    for (const planned of drafts) {
      expect(planned.post.isPublished).toBe(false)
      expect(run.report).toContain(`  ${planned.post.slug}  "${planned.post.title}" (${planned.source})`)
    }
    // A post keeps its place when a body of its own is left beside its headings: media, or a sentence's worth of words.
    const ownBody = (html: string) => {
      const rest = html.split('\n').filter((line) => !/^(?:<h[1-6][\s>]|<hr>)/.test(line)).join('\n')
      return /<(?:img|iframe|video|audio)\b/.test(rest) || htmlText(rest).split(/\s+/).filter(Boolean).length >= MIN_OWN_WORDS
    }
    for (const planned of run.plan.posts) {
      const rendered = planned.changes.changed.some((change) => change.startsWith('dynamic block'))
      if (planned.emptied) expect(ownBody(planned.post.content.replace(/^<p>[^<]*<\/p>$/, '')), `${planned.post.title}: drafted with a body of its own`).toBe(false)
      else if (rendered) expect(ownBody(planned.post.content), `${planned.post.title}: its old site rendered all of it, yet it is published`).toBe(true)
    }
    expect(drafts.map((planned) => planned.post.title)).toEqual(expect.arrayContaining(['Latest posts', 'Archives', 'Calendar', 'Title']))
  })

  it('makes summaries with spaces between blocks: "Cell 1 Cell 2", never "Cell 1Cell 2", and without footnote marks', () => {
    const summaries = run.plan.posts.map((planned) => planned.post.summary).join('\n')
    expect(summaries).toContain('Cell 1 Cell 2 Cell 3')
    expect(summaries).not.toMatch(/\dCell/)
    // A footnote's marks are no words of a summary (core/html-text.ts): no "claim1", no "↩".
    expect(summaries).not.toContain('↩')
  })
})

/** WordPress's blocks rendered from its database (as the test data's README lists them). */
const DYNAMIC = /^(?:query|post-|comment|comments|latest-|archives|calendar|categories|tag-cloud|rss|search|loginout|page-list|site-|avatar|read-more|term-)/

/**
 * A post's blocks without its empty paragraphs and its dynamic ones (their saved HTML is a
 * template, not the post's): those holding no block, then those left holding none, until none is left; a dynamic block
 * around blocks of the post's own (a query loop around headings) stays with them.
 */
function dropDynamicBlocks(content: string): string {
  // An empty paragraph (a query's "no results" placeholder) holds nothing to keep.
  let html = content.replace(/<!--\s+wp:paragraph(?:\s+\{(?:(?!-->)[\s\S])*?\})?\s+-->\s*<p>\s*<\/p>\s*<!--\s+\/wp:paragraph\s+-->/g, '')
  html = html.replace(/<!--\s+wp:([a-z][a-z0-9/-]*)(?:\s+\{(?:(?!-->)[\s\S])*?\})?\s+\/-->/g, (whole, name: string) => (DYNAMIC.test(name) ? '' : whole))
  for (;;) {
    const next = html.replace(/<!--\s+wp:([a-z][a-z0-9/-]*)(?:\s+\{(?:(?!-->)[\s\S])*?\})?\s+-->((?:(?!<!--\s+\/?wp:)[\s\S])*?)<!--\s+\/wp:\1\s+-->/g, (whole, name: string) => (DYNAMIC.test(name) ? '' : whole))
    if (next === html) return html
    html = next
  }
}

/** A post's HTML without its dynamic blocks nor block comments. */
function withoutDynamicBlocks(content: string): string {
  return dropDynamicBlocks(content).replace(/<!--[\s\S]*?-->/g, '')
}

function isImageFile(url: string): boolean {
  return /\.(?:jpe?g|png|gif|webp)(?:[?#]|$)/i.test(url)
}
