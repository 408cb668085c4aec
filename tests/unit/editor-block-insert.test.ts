import { type Node, Schema } from '@milkdown/kit/prose/model'
import { type Command, EditorState, NodeSelection, TextSelection, type Transaction } from '@milkdown/kit/prose/state'
import { describe, expect, it } from 'vitest'
import { leaveBlock, leaveBlockOnEnter } from '../../pages/admin/blog/editor/block-exit.ts'
import { insertBlock } from '../../pages/admin/blog/editor/block-insert.ts'

/** The editor's blocks as far as inserting and leaving them goes: the same names, groups and contents. */
const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'inline*' },
    heading: { group: 'block', content: 'inline*' },
    code_block: { group: 'block', content: 'text*', code: true, marks: '' },
    blockquote: { group: 'block', content: 'block+' },
    hr: { group: 'block' },
    video_embed: { group: 'block', atom: true, selectable: true },
    figure: { group: 'block', content: '(figure_image | block*) figcaption' },
    figure_image: { atom: true, selectable: true },
    figcaption: { content: 'inline*' },
    toggle: { group: 'block', content: 'toggle_summary block+' },
    toggle_summary: { content: 'inline*' },
    text: { group: 'inline' },
  },
})
const { paragraph: p, heading: h, code_block: code, blockquote: quote, video_embed: video, figure, figure_image: image, figcaption: caption } = schema.nodes as Record<string, NonNullable<Schema['nodes'][string]>>
const text = (value: string) => (value ? [schema.text(value)] : [])
const doc = (...blocks: Node[]) => schema.node('doc', null, blocks)
const para = (value = '') => p!.create(null, text(value))

/** The document as a short string: blocks by name, text in quotes, the cursor as |, a selected node in [ ]. */
function show(state: EditorState): string {
  const { selection } = state
  const cursor = selection instanceof TextSelection && selection.empty ? selection.head : -1
  const write = (node: Node, pos: number): string => {
    if (node.isText) {
      const at = cursor - pos
      return at >= 0 && at <= node.text!.length ? `"${node.text!.slice(0, at)}|${node.text!.slice(at)}"` : `"${node.text}"`
    }
    const inner: string[] = []
    node.forEach((child, offset) => inner.push(write(child, pos + 1 + offset)))
    if (node.isTextblock && node.content.size === 0 && cursor === pos + 1) inner.push('|')
    const selected = selection instanceof NodeSelection && selection.from === pos
    const name = node.type.name + (inner.length ? `(${inner.join(' ')})` : '')
    return selected ? `[${name}]` : name
  }
  const parts: string[] = []
  state.doc.forEach((child, offset) => parts.push(write(child, offset)))
  return parts.join(' ')
}

function run(state: EditorState, command: Command): EditorState {
  let next = state
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true)
  return next
}
const insert = (block: Node): Command => (state, dispatch) => {
  const tr = state.tr
  insertBlock(tr, block)
  dispatch?.(tr)
  return true
}
const at = (document: Node, pos: number) => EditorState.create({ doc: document, selection: TextSelection.create(document, pos) })

describe('insertBlock: the cursor goes on in a paragraph after the block, the block never selected', () => {
  it.each([
    ['an empty line: the block goes above it, the cursor stays on it', doc(para('Intro'), para()), 8, 'paragraph("Intro") video_embed paragraph(|)'],
    ['the end of a line: a new paragraph after the block', doc(para('Intro')), 6, 'paragraph("Intro") video_embed paragraph(|)'],
    ['the start of a line: the block goes above it', doc(para('Intro')), 1, 'video_embed paragraph("|Intro")'],
    ['the middle of a line: between its halves, the cursor before the second', doc(para('Intro')), 3, 'paragraph("In") video_embed paragraph("|tro")'],
    ['the start of a heading: the heading is the line after the block', doc(h!.create(null, text('Title'))), 1, 'video_embed heading("|Title")'],
    ['a code block: after it, never splitting it', doc(code!.create(null, text('a\nb'))), 2, 'code_block("a\nb") video_embed paragraph(|)'],
    ['a caption: after its figure', doc(figure!.create(null, [image!.create(), caption!.create(null, text('Cap'))])), 4, 'figure(figure_image figcaption("Cap")) video_embed paragraph(|)'],
    ['an empty line in a quote: in the quote', doc(quote!.create(null, [para('q'), para()])), 5, 'blockquote(paragraph("q") video_embed paragraph(|))'],
  ])('%s', (_name, document, pos, expected) => {
    expect(show(run(at(document, pos), insert(video!.create())))).toBe(expected)
  })

  it('after a selected block, never in its place; after a selected figure image, after the figure', () => {
    const videoFirst = doc(video!.create(), para('x'))
    const selected = EditorState.create({ doc: videoFirst, selection: NodeSelection.create(videoFirst, 0) })
    expect(show(run(selected, insert(schema.nodes.hr!.create())))).toBe('video_embed hr paragraph(|) paragraph("x")')
    const withFigure = doc(figure!.create(null, [image!.create(), caption!.create()]))
    const onImage = EditorState.create({ doc: withFigure, selection: NodeSelection.create(withFigure, 1) })
    expect(show(run(onImage, insert(video!.create())))).toBe('figure(figure_image figcaption) video_embed paragraph(|)')
  })
})

describe('leaving a code block or a quote', () => {
  it('Enter at the end of a code block whose last line is empty: that line goes, the cursor goes after', () => {
    const document = doc(code!.create(null, text('one\n')), para('after'))
    expect(show(run(at(document, 5), leaveBlockOnEnter))).toBe('code_block("one") paragraph(|) paragraph("after")')
  })

  it('Enter in a code block whose last line has text, or before its end, is not a way out', () => {
    const document = doc(code!.create(null, text('one\ntwo')))
    expect(leaveBlockOnEnter(at(document, 8))).toBe(false)
    expect(leaveBlockOnEnter(at(doc(code!.create(null, text('one\n'))), 4))).toBe(false)
  })

  it('Enter on an empty last line of a quote leaves it; on its only line the quote stays, with that line, and the cursor goes after it', () => {
    const document = doc(quote!.create(null, [para('q'), para()]))
    expect(show(run(at(document, 5), leaveBlockOnEnter))).toBe('blockquote(paragraph("q")) paragraph(|)')
    // ProseMirror's own Enter would lift the line out, and the quote, left with nothing, would go.
    expect(show(run(at(doc(quote!.create(null, [para()])), 2), leaveBlockOnEnter))).toBe('blockquote(paragraph) paragraph(|)')
  })

  it('Enter on the empty only line of a toggle\'s body: the line stays and the cursor goes after, in one step that changes nothing (no undo step)', () => {
    const document = doc(schema.nodes.toggle!.create(null, [schema.nodes.toggle_summary!.create(null, text('Open me')), para()]), para())
    let tr: Transaction | undefined
    expect(leaveBlockOnEnter(at(document, 11), (made) => (tr = made))).toBe(true)
    expect(tr!.docChanged, 'the document is as it was').toBe(false)
    expect(show(at(document, 11).apply(tr!))).toBe('toggle(toggle_summary("Open me") paragraph) paragraph(|)')
    // Where the block is the post's last, a paragraph is made after it.
    expect(show(run(at(doc(document.firstChild!), 11), leaveBlockOnEnter))).toBe('toggle(toggle_summary("Open me") paragraph) paragraph(|)')
  })

  it('Ctrl+Enter leaves the innermost code block or quote, into the empty paragraph after it or a new one', () => {
    const nested = doc(quote!.create(null, [code!.create(null, text('x'))]))
    expect(show(run(at(nested, 3), leaveBlock))).toBe('blockquote(code_block("x") paragraph(|))')
    const beforeEmpty = doc(quote!.create(null, [para('q')]), para())
    expect(show(run(at(beforeEmpty, 3), leaveBlock))).toBe('blockquote(paragraph("q")) paragraph(|)')
    expect(leaveBlock(at(doc(para('plain')), 2))).toBe(false)
  })
})
