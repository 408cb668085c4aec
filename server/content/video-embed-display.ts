import type { Element, ElementContent, Properties, Root } from 'hast'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { EMBED_FRAME_CLASS, parseEmbedUrl, playUrl, PROVIDER_NAMES, type VideoEmbed } from '../../core/video-embeds.ts'

/**
 * A post's video embeds as its page shows them (pure, on the parsed tree): click to load. Each
 * `<iframe src="https://www.youtube-nocookie.com/embed/<id>">` becomes a frame with no `src`
 * whose `srcdoc` is a page of our own: the title, the provider's name and a play link to the
 * player with `autoplay=1`. Nothing is asked of the provider (no player, no thumbnail, no cookie)
 * until the visitor follows that link, which loads the player in the same frame, in the same
 * 16:9 box (no layout shift), and works by keyboard like any link. No script: the page sends none
 * for it.
 *
 * Everything here is made from the validated id (core/video-embeds.ts) and the title as text;
 * the post's own attributes are never copied. The frame's sandbox allows what the players need to
 * play (scripts and storage of their own origin, fullscreen, the "watch on" link in a new tab) and
 * no more: it cannot navigate the page or open forms. The placeholder's style is the site's own
 * file (`/video-embed.css`): a srcdoc page is under the page's Content-Security-Policy, which
 * allows no inline style. The page's policy allows the frame's navigation to the player only on
 * pages that have one (server/http/security-headers.ts, embeddedProviders).
 */
export function showVideoEmbeds(tree: Root): void {
  visit(tree)
}

/** The frame's sandbox: what a player needs to play, and nothing that reaches the page. */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox'
/** The features a player may use once asked to play. */
export const EMBED_ALLOW = 'autoplay; fullscreen; picture-in-picture; encrypted-media'
/** The players need to know which site embeds them (YouTube refuses to play without it); the origin is enough. */
export const EMBED_REFERRER_POLICY = 'strict-origin-when-cross-origin'
/** The placeholder's stylesheet, a public file of the site. */
export const EMBED_STYLESHEET = '/video-embed.css'

function visit(parent: Root | Element): void {
  parent.children = parent.children.map((child) => {
    if (child.type !== 'element') return child
    if (child.tagName !== 'iframe') {
      visit(child)
      return child
    }
    const embed = typeof child.properties.src === 'string' ? parseEmbedUrl(child.properties.src) : null
    const title = typeof child.properties.title === 'string' ? child.properties.title.trim() : ''
    return embed ? placeholderFrame(embed, title) : child
  })
}

/** The frame the page shows for one embed, its attributes in the order they are written (EMBED_FRAME_MARK first). */
export function placeholderFrame(embed: VideoEmbed, title: string): Element {
  const properties: Properties = {
    className: [EMBED_FRAME_CLASS],
    dataProvider: embed.provider,
    title: title ? `Video: ${title}` : 'Video',
    srcDoc: placeholderPage(embed, title),
    sandbox: EMBED_SANDBOX.split(' '),
    allow: EMBED_ALLOW,
    referrerPolicy: EMBED_REFERRER_POLICY,
    loading: 'lazy',
  }
  return { type: 'element', tagName: 'iframe', properties, children: [] }
}

/**
 * The embed a frame placeholderFrame made stands for (read back from its play link), or null for
 * any other element: what shows the post elsewhere (a feed) turns the frame into something else.
 */
export function embedOfPlaceholder(element: Element): VideoEmbed | null {
  const classes = element.properties.className
  if (element.tagName !== 'iframe' || !Array.isArray(classes) || !classes.includes(EMBED_FRAME_CLASS)) return null
  const srcDoc = element.properties.srcDoc
  const play = typeof srcDoc === 'string' ? /<a class="play" href="([^"?]+)\?autoplay=1"/.exec(srcDoc) : null
  return play ? parseEmbedUrl(play[1]!) : null
}

/** The page inside the frame before the click: the site's own markup, no request to the provider. */
function placeholderPage(embed: VideoEmbed, title: string): string {
  const provider = PROVIDER_NAMES[embed.provider]
  const element = (tagName: string, properties: Properties, children: ElementContent[] = []): Element => ({ type: 'element', tagName, properties, children })
  const text = (value: string): ElementContent => ({ type: 'text', value })
  const link = element('a', { className: ['play'], href: playUrl(embed), referrerPolicy: EMBED_REFERRER_POLICY, ariaLabel: title ? `Play video: ${title}` : 'Play video' }, [
    element('span', { className: ['button'], ariaHidden: 'true' }),
    ...(title ? [element('span', { className: ['title'] }, [text(title)])] : []),
    element('span', { className: ['note'] }, [text(`Plays from ${provider}`)]),
  ])
  const root: Root = {
    type: 'root',
    children: [
      { type: 'doctype' },
      element('html', { lang: 'en' }, [
        element('head', {}, [element('meta', { charSet: 'utf-8' }), element('link', { rel: ['stylesheet'], href: EMBED_STYLESHEET })]),
        element('body', {}, [link]),
      ]),
    ],
  }
  return serializer.stringify(root)
}

const serializer = unified().use(rehypeStringify).freeze()
