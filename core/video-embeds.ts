/**
 * The videos a post may embed, said once for the sanitizer, the post page, the server's
 * Content-Security-Policy and the editor: YouTube through its privacy-enhanced domain and Vimeo's
 * player, each by one URL shape with a strict id. Pure, here because the admin's bundle imports it too.
 *
 * A post file holds an embed as `<iframe src="https://www.youtube-nocookie.com/embed/<id>"
 * title="…"></iframe>` (or `https://player.vimeo.com/video/<digits>`), on a line of its own or
 * inside a `<figure>`. The URL is compared as written: no other host, scheme, port, userinfo, path
 * segment, query, fragment or escape; upper case is another host. Anything else is no embed, and
 * the sanitizer removes the frame (core/post-html-rules.ts).
 */

export type VideoProvider = 'youtube' | 'vimeo'

export interface VideoEmbed {
  provider: VideoProvider
  /** YouTube: 11 characters of `A-Za-z0-9_-`; Vimeo: digits. */
  id: string
}

interface ProviderRule {
  /** The one origin its player is framed from, and what the page's frame-src names. */
  origin: string
  /** The path before the id. */
  path: string
  id: RegExp
  /** What the editor's "Video link" may be, id in the first group: watch pages, short links, the player itself. */
  links: RegExp[]
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const VIMEO_ID = /^[1-9]\d{0,11}$/

const PROVIDERS: Readonly<Record<VideoProvider, ProviderRule>> = {
  youtube: {
    origin: 'https://www.youtube-nocookie.com',
    path: '/embed/',
    id: YOUTUBE_ID,
    links: [
      /^https?:\/\/(?:www\.|m\.)?youtube\.com\/watch\/?\?(?:[^#]*&)?v=([A-Za-z0-9_-]{11})(?:[&#]|$)/i,
      /^https?:\/\/(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:embed|shorts|live)\/([A-Za-z0-9_-]{11})(?:[/?#]|$)/i,
      /^https?:\/\/youtu\.be\/([A-Za-z0-9_-]{11})(?:[/?#]|$)/i,
    ],
  },
  vimeo: {
    origin: 'https://player.vimeo.com',
    path: '/video/',
    id: VIMEO_ID,
    links: [/^https?:\/\/(?:www\.)?vimeo\.com\/([1-9]\d{0,11})(?:[/?#]|$)/i, /^https?:\/\/player\.vimeo\.com\/video\/([1-9]\d{0,11})(?:[/?#]|$)/i],
  },
}

export const VIDEO_PROVIDERS = Object.keys(PROVIDERS) as VideoProvider[]

/** The embed a post file's `src` names, or null when it is not exactly one of the allowed forms. */
export function parseEmbedUrl(src: string): VideoEmbed | null {
  for (const provider of VIDEO_PROVIDERS) {
    const { origin, path, id } = PROVIDERS[provider]
    const prefix = origin + path
    if (src.startsWith(prefix) && id.test(src.slice(prefix.length))) return { provider, id: src.slice(prefix.length) }
  }
  return null
}

/** The stored form of an embed's URL. */
export function embedUrl(embed: VideoEmbed): string {
  const { origin, path } = PROVIDERS[embed.provider]
  return origin + path + embed.id
}

/** The URL the placeholder's play link opens in its frame: the player, told to start at once (the visitor asked). */
export function playUrl(embed: VideoEmbed): string {
  return `${embedUrl(embed)}?autoplay=1`
}

/** The provider's own page of the video, for where no player can be framed (a feed reader). */
export function watchUrl(embed: VideoEmbed): string {
  return embed.provider === 'youtube' ? `https://www.youtube.com/watch?v=${embed.id}` : `https://vimeo.com/${embed.id}`
}

/** The origin a provider's player is framed from (`https://www.youtube-nocookie.com`). */
export function providerOrigin(provider: VideoProvider): string {
  return PROVIDERS[provider].origin
}

/** A provider's name, as a person reads it. */
export const PROVIDER_NAMES: Readonly<Record<VideoProvider, string>> = { youtube: 'YouTube', vimeo: 'Vimeo' }

/**
 * The embed a link a person pasted names (`youtube.com/watch?v=…`, `youtu.be/…`, `vimeo.com/123`,
 * or the embed URL itself), or null: the editor stores it in the one allowed form.
 */
export function embedFromLink(link: string): VideoEmbed | null {
  const text = link.trim()
  const stored = parseEmbedUrl(text)
  if (stored) return stored
  for (const provider of VIDEO_PROVIDERS) {
    for (const pattern of PROVIDERS[provider].links) {
      const id = pattern.exec(text)?.[1]
      if (id !== undefined && PROVIDERS[provider].id.test(id)) return { provider, id }
    }
  }
  return null
}

/**
 * What the post page marks each of its embeds with (server/content/video-embed-display.ts): the
 * frame's opening, then its provider. Only that code writes an `<iframe` with this class in a page
 * (a post's own text has its `<` escaped, an attribute value its `"`), so finding it in a page's
 * HTML says the page frames that provider's player.
 */
export const EMBED_FRAME_CLASS = 'video-embed'
export const EMBED_FRAME_MARK = `<iframe class="${EMBED_FRAME_CLASS}" data-provider="`

/**
 * The providers whose players a page's HTML (or a post's display HTML) frames, in the order
 * VIDEO_PROVIDERS lists them. `includes` is whatever finds a text in it (a string's, a Buffer's).
 */
export function embeddedProviders(html: { includes(text: string): boolean }): VideoProvider[] {
  if (!html.includes(EMBED_FRAME_MARK)) return []
  return VIDEO_PROVIDERS.filter((provider) => html.includes(`${EMBED_FRAME_MARK}${provider}"`))
}
