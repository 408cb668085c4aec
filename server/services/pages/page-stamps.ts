import { createHash } from 'node:crypto'
import type { PostIndex } from '../../content/post-index.ts'
import { FEED_PATHS, feedContentTypeOf, feedSlugs, isFeedPath } from '../../pages/feeds.ts'
import type { PublicPage } from '../../pages/page-routes.ts'
import type { SitemapEntry } from '../../pages/sitemap-robots.ts'
import { blogListPreview } from '../../../core/blog-list.ts'
import { postExtrasText } from '../../../core/post-extras.ts'
import { postUrl, slugOfPostUrl } from '../../../core/post-urls.ts'
import { readJsonFile } from '../../lib/json-file.ts'
import { tagDocumentUrls, tagSitemapEntries, tagStampData } from './tag-page-stamps.ts'

/** The list of posts: stamped with what it shows, and dated by its newest post in the sitemap. */
const BLOG_LIST_PATH = '/blog'

/** What a pages folder was rendered from, saved beside it. */
export interface PagesState {
  renderId: string
  /** URL → stamp of the data its HTML was rendered from. */
  stamps: Record<string, string>
}

export interface PageStampsDeps {
  index: PostIndex
  /** The pages of `pages/` with one URL each (`readPublicPages`); the posts' pages come from the index. */
  publicPages: readonly PublicPage[]
  /** The build and the settings pages embed: when it changes, every page is rendered again. */
  renderId: string
  /** `YYYY-MM-DD` of the build: the sitemap's lastmod for pages that do not come from posts. */
  builtOn: string
  /**
   * The stamp of the site's copy a page at `url` shows (content/site-source.ts: the nav bar and
   * footer on every page, a page's own file): a change to it makes the page stale.
   */
  siteStampOf?: (url: string) => string
}

/** Which pages the site should have now, and the stamp of the data each is rendered from. */
export class PageStamps {
  readonly #deps: PageStampsDeps

  constructor(deps: PageStampsDeps) {
    this.#deps = deps
  }

  /** Every URL that should be prerendered now. */
  expectedUrls(): string[] {
    const posts = this.#deps.index.list().map((summary) => postUrl(summary.slug))
    const tags = tagDocumentUrls(this.#deps.index.list())
    return [...this.#deps.publicPages.map((page) => page.path), ...posts, '/sitemap.xml', '/robots.txt', ...FEED_PATHS, ...tags]
  }

  /**
   * The stamp of the data `url` is rendered from, or undefined when the URL should not exist.
   * Computed per URL so that a save of one post hashes that post, not all 10,000.
   */
  expectedStamp(url: string): string | undefined {
    const { index, renderId, publicPages } = this.#deps
    // What an HTML page is rendered with besides its data: the build, the settings, the site's copy.
    const pageId = this.#deps.siteStampOf ? `${renderId}:${this.#deps.siteStampOf(url)}` : renderId
    // /blog shows the first page and the count; the sitemap the published slugs and dates (and
    // the build date). A title edit on page 5 of 1,000 changes neither.
    if (url === BLOG_LIST_PATH) return stamp(pageId, blogListPreview(index.list()))
    if (url === '/robots.txt') return renderId
    if (publicPages.some((page) => page.path === url)) return pageId
    if (url === '/sitemap.xml') return stamp(renderId, [index.publishedUrlsDigest(), this.#deps.builtOn, tagSitemapEntries(index.list())])
    // The feeds carry their posts whole: each one's file version (a title, summary or content
    // edit changes it), and the build's date, which an empty feed shows.
    if (isFeedPath(url)) {
      const slugs = feedSlugs(index.list())
      return stamp(renderId, [slugs.map((slug) => [slug, index.versionOf(slug)]), slugs.length === 0 ? this.#deps.builtOn : null])
    }
    // A tag's page (its cards and page count) and its feeds (their posts whole).
    const tagData = tagStampData(index, url)
    if (tagData !== null) return tagData && stamp('page' in tagData ? pageId : renderId, tagData)
    const slug = slugOfPostUrl(url)
    if (slug === null) return undefined
    // The post's version is the blob id of its file, which alone makes the post: hashing that
    // id instead of the post's JSON stamps 10,000 posts in 25 ms rather than 450 ms, on the
    // start's path (measured over tests/bench/temp-project.ts's 10,000 generated posts).
    // With what the page shows of other posts (previous, next, related: core/post-extras.ts),
    // so that it is rendered again when one of those is retitled, moved or retagged.
    const post = index.bySlugAny(slug)
    return post && index.isLive(post) ? stampText(pageId, index.versionOf(slug)!, postExtrasText(index.list(), slug)) : undefined
  }

  /** The URLs of `expectedUrls` that are HTML pages (every one shows the nav bar and footer). */
  expectedPageUrls(): string[] {
    return this.expectedUrls().filter((url) => url !== '/sitemap.xml' && url !== '/robots.txt' && feedContentTypeOf(url) === undefined)
  }

  /** Every public page and published post, redirect pages excepted. */
  sitemapEntries(): SitemapEntry[] {
    const { index, builtOn, publicPages } = this.#deps
    const list = index.list()
    const listed = publicPages.filter((page) => page.inSitemap && page.path !== BLOG_LIST_PATH)
    return [
      ...listed.map((page) => ({ path: page.path, lastmod: builtOn })),
      { path: BLOG_LIST_PATH, lastmod: list[0]?.publishDate ?? builtOn },
      ...list.map((post) => ({ path: postUrl(post.slug), lastmod: post.publishDate })),
      ...tagSitemapEntries(list),
    ]
  }
}

/** No state yet, or unreadable: null, and every page is rendered again. */
export async function readPagesState(file: string): Promise<PagesState | null> {
  return (await readJsonFile(file)) as PagesState | null
}

function stamp(renderId: string, data: unknown): string {
  return createHash('sha1').update(renderId).update(JSON.stringify(data)).digest('base64url')
}

/** `stamp` of a version and a text, which need no JSON to tell them apart (a version has no line break): what 10,000 post pages are stamped with at every start. */
function stampText(renderId: string, version: string, text: string): string {
  // One update: each is a call into C++ that costs more than the hashing of a short text.
  return createHash('sha1').update(`${renderId}\n${version}\n${text}`).digest('base64url')
}
