import { neutralizeHtml, parseStyle, STYLE_DATA_ATTRIBUTE } from './neutralize-html.ts'

/**
 * Pasted HTML, tidied before ProseMirror parses it with the editor's schema (which keeps only
 * what a post may hold: headings, marks, lists, quotes, code, safe links and images, tables and
 * figures, and lets styles, spans, classes and everything else fall away). Here is what the
 * schema cannot do on its own: formatting that Google Docs and Word write as inline styles
 * becomes tags, Word's fake lists become lists. Browser only (DOMParser).
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(neutralizeHtml(html), 'text/html')
  const body = doc.body
  convertWordLists(body)
  applyInlineStyles(body)
  // An <a> without href is an anchor or a placeholder on a web page, not a link.
  for (const anchor of body.querySelectorAll('a:not([href])')) anchor.replaceWith(...anchor.childNodes)
  for (const styled of body.querySelectorAll(`[${STYLE_DATA_ATTRIBUTE}]`)) styled.removeAttribute(STYLE_DATA_ATTRIBUTE)
  return body.innerHTML
}

const BLOCKS = 'address, article, aside, blockquote, dd, div, dl, dt, figure, footer, h1, h2, h3, h4, h5, h6, header, li, ol, p, pre, section, table, ul'

/**
 * Bold, italic, underline and strikethrough written as styles become <strong>, <em>, <u> and <s>
 * around the element's content. Google Docs wraps a whole paste in <b style="font-weight:normal">,
 * which is not bold at all. Links are underlined by the browser already: that is no underline mark.
 */
function applyInlineStyles(body: HTMLElement): void {
  const doc = body.ownerDocument
  for (const element of [...body.querySelectorAll<HTMLElement>(`[${STYLE_DATA_ATTRIBUTE}]`)]) {
    const style = parseStyle(element.getAttribute(STYLE_DATA_ATTRIBUTE) ?? '')
    const weight = style.get('font-weight')
    const fontStyle = style.get('font-style')
    const decoration = `${style.get('text-decoration') ?? ''} ${style.get('text-decoration-line') ?? ''}`
    const tag = element.tagName.toLowerCase()
    if (((tag === 'b' || tag === 'strong') && isNormalWeight(weight)) || ((tag === 'i' || tag === 'em') && fontStyle === 'normal')) {
      element.replaceWith(...element.childNodes)
      continue
    }
    // Styles on a container of blocks (a <div>, a list) would wrap blocks in inline tags.
    if (element.querySelector(BLOCKS) || ['ul', 'ol', 'table', 'tbody', 'thead', 'tr', 'blockquote', 'div'].includes(tag)) continue
    const wrappers: string[] = []
    if (weight !== undefined && isBoldWeight(weight)) wrappers.push('strong')
    if (fontStyle === 'italic' || fontStyle === 'oblique') wrappers.push('em')
    if (/\bunderline\b/.test(decoration) && !element.closest('a')) wrappers.push('u')
    if (/\bline-through\b/.test(decoration)) wrappers.push('s')
    if (wrappers.length === 0) continue
    let inner: Node[] = [...element.childNodes]
    for (const name of wrappers.reverse()) {
      const wrapper = doc.createElement(name)
      wrapper.append(...inner)
      inner = [wrapper]
    }
    element.replaceChildren(...inner)
  }
}

const isBoldWeight = (weight: string) => /^(bold|bolder|[5-9]\d\d)$/.test(weight)
const isNormalWeight = (weight: string | undefined) => weight === 'normal' || weight === '400' || weight === 'lighter'

const WORD_LIST_ITEM = /mso-list:\s*l\d+\s+level(\d+)/i
const WORD_MARKER = /mso-list:\s*ignore/i
const ORDERED_MARKER = /^\s*(\d+|[a-z]|[ivxlc]+)[.)]/i

/**
 * Word (desktop) copies a list as paragraphs styled `mso-list: l0 level2` whose bullet or
 * number is a span styled `mso-list: Ignore`: rebuild real, nested <ul>/<ol> lists.
 */
function convertWordLists(body: HTMLElement): void {
  const doc = body.ownerDocument
  const styleOf = (element: Element) => element.getAttribute(STYLE_DATA_ATTRIBUTE) ?? ''
  const items = [...body.querySelectorAll('p')]
    .map((paragraph) => ({ paragraph, level: Number(WORD_LIST_ITEM.exec(styleOf(paragraph))?.[1] ?? 0) }))
    .filter((item) => item.level > 0)
  // A run of adjacent list paragraphs is one list; anything between them starts a new one.
  const startsRun = items.map((item, i) => i === 0 || items[i - 1]!.paragraph !== item.paragraph.previousElementSibling)
  let stack: { level: number; list: HTMLElement }[] = []
  items.forEach(({ paragraph, level }, i) => {
    if (startsRun[i]) stack = []
    const markers = [...paragraph.querySelectorAll('span')].filter((span) => WORD_MARKER.test(styleOf(span)))
    const ordered = ORDERED_MARKER.test(markers[0]?.textContent ?? '')
    markers.forEach((marker) => marker.remove())
    while (stack.length > 0 && stack[stack.length - 1]!.level > level) stack.pop()
    let top = stack[stack.length - 1]
    if (top === undefined || top.level < level) {
      const list = doc.createElement(ordered ? 'ol' : 'ul')
      const parentItem = top?.list.lastElementChild
      if (parentItem) parentItem.append(list)
      else paragraph.before(list)
      top = { level, list }
      stack.push(top)
    }
    const item = doc.createElement('li')
    const text = doc.createElement('p')
    text.append(...paragraph.childNodes)
    item.append(text)
    top.list.append(item)
    paragraph.remove()
  })
}
