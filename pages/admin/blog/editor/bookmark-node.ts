import { DOMSerializer, type Node } from '@milkdown/kit/prose/model'
import type { NodeViewConstructor } from '@milkdown/kit/prose/view'
import { $nodeSchema, $view } from '@milkdown/kit/utils'
import { FIGURE_CLASSES, isAllowedImageSource } from '../../../../core/post-html-rules.ts'
import { NO_MARKDOWN } from './figure-nodes.ts'
import { sanitizeLinkHref } from './url-rules.ts'

/**
 * A bookmark card as posts store it: <figure class="bookmark"><a href><img src alt=""><strong>Title</strong><span>Description</span></a></figure>,
 * the image and the description optional, the title too (a save fills an empty one from the page:
 * server/services/posts/bookmark-details.ts). One piece in the editor, made and changed through its dialog.
 */
export const BOOKMARK = 'bookmark'

export interface BookmarkInput {
  href: string
  title: string
  description: string
  /** An image source a post may hold, or ''. */
  image: string
}

export const bookmarkSchema = $nodeSchema(BOOKMARK, () => ({
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  attrs: {
    href: { default: '', validate: 'string' },
    title: { default: '', validate: 'string' },
    description: { default: '', validate: 'string' },
    image: { default: '', validate: 'string' },
  },
  // Ahead of the figure's own rule.
  parseDOM: [
    {
      tag: `figure.${FIGURE_CLASSES.bookmark}`,
      priority: 60,
      getAttrs: (dom: HTMLElement): BookmarkInput => {
        const link = dom.querySelector('a')
        return {
          href: link?.getAttribute('href') ?? '',
          title: link?.querySelector('strong')?.textContent ?? '',
          description: link?.querySelector('span')?.textContent ?? '',
          image: link?.querySelector('img')?.getAttribute('src') ?? '',
        }
      },
    },
  ],
  toDOM: (node: Node) => {
    const { href, title, description, image } = node.attrs as BookmarkInput
    return [
      'figure',
      { class: FIGURE_CLASSES.bookmark },
      [
        'a',
        { href: sanitizeLinkHref(href) },
        ...(image && isAllowedImageSource(image) ? [['img', { src: image, alt: '' }]] : []),
        ['strong', title],
        ...(description ? [['span', description]] : []),
      ],
    ]
  },
  ...NO_MARKDOWN,
}))

/**
 * How the editor shows a card: as the post does, but its link without an address, so that a
 * click selects the card (to change it through its dialog) and never leaves the page.
 */
export const bookmarkView = $view(bookmarkSchema.node, (): NodeViewConstructor => (node) => {
  const render = (current: Node) => {
    const { dom } = DOMSerializer.renderSpec(document, current.type.spec.toDOM!(current))
    ;(dom as HTMLElement).querySelector('a')?.removeAttribute('href')
    // A card left without a title shows its address until a save fills the title from the page.
    const title = (dom as HTMLElement).querySelector('strong')
    if (title && title.textContent?.trim() === '') title.textContent = (current.attrs as BookmarkInput).href
    return dom as HTMLElement
  }
  const dom = render(node)
  return {
    dom,
    update: (updated) => {
      if (updated.type !== node.type) return false
      const next = render(updated)
      dom.replaceChildren(...next.childNodes)
      return true
    },
    ignoreMutation: () => true,
  }
})
