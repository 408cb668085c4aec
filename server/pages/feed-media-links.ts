import type { Element, ElementContent, Root, RootContent } from 'hast'
import { parseAvUrl } from '../../core/av-media.ts'
import { watchUrl } from '../../core/video-embeds.ts'
import { embedOfPlaceholder } from '../content/video-embed-display.ts'

/** What a link to a player's file says before its caption or name. */
const LABELS: Readonly<Record<string, string>> = { video: 'Video', audio: 'Audio' }

/**
 * A post's videos and audio as plain links, for the feeds, in place (pure):
 * - a video or audio file: readers strip `<video>` and `<audio>`, and a figure left with its
 *   caption alone reads as a stray line. A figure holding a player (or a player on its own)
 *   becomes `<p><a href="…">Video: <caption or file name></a></p>`; the href is made absolute with
 *   the rest of the post's URLs (absolute-urls.ts);
 * - a video embed: readers strip frames too, and the page's click-to-load frame (made of
 *   `srcdoc`) shows nothing away from the site. It becomes a link to the provider's own page,
 *   saying what it is with the frame's title: `<p><a href="https://www.youtube.com/watch?v=…">Video:
 *   Setting up</a></p>`, the figure's caption kept.
 */
export function mediaLinks(tree: Root): void {
  replaceIn(tree)
}

function replaceIn(parent: Root | Element): void {
  parent.children = parent.children.map((child: RootContent) => {
    if (child.type !== 'element') return child
    const embed = embedOfPlaceholder(child)
    if (embed) return paragraphLink(watchUrl(embed), typeof child.properties.title === 'string' ? child.properties.title : 'Video')
    const player = playerOf(child)
    if (player) return linkParagraph(player, child.tagName === 'figure' ? captionOf(child) : '')
    replaceIn(child)
    return child
  }) as typeof parent.children
}

/** The video or audio element `element` is, or the one its figure holds. */
function playerOf(element: Element): Element | null {
  if (LABELS[element.tagName] !== undefined) return element
  if (element.tagName !== 'figure') return null
  return element.children.find((child): child is Element => child.type === 'element' && LABELS[child.tagName] !== undefined) ?? null
}

function captionOf(figure: Element): string {
  const caption = figure.children.find((child): child is Element => child.type === 'element' && child.tagName === 'figcaption')
  return caption ? textOf(caption).replace(/\s+/g, ' ').trim() : ''
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' ? node.children.map(textOf).join('') : ''
}

function linkParagraph(player: Element, caption: string): Element {
  const src = typeof player.properties.src === 'string' ? player.properties.src : ''
  const media = parseAvUrl(src)
  const name = caption || (media ? `${media.name}.${media.ext}` : src.slice(src.lastIndexOf('/') + 1))
  return paragraphLink(src, `${LABELS[player.tagName]}: ${name}`)
}

function paragraphLink(href: string, text: string): Element {
  const link: Element = { type: 'element', tagName: 'a', properties: { href }, children: [{ type: 'text', value: text }] }
  return { type: 'element', tagName: 'p', properties: {}, children: [link] }
}
