/**
 * Where each part of the public site goes in a static export (pure, no I/O): said once for the
 * writer (write-export.ts) and the host configurations that serve it (nginx-config.ts,
 * static-host-files.ts).
 *
 * Pages are `<path>.html` (`/blog` → `blog.html`, `/blog/x` → `blog/x.html`, `/` → `index.html`),
 * not vike's `<path>/index.html`: Cloudflare Pages and Netlify serve `x.html` at `/x` without a
 * trailing slash (the site's canonical URLs), where a folder's `index.html` gets a redirect to
 * `/x/`. The API's files carry `.json` for the same reason: `/api/blog/posts` and
 * `/api/blog/posts/<slug>` cannot both be files without it.
 */
import type { VariantFormat } from '../media/variant-format.ts'
import { isDocumentPath } from '../pages/page-files.ts'

/** The generic 404 page (nginx's error_page; Netlify and Cloudflare Pages find it by this name). */
export const NOT_FOUND_FILE = '404.html'
/** "Post Not Found", the 404 of `/blog/<anything>`: Cloudflare Pages serves the nearest 404.html by itself. */
export const POST_NOT_FOUND_FILE = 'blog/404.html'
/** The generic 404 again under `/blog/tag/`, where the nearest 404.html would be Post Not Found. */
export const TAG_NOT_FOUND_FILE = 'blog/tag/404.html'
/** The URLs these are rendered from (a 404 page's only trace of its URL is its og:url). */
export const NOT_FOUND_URL = '/404'
export const POST_NOT_FOUND_URL = '/blog/404'
export const TAG_NOT_FOUND_URL = '/blog/tag/404'

/** `GET /api/blog/posts` and `GET /api/blog/posts/{slug}`. */
export const API_LIST_FILE = 'api/blog/posts.json'
export const apiPostFile = (slug: string): string => `api/blog/posts/${slug}.json`

/** Says the folder is an export of this site (and may be replaced by the next one). Never served. */
export const EXPORT_MARKER = '.watchio-export.json'
/** The static hosts' configuration files, in the export's top folder. Never served as files. */
export const HOST_FILES = ['nginx.conf', '_headers', '_redirects'] as const

/** The export file of a page or site document at `urlPath` (a path PublicPages renders). */
export function pageFileOf(urlPath: string): string {
  if (urlPath === '/') return 'index.html'
  // sitemap.xml, robots.txt, the feeds: already file names.
  if (isDocumentPath(urlPath)) return urlPath.slice(1)
  return `${urlPath.slice(1)}.html`
}

/**
 * What vike's client routing fetches before it shows a page (`/blog/index.pageContext.json`; the
 * settings the server passes to every page): one per page, as the server renders it. Where there is
 * none (a post that does not exist), the host's 404 (HTML) makes vike load the page in full, which
 * then shows its 404 page: vike's own rule for static hosts.
 */
export const PAGE_CONTEXT_SUFFIX = '/index.pageContext.json'
export const pageContextUrlOf = (urlPath: string): string => (urlPath === '/' ? '' : urlPath) + PAGE_CONTEXT_SUFFIX

/**
 * The formats negotiated by `Accept` (serve-media.ts) are siblings of the original-format variant:
 * `media/w640/2025/x-…-4000x3000.jpg` and `….jpg.avif`, `….jpg.webp`. A server that negotiates
 * (nginx.conf) adds the suffix; a host that cannot serves the original's format.
 */
export const NEGOTIATED_FORMATS = ['avif', 'webp'] as const satisfies readonly VariantFormat[]
export const negotiatedSibling = (variantFile: string, format: (typeof NEGOTIATED_FORMATS)[number]): string => `${variantFile}.${format}`
