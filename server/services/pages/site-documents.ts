import type { PostIndex } from '../../content/post-index.ts'
import type { PublicPost } from '../../../core/post.ts'
import { FEED_CONTENT_TYPES, FEED_PATHS, feedSlugs, isFeedPath, rememberedAbsoluteContent, renderFeed } from '../../pages/feeds.ts'
import type { RenderedPage } from '../../pages/render-page.ts'
import { BLOG_FEED_DESCRIPTION, type FeedPath } from '../../../core/feed-links.ts'
import { renderRobots, renderSitemap } from '../../pages/sitemap-robots.ts'
import type { ContentChange } from '../content/blog-content.ts'
import type { PageStamps } from './page-stamps.ts'
import { tagFeedSlugs } from './tag-page-stamps.ts'
import { tagFeedOfUrl, tagFeedTitle } from '../../../core/tag-feeds.ts'
import { tagUrl } from '../../../core/tags.ts'

export interface SiteDocumentsDeps {
  index: PostIndex
  /** The sitemap lists the pages these say the site has. */
  stamps: PageStamps
  siteUrl: string
  /** `YYYY-MM-DD` of the build: an empty feed's date. */
  builtOn: string
  /** A post the feeds had to leave out (it failed to render): to be logged and shown to admins. */
  onPostFailure?: (slug: string, error: unknown) => void
}

/**
 * The site's documents that are no vike page: sitemap.xml, robots.txt and the blog's feeds.
 * Made here from the index as it is now, and kept as files and regenerated like the pages
 * (services/pages/public-pages.ts), so they are served the same way: from memory, with an ETag.
 */
export class SiteDocuments {
  readonly #deps: SiteDocumentsDeps
  /** The feeds' posts with absolute URLs, parsed again only when one changes. */
  readonly #absoluteContent = rememberedAbsoluteContent()

  constructor(deps: SiteDocumentsDeps) {
    this.#deps = deps
  }

  /** The document at `pathname` as the content is now, or null when `pathname` is a page (vike renders those). */
  render(pathname: string): RenderedPage | null {
    const { siteUrl, stamps, index, builtOn } = this.#deps
    const document = (html: string, contentType: string): RenderedPage => ({ status: 200, html, contentType, headers: [] })
    if (pathname === '/robots.txt') return document(renderRobots(siteUrl), 'text/plain; charset=utf-8')
    if (pathname === '/sitemap.xml') return document(renderSitemap(siteUrl, stamps.sitemapEntries()), 'application/xml; charset=utf-8')
    const tagFeed = tagFeedOfUrl(pathname)
    const ofTag = tagFeed ? tagFeedSlugs(index.list(), pathname) : null
    if (tagFeed && !ofTag) return null
    if (isFeedPath(pathname) || (tagFeed && ofTag)) {
      const format = tagFeed ? tagFeed.format : (pathname as FeedPath)
      // A tag's feed: the blog's posts with that tag, titled with its name, following its page.
      const channel = ofTag
        ? { title: tagFeedTitle(ofTag.name, format), description: `Posts tagged ${ofTag.name}: ${BLOG_FEED_DESCRIPTION}`, homePath: tagUrl(ofTag.slug), selfPath: pathname }
        : undefined
      // The public list and the public post: whatever they leave out (drafts, posts not yet
      // due), the feeds leave out too.
      // One post that fails to render is left out, and told: it never takes the feed down.
      const failed = (slug: string, error: unknown) => this.#deps.onPostFailure?.(slug, error)
      const posts = (ofTag ? ofTag.posts : feedSlugs(index.list())).flatMap((slug): PublicPost[] => {
        try {
          const post = index.get(slug)
          return post ? [post] : []
        } catch (error) {
          failed(slug, error)
          return []
        }
      })
      const onPostFailure = (post: PublicPost, error: unknown) => failed(post.slug, error)
      return document(renderFeed(format, { siteUrl, posts, emptyDate: builtOn, onPostFailure, absoluteContent: this.#absoluteContent, channel }), FEED_CONTENT_TYPES[format])
    }
    return null
  }

  /**
   * The documents a content change may have made stale: the sitemap when the published list
   * changed, the feeds also when one of their posts changed (its content is in them).
   */
  affectedBy(change: ContentChange): string[] {
    if (change.publishedListChanged) return ['/sitemap.xml', ...FEED_PATHS]
    const inFeeds = new Set(feedSlugs(this.#deps.index.list()))
    return [...change.updated, ...change.removed].some((slug) => inFeeds.has(slug)) ? [...FEED_PATHS] : []
  }
}
