import type { Element, ElementContent, Root } from 'hast'
import { embedFromLink, embedUrl, PROVIDER_NAMES } from '../../core/video-embeds.ts'

/**
 * An old site's videos as the site's own embeds (core/video-embeds.ts), pure, on the parsed
 * body before it is sanitized: the sanitizer would otherwise remove every frame that is not
 * written exactly as an embed is stored, and leave a bare link where the old site played a video.
 *
 * - a player's frame (`<iframe src="https://www.youtube.com/embed/…">`, `//player.vimeo.com/…`,
 *   as WordPress, Ghost's embed cards and Markdown's written HTML have it);
 * - a paragraph or block that holds only a link to a video, or only its URL: how WordPress embeds
 *   one (a URL on its own line, `[embed]…[/embed]`, the block editor's embed block), and what
 *   the Ghost and Markdown readers make of an embed card or a video shortcode.
 *
 * Each becomes `<iframe src="<the stored form>" title="…">`, titled by the frame's title or the
 * link's words, else "Video from YouTube". Returns how many it made.
 */
export function embedVideos(tree: Root): number {
  let made = 0
  const visit = (parent: Root | Element) => {
    parent.children = parent.children.map((child) => {
      if (child.type !== 'element') return child
      const embed = asEmbed(child)
      if (embed) {
        made++
        return embed
      }
      visit(child)
      return child
    })
  }
  visit(tree)
  return made
}

function asEmbed(node: Element): Element | null {
  if (node.tagName === 'iframe') {
    const src = node.properties.src
    const title = typeof node.properties.title === 'string' ? node.properties.title : ''
    return typeof src === 'string' ? frameFor(src.startsWith('//') ? `https:${src}` : src, title) : null
  }
  if (node.tagName !== 'p' && node.tagName !== 'div') return null
  const parts = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === '') && !(child.type === 'element' && child.tagName === 'br'))
  if (parts.length !== 1) return null
  const [only] = parts as [ElementContent]
  if (only.type === 'text') return frameFor(only.value.trim(), '')
  if (only.type === 'element' && only.tagName === 'a' && typeof only.properties.href === 'string') {
    const words = textOf(only).trim()
    return frameFor(only.properties.href, words === only.properties.href || /^https?:\/\//.test(words) ? '' : words)
  }
  return null
}

function frameFor(link: string, title: string): Element | null {
  const embed = embedFromLink(link)
  if (!embed) return null
  return { type: 'element', tagName: 'iframe', properties: { src: embedUrl(embed), title: title || `Video from ${PROVIDER_NAMES[embed.provider]}` }, children: [] }
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' ? node.children.map(textOf).join('') : ''
}
