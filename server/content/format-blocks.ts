import type { Root } from 'hast'
import { formatBlockLines, type LineNode } from '../../core/block-lines.ts'

/**
 * Rehype plugin: one block element per line, so that a pull request shows a readable diff.
 * The algorithm is shared with the admin editor's output (core/block-lines.ts).
 */
export function formatBlocks() {
  return (tree: Root) => {
    formatBlockLines(tree as { type: 'root'; children: LineNode[] })
  }
}
