import { Node, Schema } from '@milkdown/kit/prose/model'
import { EditorState, TextSelection, type Transaction } from '@milkdown/kit/prose/state'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { footnoteOrderPlugin, insertFootnote, touchesFootnotes } from '../../pages/admin/blog/editor/footnote-nodes.ts'

/** The editor's footnote nodes as far as their order goes: the same names, attributes and contents. */
const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'inline*' },
    footnotes: { group: 'block', content: 'footnote+' },
    footnote: { content: 'block+', attrs: { name: { default: '1' } } },
    footnote_ref: { group: 'inline', inline: true, atom: true, attrs: { name: { default: '1' }, label: { default: '1' } } },
    footnote_backlink: { group: 'inline', inline: true, atom: true, attrs: { name: { default: '1' } } },
    text: { group: 'inline' },
  },
})
const n = schema.nodes as Record<string, NonNullable<Schema['nodes'][string]>>
const p = (...parts: (string | Node)[]) => n.paragraph!.create(null, parts.map((part) => (typeof part === 'string' ? schema.text(part) : part)))
const ref = (name: string, label = name) => n.footnote_ref!.create({ name, label })
const note = (name: string, text: string) => n.footnote!.create({ name }, p(text, n.footnote_backlink!.create({ name })))
const notes = (...all: Node[]) => n.footnotes!.create(null, all)
const doc = (...blocks: Node[]) => n.doc!.create(null, blocks)

/** References as name:label in the text's order, then the notes' names in their order. */
function show(document: Node): string {
  const refs: string[] = []
  const names: string[] = []
  document.descendants((node) => {
    if (node.type.name === 'footnote_ref') refs.push(`${node.attrs.name as string}:${node.attrs.label as string}`)
    if (node.type.name === 'footnote') names.push(node.attrs.name as string)
    return true
  })
  return `${refs.join(' ')} | ${names.join(' ')}`
}

const open = (document: Node) => EditorState.create({ doc: document, plugins: [footnoteOrderPlugin()] })
const change = (state: EditorState, edit: (tr: Transaction) => Transaction) => state.apply(edit(state.tr))
/** Where text goes in the first paragraph's end: after "Alpha" and the reference of `doc(p('Alpha', ref('a')), …)`. */
const TEXT_END = 7

afterEach(() => {
  vi.restoreAllMocks()
})

describe('footnotes kept in order', () => {
  it('a post opened with its notes out of order is written as it was until a change, which puts them in order', () => {
    const state = open(doc(p('Alpha', ref('b', '2')), p('Beta', ref('a', '1')), notes(note('a', 'A'), note('b', 'B'))))
    expect(show(state.doc)).toBe('b:2 a:1 | a b')
    const typed = change(state, (tr) => tr.insertText('!', TEXT_END))
    expect(show(typed.doc)).toBe('b:1 a:2 | b a')
  })

  it('once in order, typing in the text or in a note does not walk the document again', () => {
    let state = change(open(doc(p('Alpha', ref('a')), p('Beta'), notes(note('a', 'Note')))), (tr) => tr.insertText('!', TEXT_END))
    const walks = vi.spyOn(Node.prototype, 'descendants')
    state = change(state, (tr) => tr.insertText('more', TEXT_END))
    // Before the note's way back, closed by its paragraph, the note and the notes.
    const noteText = state.doc.content.size - 4
    state = change(state, (tr) => tr.insertText(' text', noteText))
    expect(walks).not.toHaveBeenCalled()
    expect(state.doc.lastChild!.textContent).toBe('Note text')
  })

  it('a reference added before another, deleted, or moved renumbers the references and reorders the notes', () => {
    let state = change(open(doc(p('Alpha', ref('1')), p('Beta'), notes(note('1', 'One')))), (tr) => tr.insertText(' ', 1))
    // A footnote inserted at the start of the text, before the one there was.
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 1)))
    insertFootnote(state, (tr) => (state = state.apply(tr)))
    expect(show(state.doc)).toBe('2:1 1:2 | 2 1')
    // The first reference deleted: the other is 1 again, its note first.
    state = change(state, (tr) => tr.delete(1, 2))
    expect(show(state.doc)).toBe('1:1 | 1 2')
    // The paragraph holding it moved below the next one, with another reference added before it.
    const first = state.doc.firstChild!
    state = change(state, (tr) => tr.delete(0, first.nodeSize).insert(tr.doc.firstChild!.nodeSize, first).insert(1, ref('2')))
    expect(show(state.doc)).toBe('2:1 1:2 | 2 1')
  })

  it('tells apart the changes that touch a reference, a note or the notes from those that do not', () => {
    const document = doc(p('Alpha', ref('a')), notes(note('a', 'Note')))
    const tr = (edit: (tr: Transaction) => Transaction) => touchesFootnotes(edit(EditorState.create({ doc: document }).tr))
    const noteStart = document.firstChild!.nodeSize + 1
    expect(tr((t) => t.insertText('x', 3)), 'text typed').toBe(false)
    expect(tr((t) => t.insertText('x', TEXT_END)), 'text typed right after a reference').toBe(false)
    expect(tr((t) => t.insertText('x', noteStart + 2)), 'text typed in a note').toBe(false)
    expect(tr((t) => t.delete(2, 4)), 'text deleted').toBe(false)
    expect(tr((t) => t.delete(6, 7)), 'a reference deleted').toBe(true)
    expect(tr((t) => t.insert(1, ref('b'))), 'a reference added').toBe(true)
    expect(tr((t) => t.setNodeAttribute(6, 'name', 'b')), 'a reference renamed').toBe(true)
    expect(tr((t) => t.insert(noteStart + document.lastChild!.firstChild!.nodeSize, note('b', 'B'))), 'a note added').toBe(true)
    expect(tr((t) => t.delete(3, noteStart + 3)), 'a deletion into the notes').toBe(true)
    expect(tr((t) => t.insert(0, p('Before'))), 'a paragraph added before all').toBe(false)
  })

  it('after any sequence of typing, deleting and inserting footnotes, the references are numbered in order and the notes follow them', () => {
    type Edit = { do: 'type' | 'footnote'; at: number } | { do: 'delete'; at: number; length: number }
    const edit = fc.oneof(
      fc.record({ do: fc.constant<'type'>('type'), at: fc.nat() }),
      fc.record({ do: fc.constant<'footnote'>('footnote'), at: fc.nat() }),
      fc.record({ do: fc.constant<'delete'>('delete'), at: fc.nat(), length: fc.integer({ min: 1, max: 6 }) }),
    )
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 25 }), (edits: Edit[]) => {
        // Opened out of order, put in order by a first change.
        let state = change(open(doc(p('Alpha', ref('x', '9'), ' beta'), p('Gamma', ref('y', '3')), notes(note('y', 'Y'), note('x', 'X')))), (tr) => tr.insertText('w', 1))
        expectInOrder(state.doc)
        for (const step of edits) {
          const at = 1 + (step.at % (state.doc.content.size - 1))
          const $at = state.doc.resolve(at)
          if (step.do === 'type' && $at.parent.inlineContent) state = change(state, (tr) => tr.insertText('w', at))
          else if (step.do === 'delete') state = change(state, (tr) => tr.delete(at, Math.min(at + step.length, tr.doc.content.size)))
          else if (step.do === 'footnote' && $at.parent.inlineContent) {
            const placed = state.apply(state.tr.setSelection(TextSelection.create(state.doc, at)))
            state = placed
            insertFootnote(placed, (tr) => (state = placed.apply(tr)))
          }
          expectInOrder(state.doc)
        }
      }),
      { numRuns: 200 },
    )
  })
})

/** Each reference labelled with its name's place among the references, the notes in that order, the others after. */
function expectInOrder(document: Node): void {
  const order: string[] = []
  let section: Node | null = null
  document.descendants((node) => {
    if (node.type.name === 'footnotes') {
      section ??= node
      return false
    }
    if (node.type.name === 'footnote_ref') {
      const name = node.attrs.name as string
      if (!order.includes(name)) order.push(name)
      expect(node.attrs.label, `the label of ${name} in ${show(document)}`).toBe(String(order.indexOf(name) + 1))
    }
    return true
  })
  if (!section) return
  const names: string[] = []
  ;(section as Node).forEach((child) => names.push(child.attrs.name as string))
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
  expect(names.map(rank), `the notes' order in ${show(document)}`).toEqual([...names.map(rank)].sort((a, b) => a - b))
}
