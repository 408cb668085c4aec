import type { Node } from '@milkdown/kit/prose/model'
import type { NodeViewConstructor } from '@milkdown/kit/prose/view'
import { $nodeSchema, $view } from '@milkdown/kit/utils'
import { BUTTON_CLASS } from '../../../../core/post-html-rules.ts'
import { NO_MARKDOWN } from './figure-nodes.ts'
import { sanitizeLinkHref } from './url-rules.ts'

/*
 * Two paragraphs that are one link each, as posts store them: a button
 * (<p><a href class="button">Label</a></p>) and a file download (<p><a href download>File name</a></p>).
 * Each is a block whose text is the link's, edited in place; its address is set by its dialog.
 */

/** The one link of a paragraph (blank text around it aside) when it matches `selector`, else null. */
function onlyLink(dom: HTMLElement, selector: string): HTMLElement | null {
  const parts = [...dom.childNodes].filter((child) => !(child.nodeType === 3 && child.textContent?.trim() === ''))
  const link = parts[0]
  return parts.length === 1 && link instanceof HTMLElement && link.matches(selector) ? link : null
}

function linkBlock(name: string, selector: string, extra: Record<string, string>) {
  return $nodeSchema(name, () => ({
    content: 'text*',
    marks: '',
    group: 'block',
    defining: true,
    attrs: { href: { default: '', validate: 'string' } },
    // Ahead of the paragraph's rule, which would read it as a paragraph with a link.
    parseDOM: [
      {
        tag: 'p',
        priority: 60,
        getAttrs: (dom: HTMLElement) => {
          const link = onlyLink(dom, selector)
          return link ? { href: link.getAttribute('href') ?? '' } : false
        },
        contentElement: 'a',
      },
    ],
    toDOM: (node: Node) => ['p', ['a', { href: sanitizeLinkHref(node.attrs.href as string), ...extra }, 0]],
    ...NO_MARKDOWN,
  }))
}

export const BUTTON_BLOCK = 'button_link'
export const DOWNLOAD_BLOCK = 'download_link'

export const buttonSchema = linkBlock(BUTTON_BLOCK, `a.${BUTTON_CLASS}[href]`, { class: BUTTON_CLASS })
export const downloadSchema = linkBlock(DOWNLOAD_BLOCK, 'a[download][href]', { download: '' })

/**
 * How the editor shows one: its link without an address, so that a click in it places the
 * cursor and never leaves the page (Chrome follows a link shown as a block even in editable
 * text). The post's HTML is written from `toDOM`, address and all.
 */
const linkBlockView = (extra: Record<string, string>): NodeViewConstructor => () => {
  const dom = document.createElement('p')
  const link = document.createElement('a')
  for (const [name, value] of Object.entries(extra)) link.setAttribute(name, value)
  dom.append(link)
  return { dom, contentDOM: link }
}

export const buttonView = $view(buttonSchema.node, () => linkBlockView({ class: BUTTON_CLASS }))
export const downloadView = $view(downloadSchema.node, () => linkBlockView({ download: '' }))

export const linkBlockSchemas = [buttonSchema, downloadSchema, buttonView, downloadView].flat()
