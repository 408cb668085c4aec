/**
 * The small tree the editor's normalizer parses its HTML into (normalize-html.ts) and its shape
 * fixes work on (editor-html-shapes.ts): text and elements with their attributes in order.
 */
export type HtmlNode = HtmlText | HtmlElement

export interface HtmlText {
  type: 'text'
  value: string
}

export interface HtmlElement {
  type: 'element'
  tagName: string
  attrs: Map<string, string>
  children: HtmlNode[]
}

export interface HtmlRoot {
  type: 'root'
  children: HtmlNode[]
}
