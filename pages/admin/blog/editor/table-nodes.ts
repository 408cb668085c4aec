import type { Node, NodeSpec } from '@milkdown/kit/prose/model'
import { $nodeSchema } from '@milkdown/kit/utils'
import { POST_ELEMENTS } from '../../../../core/post-html-rules.ts'

/*
 * Tables as posts store them (core/post-html-rules.ts): <table>, <thead> and <tbody>, <tr>,
 * <th scope> and <td>, with colspan and rowspan. The node roles are prosemirror-tables' own, so
 * its commands (rows, columns, merge, split) and cell selection work on them.
 *
 * ProseMirror keeps rows directly in the table, so what the file's <thead> and a cell's bare text
 * were is kept as attributes and written as data-* marks that the normalizer turns back into the
 * post's HTML (normalize-html.ts): a row of the <thead> is <tr data-head>, and a cell whose single
 * paragraph stands for bare text (<td>x</td>, as files and new cells hold it) is <td data-bare>.
 */

/** Elements that make a cell's content blocks: then its paragraphs are written as such. */
const BLOCK_TAGS = new Set(Object.entries(POST_ELEMENTS).flatMap(([name, rule]) => (rule.layout === 'inline' ? [] : [name.toUpperCase()])))

/** Markdown is never read or written: posts are HTML. */
const NO_MARKDOWN = {
  parseMarkdown: { match: () => false, runner: () => {} },
  toMarkdown: { match: () => false, runner: () => {} },
}

const SPAN = /^(?:[1-9]\d?|100)$/
const SCOPE = /^(?:row|col|rowgroup|colgroup)$/
const spanOf = (dom: HTMLElement, name: string) => {
  const value = dom.getAttribute(name)
  return value && SPAN.test(value) ? Number(value) : 1
}

function cellAttrs(dom: HTMLElement) {
  return {
    colspan: spanOf(dom, 'colspan'),
    rowspan: spanOf(dom, 'rowspan'),
    scope: SCOPE.test(dom.getAttribute('scope') ?? '') ? dom.getAttribute('scope') : null,
    bare: dom.hasAttribute('data-bare') || ![...dom.children].some((child) => BLOCK_TAGS.has(child.tagName)),
  }
}

function cellDom(tag: 'td' | 'th', node: Node) {
  const { colspan, rowspan, scope, bare } = node.attrs as { colspan: number; rowspan: number; scope: string | null; bare: boolean }
  const attrs: Record<string, string> = {}
  if (colspan !== 1) attrs.colspan = String(colspan)
  if (rowspan !== 1) attrs.rowspan = String(rowspan)
  if (tag === 'th' && scope) attrs.scope = scope
  if (bare) attrs['data-bare'] = ''
  return [tag, attrs, 0] as const
}

function cellSpec(tag: 'td' | 'th'): NodeSpec {
  return {
    content: 'block+',
    tableRole: tag === 'th' ? 'header_cell' : 'cell',
    isolating: true,
    attrs: {
      colspan: { default: 1 },
      rowspan: { default: 1 },
      // prosemirror-tables' column resizing reads it; posts hold no widths, so it is never written.
      colwidth: { default: null },
      scope: { default: null },
      bare: { default: true },
    },
    parseDOM: [{ tag, getAttrs: (dom: HTMLElement) => cellAttrs(dom) }],
    toDOM: (node) => cellDom(tag, node),
  }
}

export const tableSchema = $nodeSchema('table', () => ({
  content: 'table_row+',
  tableRole: 'table',
  isolating: true,
  group: 'block',
  parseDOM: [{ tag: 'table' }],
  toDOM: () => ['table', 0],
  ...NO_MARKDOWN,
}))

export const tableRowSchema = $nodeSchema('table_row', () => ({
  content: '(table_cell | table_header)*',
  tableRole: 'row',
  attrs: { head: { default: false } },
  parseDOM: [
    {
      tag: 'tr',
      getAttrs: (dom: HTMLElement) => ({ head: dom.hasAttribute('data-head') || dom.parentElement?.tagName === 'THEAD' }),
    },
  ],
  toDOM: (node) => ['tr', node.attrs.head ? { 'data-head': '' } : {}, 0],
  ...NO_MARKDOWN,
}))

export const tableCellSchema = $nodeSchema('table_cell', () => ({ ...cellSpec('td'), ...NO_MARKDOWN }))
export const tableHeaderSchema = $nodeSchema('table_header', () => ({ ...cellSpec('th'), ...NO_MARKDOWN }))

export const tableSchemas = [tableSchema, tableRowSchema, tableCellSchema, tableHeaderSchema].flat()
