import type { PageContext } from 'vike/types'
import { SITE_NAME } from '../core/brand.ts'
import { escapeHtmlAttribute, escapeHtmlText } from '../core/escape-markup.ts'
import { FEED_LINKS } from '../core/feed-links.ts'
import type { FeedLink } from '../core/tag-feeds.ts'

/** What a page says about itself to browsers, search engines and social cards. */
export interface Seo {
  title: string
  description: string
  keywords?: string[]
  /** `article` for a blog post. */
  type?: 'website' | 'article'
  /** `YYYY-MM-DD`, for `article:published_time`. */
  publishedTime?: string
  /** Absolute or site-relative image for the social card. */
  image?: string
  /** What `image` shows, for readers who cannot see it (`og:image:alt`, `twitter:image:alt`). */
  imageAlt?: string
  /** Pages that must stay out of search results (404, redirects, admin). */
  noindex?: boolean
  /** Redirect pages: without JavaScript, go to `url` after `seconds` (meta refresh). */
  refresh?: { url: string; seconds: number }
  /** The blog's pages: point feed readers at the blog's feeds (`true`), or at these (a tag's page). */
  feeds?: boolean | readonly FeedLink[]
}

export type SeoFor = (pageContext: PageContext) => Seo

const DEFAULT_IMAGE = '/images/social-card.jpg'
/** Social networks show raster images only: an SVG featured image falls back to the site's card. */
const SOCIAL_IMAGE = /\.(png|jpe?g|gif|webp)(\?.*)?$/i

export function resolveSeo(pageContext: PageContext): Seo {
  const seoFor = pageContext.config.seo
  return seoFor ? seoFor(pageContext) : { title: SITE_NAME, description: '' }
}

export function documentTitle(seo: Seo): string {
  return seo.title === SITE_NAME ? SITE_NAME : `${seo.title} | ${SITE_NAME}`
}

/** The head tags of a page as an HTML string (every value escaped). */
export function renderHeadTags(seo: Seo, options: { siteUrl: string; pathname: string }): string {
  const absolute = (url: string) => (url.startsWith('/') ? options.siteUrl + url : url)
  const canonical = absolute(options.pathname === '/' ? '/' : options.pathname.replace(/\/$/, ''))
  const ownImage = seo.image !== undefined && SOCIAL_IMAGE.test(seo.image)
  const image = absolute(ownImage ? seo.image! : DEFAULT_IMAGE)
  // Said only of the page's own image: the site's card stands in without a description.
  const imageAlt = ownImage && seo.imageAlt ? seo.imageAlt : ''
  const title = documentTitle(seo)
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtmlAttribute(value)}">`
  const tags = [
    `<title>${escapeHtmlText(title)}</title>`,
    meta('name', 'description', seo.description),
    seo.keywords?.length ? meta('name', 'keywords', seo.keywords.join(', ')) : '',
    seo.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtmlAttribute(canonical)}">`,
    // Inside <noscript>: with JavaScript the page redirects itself (and a client-side navigation
    // away cancels it); without, the browser follows this tag.
    seo.refresh
      ? `<noscript><meta http-equiv="refresh" content="${escapeHtmlAttribute(`${Math.max(0, Math.round(seo.refresh.seconds))};url=${seo.refresh.url}`)}"></noscript>`
      : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', seo.type ?? 'website'),
    meta('property', 'og:title', seo.title),
    meta('property', 'og:description', seo.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    imageAlt ? meta('property', 'og:image:alt', imageAlt) : '',
    seo.publishedTime ? meta('property', 'article:published_time', seo.publishedTime) : '',
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', seo.title),
    meta('name', 'twitter:description', seo.description),
    meta('name', 'twitter:image', image),
    imageAlt ? meta('name', 'twitter:image:alt', imageAlt) : '',
    // Absolute, like the canonical link: a reader given this page's HTML alone still finds them.
    ...(seo.feeds
      ? (seo.feeds === true ? FEED_LINKS : seo.feeds).map((feed) => `<link rel="alternate" type="${feed.type}" title="${escapeHtmlAttribute(feed.title)}" href="${escapeHtmlAttribute(absolute(feed.path))}">`)
      : []),
  ]
  return tags.filter(Boolean).join('\n')
}
