import type { Element, Root } from 'hast'
import { watchUrl } from '../../core/video-embeds.ts'
import { embedOfPlaceholder } from '../content/video-embed-display.ts'

/**
 * Puts a plain link where a post shows a video, in place, for the feeds: readers strip frames
 * (and a frame made of `srcdoc` shows nothing outside the site), so a video the page plays became
 * nothing at all in a reader. The link goes to the provider's own page, and says what it is with
 * the frame's title: `<p><a href="https://www.youtube.com/watch?v=…">Video: Setting up</a></p>`.
 */
export function videoLinks(tree: Root): void {
  visit(tree)
}

function visit(parent: Root | Element): void {
  parent.children = parent.children.map((child) => {
    if (child.type !== 'element') return child
    const embed = embedOfPlaceholder(child)
    if (!embed) {
      visit(child)
      return child
    }
    const title = typeof child.properties.title === 'string' ? child.properties.title : 'Video'
    const link: Element = { type: 'element', tagName: 'a', properties: { href: watchUrl(embed) }, children: [{ type: 'text', value: title }] }
    return { type: 'element', tagName: 'p', properties: {}, children: [link] }
  })
}
