import type { Element, ElementContent, Root, RootContent, Text } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { diffKeys } from '../lib/sequence-diff.ts'

/** Two versions of a post's content, the new one with what changed marked (see `diffContent`). */
export interface ContentDiff {
  html: string
  /** Words inserted and removed. */
  inserted: number
  removed: number
  /** Too different to compare (thousands of blocks changed on both sides): `html` is the new version, unmarked. */
  tooLarge?: true
}

type Mark = 'ins' | 'del'

/** A piece of content in reading order: an element's start or end, an image or line break, a word or a space. */
type Token = { type: 'open'; element: Element } | { type: 'close' } | { type: 'atom'; node: Element } | { type: 'text'; value: string }

/** Elements with no content: compared and marked whole, like a word. */
const ATOMS = new Set(['img', 'br', 'hr', 'wbr', 'source', 'picture', 'iframe', 'video', 'audio'])
/** Words (with their inner apostrophes and hyphens), runs of spaces, and any other character alone. */
const WORDS = /\s+|[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*|[^\s]/gu

const parser = unified().use(rehypeParse, { fragment: true }).freeze()
// Serialized as the sanitizer serializes, so what is not marked stays byte for byte as the page has it.
const serializer = unified().use(rehypeStringify, { characterReferences: { useNamedReferences: true } }).freeze()

/**
 * The new version of a post's content with the words inserted since the old one in `<ins>` and
 * the words removed in `<del>` (pure). Both are sanitized HTML as the page renders it; the
 * result is made of their elements and text and of `<ins>`/`<del>` only, serialized by the
 * same serializer, so it is as safe as they are.
 *
 * Blocks (a post is one block element per line) are compared first; a run of changed blocks is
 * then compared word by word. The structure is always the new version's: a removed word is put
 * back where it was, in `<del>`; a block removed whole comes back whole, its words in `<del>`.
 * Markup alone (a word made bold) shows as the new markup, since no word changed.
 */
export function diffContent(before: string, after: string): ContentDiff {
  const old = blocksOf(before)
  const now = blocksOf(after)
  const steps = diffKeys(old.map(keyOfBlock), now.map(keyOfBlock))
  if (!steps) return { html: after, inserted: 0, removed: 0, tooLarge: true }
  const out = new Builder()
  let removed: RootContent[] = []
  let added: RootContent[] = []
  const flush = () => {
    out.changedBlocks(removed, added)
    removed = []
    added = []
  }
  for (const step of steps) {
    if (step.kind === 'same') {
      flush()
      out.block(now[step.after]!)
    } else if (step.kind === 'removed') removed.push(old[step.before]!)
    else added.push(now[step.after]!)
  }
  flush()
  return { html: serializer.stringify(out.root), inserted: out.counts.ins, removed: out.counts.del }
}

function blocksOf(html: string): RootContent[] {
  return parser.parse(html).children
}

function keyOfBlock(block: RootContent): string {
  return serializer.stringify({ type: 'root', children: [block] })
}

function keyOfToken(token: Token): string {
  switch (token.type) {
    case 'open':
      return `<${token.element.tagName} ${JSON.stringify(token.element.properties)}`
    case 'close':
      return '>'
    case 'atom':
      return `#${keyOfBlock(token.node)}`
    case 'text':
      return `"${token.value}`
  }
}

function tokensOf(nodes: readonly RootContent[], into: Token[] = []): Token[] {
  for (const node of nodes) {
    if (node.type === 'text') for (const [value] of node.value.matchAll(WORDS)) into.push({ type: 'text', value })
    else if (node.type === 'element' && ATOMS.has(node.tagName)) into.push({ type: 'atom', node })
    else if (node.type === 'element') {
      into.push({ type: 'open', element: node })
      tokensOf(node.children, into)
      into.push({ type: 'close' })
    }
  }
  return into
}

const isSpace = (value: string) => value.trim() === ''
const isBlankText = (node: RootContent) => node.type === 'text' && isSpace(node.value)
/** What counts as a word (punctuation alone does not). */
const WORDLIKE = /[\p{L}\p{N}]/u

/** Two blocks that share at least half the words of the longer one: one block edited, not one replaced by another. */
function similar(a: RootContent, b: RootContent): boolean {
  const words = (block: RootContent) => tokensOf([block]).flatMap((token) => (token.type === 'text' && WORDLIKE.test(token.value) ? [token.value.toLowerCase()] : []))
  const x = words(a)
  const y = new Set(words(b))
  if (x.length === 0 && y.size === 0) return a.type === 'element' && b.type === 'element' && a.tagName === b.tagName
  const common = new Set(x.filter((word) => y.has(word))).size
  return common * 2 >= Math.max(new Set(x).size, y.size)
}

/** The marked tree, written in reading order. */
class Builder {
  readonly root: Root = { type: 'root', children: [] }
  readonly counts = { ins: 0, del: 0 }
  readonly #stack: (Root | Element)[] = [this.root]
  /** The <ins> and <del> elements made here (to extend a run rather than start another). */
  readonly #marks = new Set<Element>()

  /** A block the same in both versions. */
  block(node: RootContent): void {
    this.#top().children.push(node as ElementContent)
  }

  /**
   * A run of blocks that differ: each removed block paired, in order, with an added block that
   * shares most of its words, and the pair compared word by word; a block with no such partner
   * is shown whole (removed: in its own structure, its words in <del>).
   */
  changedBlocks(allRemoved: RootContent[], allAdded: RootContent[]): void {
    // The line breaks between blocks are written here, one before each block.
    const removed = allRemoved.filter((block) => !isBlankText(block))
    const added = allAdded.filter((block) => !isBlankText(block))
    let next = 0
    for (const block of added) {
      const partner = removed.findIndex((candidate, index) => index >= next && similar(candidate, block))
      if (partner !== -1) {
        for (; next < partner; next++) this.#whole(removed[next]!, 'del')
        this.#compare(removed[next++]!, block)
      } else this.#whole(block, 'ins')
    }
    for (; next < removed.length; next++) this.#whole(removed[next]!, 'del')
  }

  #whole(block: RootContent, mark: Mark): void {
    this.#lineBreak()
    for (const token of tokensOf([block])) this.#write(token, mark)
  }

  /** One block per line, as the post's file and page have them. */
  #lineBreak(): void {
    const last = this.root.children.at(-1)
    if (last && !(last.type === 'text' && last.value.endsWith('\n'))) this.root.children.push({ type: 'text', value: '\n' })
  }

  #compare(removed: RootContent, added: RootContent): void {
    this.#lineBreak()
    const before = tokensOf([removed])
    const after = tokensOf([added])
    const steps = diffKeys(before.map(keyOfToken), after.map(keyOfToken))
    if (!steps) {
      this.#whole(removed, 'del')
      this.#whole(added, 'ins')
      return
    }
    for (const step of steps) {
      if (step.kind === 'same') this.#write(after[step.after]!, null)
      else if (step.kind === 'added') this.#write(after[step.after]!, 'ins')
      // The old structure is not kept: only its words and images, inside the new one.
      else this.#write(before[step.before]!, 'del', { wordsOnly: true })
    }
  }

  #top(): Root | Element {
    return this.#stack.at(-1)!
  }

  #write(token: Token, mark: Mark | null, options: { wordsOnly?: boolean } = {}): void {
    if (token.type === 'open') {
      if (options.wordsOnly) return
      const copy: Element = { ...token.element, children: [] }
      this.#top().children.push(copy)
      this.#stack.push(copy)
    } else if (token.type === 'close') {
      if (!options.wordsOnly && this.#stack.length > 1) this.#stack.pop()
    } else if (token.type === 'atom') {
      this.#add(token.node, mark)
      if (mark) this.counts[mark]++
    } else {
      const text: Text = { type: 'text', value: token.value }
      if (isSpace(token.value)) {
        // A space is marked only inside a run of marked words; a removed one elsewhere is left out.
        const last = this.#top().children.at(-1)
        if (mark && last?.type === 'element' && this.#marks.has(last) && last.tagName === mark) last.children.push(text)
        else if (mark !== 'del') this.#top().children.push(text)
        return
      }
      this.#add(text, mark)
      if (mark && WORDLIKE.test(token.value)) this.counts[mark]++
    }
  }

  #add(node: ElementContent, mark: Mark | null): void {
    const children = this.#top().children
    if (!mark) {
      children.push(node)
      return
    }
    const last = children.at(-1)
    if (last?.type === 'element' && this.#marks.has(last) && last.tagName === mark) {
      last.children.push(node)
      return
    }
    const element: Element = { type: 'element', tagName: mark, properties: {}, children: [node] }
    this.#marks.add(element)
    children.push(element)
  }
}
