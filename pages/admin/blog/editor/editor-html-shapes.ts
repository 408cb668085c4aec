import type { HtmlElement, HtmlNode } from './html-tree.ts'

/*
 * The parts of a post the editor's nodes cannot write in the post's own shape, put back in it
 * (before the normalizer cleans the attributes, which removes the data-* marks read here):
 * - ProseMirror keeps a table's rows directly in it: the rows marked data-head go into <thead>,
 *   the others into <tbody> (table-nodes.ts);
 * - a cell always holds paragraphs: one marked data-bare whose content is one paragraph is
 *   written as that paragraph's text, as the file had it (<td>x</td>);
 * - empty paragraphs at the end of the post are where the editor lets the writer go on after the
 *   last block (trailing-paragraph.ts, block-exit.ts), never content;
 * Pure, on the normalizer's tree, in place.
 */
export function restoreEditorShapes(nodes: HtmlNode[]): void {
  for (const node of nodes) {
    if (node.type !== 'element') continue
    restoreEditorShapes(node.children)
    if (node.tagName === 'table') groupRows(node)
    else if (node.tagName === 'td' || node.tagName === 'th') unwrapBareCell(node)
  }
}

/**
 * A figure always has a caption node: an empty one is a figure without a caption. After
 * cleaning, so a caption left empty by it (an image it refused) goes too.
 */
export function dropEmptyCaptions(nodes: HtmlNode[]): void {
  for (const node of nodes) {
    if (node.type !== 'element') continue
    dropEmptyCaptions(node.children)
    if (node.tagName === 'figure') node.children = node.children.filter((child) => !isEmptyCaption(child))
  }
}

/** Empty paragraphs at the end of the post go (after cleaning: a paragraph it emptied goes too). */
export function dropTrailingParagraphs(nodes: HtmlNode[]): void {
  while (nodes.length > 0 && isEmptyParagraph(nodes[nodes.length - 1]!)) nodes.pop()
}

const isEmptyParagraph = (node: HtmlNode) => isElement(node, 'p') && node.children.length === 0

const isElement = (node: HtmlNode, tagName: string): node is HtmlElement => node.type === 'element' && node.tagName === tagName
const isBlank = (node: HtmlNode) => node.type === 'text' && node.value.trim() === ''

function groupRows(table: HtmlElement): void {
  const rows = table.children.filter((child): child is HtmlElement => isElement(child, 'tr'))
  // A table from the file as it is (tests, a paste) already has its sections.
  if (rows.length === 0 || rows.length !== table.children.filter((child) => !isBlank(child)).length) return
  const headCount = rows.findIndex((row) => !row.attrs.has('data-head'))
  const split = headCount === -1 ? rows.length : headCount
  const section = (tagName: string, children: HtmlElement[]): HtmlElement[] =>
    children.length === 0 ? [] : [{ type: 'element', tagName, attrs: new Map(), children }]
  table.children = [...section('thead', rows.slice(0, split)), ...section('tbody', rows.slice(split))]
}

function unwrapBareCell(cell: HtmlElement): void {
  if (!cell.attrs.has('data-bare')) return
  const content = cell.children.filter((child) => !isBlank(child))
  const only = content[0]
  if (content.length === 1 && only && isElement(only, 'p')) cell.children = only.children
  else if (content.length === 0) cell.children = []
}

function isEmptyCaption(node: HtmlNode): boolean {
  // HTML's whitespace only: the lines the block layout puts there and takes away again (not a meaningful &nbsp;).
  return isElement(node, 'figcaption') && node.children.every((child) => child.type === 'text' && /^[ \t\n\f\r]*$/.test(child.value))
}
