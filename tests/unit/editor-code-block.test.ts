import { type Node, Schema } from '@milkdown/kit/prose/model'
import { EditorState, TextSelection } from '@milkdown/kit/prose/state'
import { describe, expect, it } from 'vitest'
import { toggleCodeBlock } from '../../pages/admin/blog/editor/editor-commands.ts'

/** The editor's text blocks as far as Code block goes: the same names and contents. */
const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'inline*' },
    heading: { group: 'block', content: 'inline*', attrs: { level: { default: 2 } } },
    code_block: { group: 'block', content: 'text*', code: true, marks: '' },
    button_link: { group: 'block', content: 'text*', attrs: { href: { default: '' } } },
    image: { group: 'inline', inline: true, atom: true, attrs: { src: { default: '' } } },
    text: { group: 'inline' },
  },
})
const node = (name: string, content: (Node | string)[] = [], attrs: Record<string, unknown> | null = null) =>
  schema.nodes[name]!.create(attrs, content.map((part) => (typeof part === 'string' ? schema.text(part) : part)))

/** The state with the cursor at the end of the document's first block. */
function stateOf(...blocks: Node[]): EditorState {
  const doc = schema.node('doc', null, blocks)
  return EditorState.create({ doc, selection: TextSelection.create(doc, blocks[0]!.nodeSize - 1) })
}

function run(state: EditorState): EditorState | null {
  let next: EditorState | null = null
  const done = toggleCodeBlock(state, (tr) => (next = state.apply(tr)))
  return done ? next : null
}

describe('Code block', () => {
  it('makes a paragraph or a heading a code block of its text, and back', () => {
    for (const block of [node('paragraph', ['let x = 1']), node('heading', ['let x = 1'], { level: 3 })]) {
      const coded = run(stateOf(block))!
      expect(coded.doc.firstChild!.type.name).toBe('code_block')
      expect(coded.doc.firstChild!.textContent).toBe('let x = 1')
      expect(run(coded)!.doc.firstChild!.type.name).toBe('paragraph')
    }
  })

  it('leaves a button (its address) and a line holding an image as they are: code would lose them', () => {
    const button = node('button_link', ['Get the app'], { href: 'https://apps.apple.com/app/x' })
    expect(run(stateOf(button))).toBeNull()
    expect(toggleCodeBlock(stateOf(button))).toBe(false)
    expect(run(stateOf(node('paragraph', ['A', node('image', [], { src: '/media/2026/a-0123456789-10x10.png' })])))).toBeNull()
  })
})
