import type { Element, ElementContent, Root, RootContent } from 'hast'
import { type BodyChanges, noChanges } from './import-changes.ts'
import { findAll, parseFragment, text, writeFragment } from './hast-nodes.ts'
import { footnoteReference, footnotes } from './post-shapes.ts'
import { renderBlocks } from './wordpress-blocks.ts'
import { expandShortcodes, type ShortcodeContext } from './wordpress-shortcodes.ts'

/**
 * A WordPress post's body as the post model holds it, before the importer sanitizes it (pure,
 * text in, text out). WordPress stores classic posts as text whose blank lines are paragraphs
 * (its `wpautop` filter adds the `<p>` on display), block-editor posts as HTML wrapped in
 * `<!-- wp:… -->` comments (which need no paragraphing: WordPress turns `wpautop` off for them),
 * and both may hold shortcodes, `[name attr="…"]inner[/name]`. Blocks are mapped by
 * wordpress-blocks.ts, shortcodes by wordpress-shortcodes.ts, then the footnotes (kept by
 * WordPress in the post's `footnotes` meta) are made the model's, and what each step did is
 * recorded for the report.
 */

export interface WordPressBody {
  html: string
  changes: BodyChanges
}

export interface WordPressContext extends ShortcodeContext {
  /** The post's `footnotes` meta: WordPress's block editor keeps the notes there, by id. */
  footnotes: { id: string; content: string }[]
}

const NO_CONTEXT: WordPressContext = { attachments: new Map(), postId: '', footnotes: [] }

/** The block-level elements wpautop leaves outside paragraphs (WordPress's own list, trimmed to HTML5). */
const BLOCK =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary|audio|video|iframe|object|script|noscript)'

export function wordpressBody(raw: string, context: WordPressContext = NO_CONTEXT): WordPressBody {
  const text = raw.replace(/\r\n?/g, '\n')
  const changes = noChanges()
  const isBlocks = /<!--\s*\/?wp:/.test(text)
  // `<!--more-->` and `<!--nextpage-->` are WordPress's markers (the excerpt's end, a page break), not content.
  const withoutMarkers = text.replace(/<!--\s*(?:more|nextpage)\b[\s\S]*?-->/g, '')
  // As WordPress does: blocks (or paragraphs) first, shortcodes after (a caption's figure is no paragraph).
  const paragraphs = isBlocks ? renderBlocks(withoutMarkers, changes).trim() : autoParagraphs(withoutMarkers)
  if (!isBlocks && paragraphs !== '') changes.kept.push('classic editor HTML')
  const expanded = expandShortcodes(paragraphs, context, changes).replace(/<p>\s*(<figure\b[^>]*>[\s\S]*?<\/figure>)\s*(?:<br>\s*)?<\/p>/g, '$1')
  return { html: withFootnotes(expanded, context.footnotes, changes), changes }
}

/**
 * WordPress's footnotes (`<sup data-fn="uuid" class="fn"><a href="#uuid">1</a></sup>`, the notes
 * in the post's meta, listed where the footnotes block stands) made the model's: references
 * numbered in order, `#fn-1` and back to `#fnref-1`, the notes in a section at the footnotes
 * block's place, or at the end. A note no reference names is kept all the same.
 */
function withFootnotes(html: string, notes: WordPressContext['footnotes'], changes: BodyChanges): string {
  if (!/data-fn=|data-wp-footnotes/.test(html)) return html
  const tree = parseFragment(html)
  const numbers = new Map<string, string>()
  for (const reference of findAll(tree, (node) => node.tagName === 'sup' && typeof node.properties.dataFn === 'string')) {
    const id = String(reference.properties.dataFn)
    if (!numbers.has(id)) numbers.set(id, String(numbers.size + 1))
    const label = numbers.get(id)!
    const made = footnoteReference(label, label)
    reference.properties = made.properties
    reference.children = made.children
    changes.changed.push('footnote reference → linked to its note')
  }
  for (const note of notes) if (!numbers.has(note.id)) numbers.set(note.id, String(numbers.size + 1))
  const section = notes.length > 0
    ? footnotes([...notes].sort((a, b) => Number(numbers.get(a.id)) - Number(numbers.get(b.id))).map((note) => ({ id: numbers.get(note.id)!, content: parseFragment(note.content).children as ElementContent[] })))
    : null
  const placed = replacePlaceholder(tree, section)
  if (section && !placed) tree.children.push(text('\n'), section)
  if (!section && numbers.size > 0) changes.changed.push('footnote references whose notes are not in the export: kept as numbers')
  return writeFragment(tree)
}

function replacePlaceholder(tree: Root, section: Element | null): boolean {
  let placed = false
  const parents: (Root | Element)[] = [tree]
  while (parents.length > 0) {
    const parent = parents.pop()!
    parent.children = parent.children.flatMap((child): RootContent[] => {
      if (child.type !== 'element') return [child]
      if (child.tagName === 'section' && child.properties.dataWpFootnotes !== undefined) {
        if (placed || !section) return []
        placed = true
        return [section]
      }
      parents.push(child)
      return [child]
    }) as Root['children'] & Element['children']
  }
  return placed
}

/**
 * WordPress's `wpautop`, step for step as it runs on post content: blank-line-separated text
 * becomes paragraphs, a single newline inside one a line break, and block elements stay outside
 * paragraphs. `<pre>` keeps its lines as written.
 */
export function autoParagraphs(text: string): string {
  if (text.trim() === '') return ''
  const kept: string[] = []
  const blocks = (pattern: string, flags = 'gi') => new RegExp(pattern.replaceAll('BLOCK', BLOCK), flags)
  // <pre> is kept verbatim: its newlines are the content.
  let work = text.replace(/<pre\b[\s\S]*?<\/pre>/gi, (pre) => `<pre wp-kept="${kept.push(pre) - 1}"></pre>`)
  work = `${work}\n`
    .replace(/<br\s*\/?>\s*<br\s*\/?>/gi, '\n\n')
    .replace(blocks('(<BLOCK[\\s/>])'), '\n\n$1')
    .replace(blocks('(</BLOCK>)'), '$1\n\n')
    .replace(/<hr\s*\/?>/gi, '$&\n\n')
    .replace(/\n\n+/g, '\n\n')
  work = work
    .split(/\n\s*\n/)
    .filter((chunk) => chunk.trim() !== '')
    .map((chunk) => `<p>${chunk.trim().replace(/^\n+|\n+$/g, '')}</p>\n`)
    .join('')
  work = work
    .replace(/<p>\s*<\/p>/g, '')
    .replace(/<p>([^<]+)<\/(div|address|form)>/gi, '<p>$1</p></$2>')
    .replace(blocks('<p>\\s*(</?BLOCK[^>]*>)\\s*</p>'), '$1')
    .replace(/<p>(<li.+?)<\/p>/gi, '$1')
    .replace(blocks('<p>\\s*(</?BLOCK[^>]*>)'), '$1')
    .replace(blocks('(</?BLOCK[^>]*>)\\s*</p>'), '$1')
    // Every newline left is a line break, then those beside a block element are taken back.
    .replace(/(?<!<br>)\s*\n/g, '<br>\n')
    .replace(blocks('(</?BLOCK[^>]*>)\\s*<br>'), '$1')
    .replace(/<br>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/gi, '$1')
  return work.replace(/<pre wp-kept="(\d+)"><\/pre>/g, (_match, index: string) => kept[Number(index)]!).trim()
}
