import { field, type Fields, isFields, listField, stringField } from '../json-fields.ts'
import { renderCard } from './card-html.ts'
import { attributes, type GhostRendering, headingId, newRendering, type RenderedGhostDocument, text, UnreadableGhostDocument, wordsOfUnknown } from './rendering.ts'

/**
 * A Ghost 1–4 post's Mobiledoc (its `mobiledoc` field, 0.3 and the older 0.2) rendered to the
 * HTML Ghost renders from it for the web (pure), for a post exported without its `html`. Written
 * after Ghost's renderer (Koenig's `kg-mobiledoc-html-renderer` on `mobiledoc-dom-renderer`,
 * which Ghost no longer keeps): markup sections (`p`, `h1`–`h6` with Ghost's ids, `blockquote`,
 * `aside` as `blockquote.kg-blockquote-alt`), lists, image sections, markers with their markups
 * (`a` with `href` and `rel`, `strong`, `b`, `em`, `i`, `code`, `s`, `u`, `sup`, `sub`), the
 * soft-return atom as a line break, and the cards (card-html.ts). A post all of Markdown
 * cards (as Ghost 1.x saved every post) is its Markdown rendered, as before.
 *
 * Two shapes differ from Ghost's on purpose: a `pull-quote` section is a quote here (Ghost's
 * `<div class="pull-quote">` would lose it as one), and an image section is an image card (a
 * bare `<img>` between blocks is no block of a post). A section, markup, atom or card this reader
 * does not know keeps its words and is named in the report.
 */

const SECTION_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'aside', 'pull-quote'])
const MARKUP_TAGS = new Set(['a', 'strong', 'b', 'em', 'i', 'code', 's', 'u', 'sup', 'sub'])

interface Document {
  markups: unknown[]
  atoms: unknown[]
  cards: unknown[]
  rendering: GhostRendering
}

/** @throws UnreadableGhostDocument with the reason, when the JSON is no Mobiledoc. */
export function mobiledocToHtml(source: string): RenderedGhostDocument {
  let json: unknown
  try {
    json = JSON.parse(source)
  } catch (error) {
    throw new UnreadableGhostDocument(`its Mobiledoc cannot be read (${error instanceof Error ? error.message : String(error)})`)
  }
  if (!isFields(json) || !Array.isArray(field(json, 'sections'))) throw new UnreadableGhostDocument('its Mobiledoc has no list of sections')
  // Ghost 2 and 3 made heading ids the older way; a document without a version is Ghost 4's.
  const ghostVersion = Number.parseInt(stringField(json, 'ghostVersion') || '4', 10)
  const document: Document = {
    markups: listField(json, 'markups'),
    atoms: listField(json, 'atoms'),
    cards: listField(json, 'cards'),
    rendering: newRendering(ghostVersion < 4 ? 'ghost2' : 'ghost4'),
  }
  const sections = listField(json, 'sections')
  // Ghost's editor keeps an empty paragraph at the end of a document: never rendered.
  const last = sections.at(-1)
  const shown = Array.isArray(last) && last[0] === 1 && last[1] === 'p' && markersText(last[2], document) === '' ? sections.slice(0, -1) : sections
  const html = shown.map((section, index) => sectionHtml(section, index, document)).join('')
  return { html, changed: document.rendering.changed }
}

function sectionHtml(section: unknown, index: number, document: Document): string {
  const { rendering } = document
  if (!Array.isArray(section)) throw new UnreadableGhostDocument(`its Mobiledoc's section ${index + 1} is no list`)
  const [kind, first, second] = section as [unknown, unknown, unknown]
  if (kind === 1) {
    const tag = typeof first === 'string' ? first.toLowerCase() : ''
    const content = markers(second, document)
    if (!SECTION_TAGS.has(tag)) {
      rendering.changed.push(`unknown Mobiledoc section ${named(first)} → a paragraph`)
      return `<p>${content}</p>`
    }
    if (tag === 'aside') return `<blockquote class="kg-blockquote-alt">${content}</blockquote>`
    if (tag === 'pull-quote') return `<blockquote>${content}</blockquote>`
    if (tag.startsWith('h')) return `<${tag}${attributes({ id: headingId(markersText(second, document), rendering) })}>${content}</${tag}>`
    return `<${tag}>${content}</${tag}>`
  }
  if (kind === 2) return renderCard('image', { src: typeof first === 'string' ? first : '' }, rendering) ?? ''
  if (kind === 3) {
    const tag = first === 'ol' ? 'ol' : 'ul'
    const items = Array.isArray(second) ? second : []
    return `<${tag}>${items.map((item) => `<li>${markers(item, document)}</li>`).join('')}</${tag}>`
  }
  if (kind === 10) {
    // 0.3: [10, index into cards]; 0.2: [10, name, payload].
    const card: unknown = typeof first === 'number' ? document.cards[first] : [first, second]
    if (!Array.isArray(card) || typeof card[0] !== 'string') throw new UnreadableGhostDocument(`its Mobiledoc's section ${index + 1} names no card`)
    const [name, payload] = card as [string, unknown]
    const rendered = renderCard(name, isFields(payload) ? payload : {}, rendering)
    if (rendered !== undefined) return rendered
    const words = wordsOfUnknown(payload)
    rendering.changed.push(`unknown Mobiledoc card "${name}" → ${words ? 'its text' : 'nothing (it had no text)'}`)
    return words ? `<p>${text(words)}</p>` : ''
  }
  throw new UnreadableGhostDocument(`its Mobiledoc's section ${index + 1} is of no known kind (${named(kind)})`)
}

/**
 * A section's markers as HTML: each opens its markups (indexes into the document's), writes its
 * text or atom, then closes as many markups as it says, innermost first.
 */
function markers(list: unknown, document: Document): string {
  const { rendering } = document
  const parts: string[] = []
  const open: string[] = []
  const close = () => {
    const tag = open.pop()
    if (tag) parts.push(`</${tag}>`)
  }
  for (const marker of Array.isArray(list) ? list : []) {
    if (!Array.isArray(marker)) continue
    const [kind, opens, closes, value] = marker as [unknown, unknown, unknown, unknown]
    for (const index of Array.isArray(opens) ? opens : []) {
      const markup: unknown = typeof index === 'number' ? document.markups[index] : undefined
      const tag = Array.isArray(markup) && typeof markup[0] === 'string' ? markup[0].toLowerCase() : ''
      if (MARKUP_TAGS.has(tag)) {
        parts.push(`<${tag}${tag === 'a' ? linkAttributes(markup as unknown[]) : ''}>`)
        open.push(tag)
      } else {
        rendering.changed.push(`unknown Mobiledoc markup ${tag ? named(tag) : named(index)} → its text`)
        // Held open as nothing, so the marker that closes it closes the right ones.
        open.push('')
      }
    }
    if (kind === 1) parts.push(atom(value, document))
    else if (typeof value === 'string') parts.push(text(value))
    for (let i = 0; i < (typeof closes === 'number' ? closes : 0); i++) close()
  }
  while (open.length > 0) close()
  return parts.join('')
}

/** A link markup's `href` and `rel` (its attributes are a flat list: `["href", "…", "rel", "…"]`). */
function linkAttributes(markup: unknown[]): string {
  const list = Array.isArray(markup[1]) ? (markup[1] as unknown[]) : []
  const values: Fields = {}
  for (let i = 0; i + 1 < list.length; i += 2) if (typeof list[i] === 'string' && typeof list[i + 1] === 'string') values[String(list[i]).toLowerCase()] = list[i + 1]
  return attributes({ href: stringField(values, 'href'), rel: stringField(values, 'rel') })
}

function atom(index: unknown, document: Document): string {
  const atom: unknown = typeof index === 'number' ? document.atoms[index] : undefined
  const [name, value] = Array.isArray(atom) ? (atom as [unknown, unknown]) : []
  if (name === 'soft-return') return '<br>'
  const words = typeof value === 'string' ? value : ''
  document.rendering.changed.push(`unknown Mobiledoc atom ${typeof name === 'string' ? named(name) : named(index)} → ${words ? 'its text' : 'nothing (it had no text)'}`)
  return text(words)
}

/** A section's text, without markup (for a heading's id, and to find the empty last paragraph). */
function markersText(list: unknown, document: Document): string {
  return (Array.isArray(list) ? list : [])
    .map((marker: unknown) => {
      if (!Array.isArray(marker)) return ''
      if (marker[0] === 1) {
        const atom: unknown = typeof marker[3] === 'number' ? document.atoms[marker[3]] : undefined
        return Array.isArray(atom) && typeof atom[1] === 'string' ? atom[1] : ''
      }
      return typeof marker[3] === 'string' ? marker[3] : ''
    })
    .join('')
}

/**
 * A value of the document, named in a reason or a report line: a string quoted (its start, when
 * long), a number as written, anything else by its kind. Never written out whole: a list nested
 * thousands deep would overflow the stack of JSON.stringify or String, a long one fill the report.
 */
function named(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)
  if (typeof value === 'number') return String(value)
  if (value === null || typeof value === 'boolean') return String(value)
  if (value === undefined) return 'nothing'
  return Array.isArray(value) ? 'a list' : 'an object'
}
