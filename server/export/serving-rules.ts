/**
 * How the running server answers each kind of URL (headers, caching, types, 404s), gathered from
 * the very constants and functions it answers with, so a static export's nginx.conf, _headers and
 * _redirects (nginx-config.ts, static-host-files.ts) can never drift from it: one source of truth.
 */
import { AV_FORMATS } from '../../core/av-media.ts'
import { FEED_CONTENT_TYPES, FEED_PATHS } from '../pages/feeds.ts'
import { FILE_TYPES } from '../http/file-cache.ts'
import { tagFeedPath } from '../../core/tag-feeds.ts'
import { MIN_COMPRESS_BYTES, PreparedBody } from '../http/prepared-body.ts'
import { PUBLIC_API, PUBLIC_API_CACHE } from '../http/public-api.ts'
import { HSTS, securityHeadersOf } from '../http/security-headers.ts'
import { SEARCH_BYTES_TYPE, SEARCH_FILE_TYPES, SEARCH_PREFIX, searchCacheControl } from '../http/serve-search.ts'
import { cacheControlFor, RENDERED_PAGE_CACHE, TRAILING_SLASH_PAGE } from '../http/serve-files.ts'
import { MEDIA_CACHE, MEDIA_POLICY } from '../http/serve-media.ts'
import { CONTENT_TYPES } from '../media/variant-format.ts'

export interface ServingRules {
  /** On every answer, 404s included (security-headers.ts). */
  security: Record<string, string>
  /** Over HTTPS only. */
  hsts: string
  /** Content types by extension (no dot). */
  types: Record<string, string>
  /** Prerendered pages. */
  page: { type: string; cache: string }
  /** What vike's client routing fetches for a page (`…/index.pageContext.json`). */
  pageContext: { type: string; cache: string }
  /** A page the server renders at request time: the 404 pages. */
  renderedPage: { cache: string }
  /** `/assets/`: hashed names. */
  assets: { prefix: string; cache: string }
  /** The build's other files and the site documents that are no feed (sitemap.xml, robots.txt). */
  publicFile: { cache: string }
  feeds: { path: string; type: string; cache: string }[]
  /** Each tag's feeds (`/blog/tag/<slug>/rss.xml`…): by file name, one rule for every tag. */
  tagFeeds: { file: string; type: string; cache: string }[]
  media: { prefix: string; cache: string; policy: string; types: Record<string, string> }
  /**
   * `/pagefind/`: the search index's files (serve-search.ts), with the policy that lets Pagefind's
   * worker run its WebAssembly; the index's hashed parts (`hashed`, a pattern of their paths) kept long.
   */
  search: { prefix: string; policy: string; types: Record<string, string>; defaultType: string; cache: string; hashed: string; hashedCache: string }
  api: { list: string; postPrefix: string; type: string; cache: string; postNotFound: string }
  /** The 404 of `/api/…` and `/media/…`: plain text, as the server's. */
  plainNotFound: { type: string; body: string }
  /** `/blog/` → 301 `/blog`. */
  trailingSlash: RegExp
  compression: { minBytes: number; types: string[] }
}

const HTML = FILE_TYPES['.html']!
const JSON_TYPE = FILE_TYPES['.json']!

export function servingRules(): ServingRules {
  const types: Record<string, string> = {}
  for (const [extension, type] of Object.entries(FILE_TYPES)) types[extension.slice(1)] = type
  const feeds = FEED_PATHS.map((path) => ({ path, type: FEED_CONTENT_TYPES[path], cache: cacheControlFor(path, FEED_CONTENT_TYPES[path]) }))
  const tagFeeds = feeds.map((feed) => ({ file: feed.path.slice('/blog/'.length), type: feed.type, cache: cacheControlFor(tagFeedPath('x', feed.path), feed.type) }))
  const mediaTypes: Record<string, string> = {}
  for (const [extension, type] of Object.entries(CONTENT_TYPES)) if (extension !== 'jpeg') mediaTypes[extension] = type
  for (const [extension, format] of Object.entries(AV_FORMATS)) mediaTypes[extension] = format.type
  // What the server compresses (PreparedBody.compressible), asked of the class itself.
  const compressible = [...Object.values(FILE_TYPES), ...feeds.map((feed) => feed.type)].filter(
    (type) => new PreparedBody(Buffer.alloc(MIN_COMPRESS_BYTES), type).compressible,
  )
  return {
    security: securityHeadersOf('production'),
    hsts: HSTS,
    types,
    page: { type: HTML, cache: cacheControlFor('/blog', HTML) },
    // The server renders these at each request (no file holds them): the rendered pages' caching.
    pageContext: { type: JSON_TYPE, cache: RENDERED_PAGE_CACHE },
    renderedPage: { cache: RENDERED_PAGE_CACHE },
    assets: { prefix: '/assets/', cache: cacheControlFor('/assets/x.js', FILE_TYPES['.js']!) },
    publicFile: { cache: cacheControlFor('/favicon.svg', FILE_TYPES['.svg']!) },
    feeds,
    tagFeeds,
    media: { prefix: '/media/', cache: MEDIA_CACHE, policy: MEDIA_POLICY, types: mediaTypes },
    search: {
      prefix: SEARCH_PREFIX,
      policy: securityHeadersOf('production', [], true)['Content-Security-Policy']!,
      types: Object.fromEntries(Object.entries(SEARCH_FILE_TYPES).map(([extension, type]) => [extension.slice(1), type])),
      defaultType: SEARCH_BYTES_TYPE,
      cache: searchCacheControl('pagefind.js'),
      hashed: `^${SEARCH_PREFIX}(fragment|index)/|\\.pf_meta$`,
      hashedCache: searchCacheControl('fragment/x.pf_fragment'),
    },
    api: { list: PUBLIC_API.list, postPrefix: PUBLIC_API.postPrefix, type: JSON_TYPE, cache: PUBLIC_API_CACHE, postNotFound: PUBLIC_API.postNotFound },
    plainNotFound: { type: FILE_TYPES['.txt']!, body: 'Not Found' },
    trailingSlash: TRAILING_SLASH_PAGE,
    compression: { minBytes: MIN_COMPRESS_BYTES, types: [...new Set(compressible.map((type) => type.split(';')[0]!.trim()))] },
  }
}
