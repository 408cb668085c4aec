import type { Element, ElementContent, Root, RootContent, Text } from 'hast'

/** Elements that start a new line in a post file. `pre` keeps its inside untouched. */
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'pre', 'hr'])
/** Containers whose children go one per line, between an opening and a closing line. */
const LINE_CONTAINERS = new Set(['ul', 'ol', 'blockquote'])

const isBlock = (node: RootContent): boolean => node.type === 'element' && BLOCK_TAGS.has(node.tagName)
const isBlank = (node: RootContent): boolean => node.type === 'text' && node.value.trim() === ''
const newline = (): Text => ({ type: 'text', value: '\n' })

/**
 * Rehype plugin: one block element per line, so that a pull request shows a readable diff.
 * Whitespace between blocks carries no meaning in HTML, so this changes no rendering.
 */
export function formatBlocks() {
  return (tree: Root) => {
    formatChildren(tree, false)
  }
}

function formatChildren(parent: Root | Element, lined: boolean): void {
  const kept = parent.children.filter((child, i, all) => {
    if (!isBlank(child)) return true
    // Blank text between two inline pieces is a real space; next to a block it is layout.
    const before = all[i - 1]
    const after = all[i + 1]
    return !(before === undefined || after === undefined || isBlock(before) || isBlock(after))
  })
  const result: RootContent[] = []
  kept.forEach((child, i) => {
    if (child.type === 'element' && child.tagName !== 'pre') {
      formatChildren(child, LINE_CONTAINERS.has(child.tagName))
    }
    const previous = kept[i - 1]
    if (previous !== undefined && (isBlock(previous) || isBlock(child)) && parent.type === 'root') {
      result.push(newline())
    } else if (previous !== undefined && lined) {
      result.push(newline())
    }
    result.push(child)
  })
  if (lined && result.length > 0) {
    result.unshift(newline())
    result.push(newline())
  }
  parent.children = result as ElementContent[]
}
