/**
 * What a post's stored HTML holds that the editor has no node for yet: a table, a figure (a
 * maintainer's file, or an import). The editor would open such a post without them, and the
 * first keystroke would save the text without them; so the form shows that text locked and
 * sends it back as it is, and says where it can be changed.
 */
const NOT_IN_EDITOR: readonly (readonly [tag: string, words: string])[] = [
  ['table', 'a table'],
  ['figure', 'a figure'],
]

/** The words for each such element the HTML holds, in a fixed order; empty when the editor can hold it all. */
export function elementsEditorCannotHold(html: string): string[] {
  return NOT_IN_EDITOR.filter(([tag]) => new RegExp(`<${tag}[\\s>]`, 'i').test(html)).map(([, words]) => words)
}
