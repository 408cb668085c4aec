import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PublishedPosts, PublicPost } from '../../core/post.ts'
import { SITE_DEFAULTS } from '../content/site-defaults/index.ts'
import type { SiteContent } from '../../core/site-content/index.ts'
import type { RenderedPage, RenderSettings } from './rendered-page.ts'
import { postUrl, slugOfPostUrl } from '../../core/post-urls.ts'

/**
 * The post pages (`/blog/<slug>`: all but a dozen of a site's pages) rendered without vike's
 * per-request machinery, through the very hooks and components of the server build.
 *
 * Why: vike's renderPage() costs about 3.4 ms a post page on this machine (profiled:
 * URL parsing, routing across every route, page-context objects copied property by property,
 * asset lists and HTML tag injection computed again for each page), of which React's render is
 * 0.3 ms. For a static page all of that is the same every time but the data. So this does what
 * vike does for that one route: run the page's `data()` hook, call `onRenderHtml()` with the
 * page's own `Page` and `seo`, and add the route's asset tags, which it takes from a page vike
 * rendered (`prepare`). The page is HTML only (renderer/+config.ts): vike sends the browser no
 * page context for it, so there is none to serialize.
 *
 * It can never disagree with vike unnoticed: `prepare` renders one post both ways and keeps this
 * path only when the two are byte for byte the same; otherwise (a vike upgrade that changes its
 * output, another build layout) every page goes through vike, with a warning.
 */

/** The post of samplePosts() whose page both paths render. */
const SAMPLE_SLUG = 'lean-path-check'
/** vike's page id of the post route, and the server build's entry of that page. */
const POST_PAGE_ID = '/pages/blog/@slug'
const POST_PAGE_ENTRY = 'server/entries/pages_blog_-slug.mjs'
/** The hooks and settings of the post page, as the server build holds them. */
interface PostPageHooks {
  Page: unknown
  data: (pageContext: Record<string, unknown>) => unknown
  seo: unknown
  onRenderHtml: (pageContext: Record<string, unknown>) => unknown
}

/** What vike adds to the page's HTML, the same for every post. */
interface AssetTags {
  /** Right after `<head>` (the stylesheets). */
  head: string
  /** Right before `</body>` (the page's script). */
  tail: string
  contentType: string
  headers: [string, string][]
}

export interface LeanPostPages {
  /** The page of `url` when it is a post page of a published post; null: let vike render it (a 404, another page). */
  render(url: string, posts: PublishedPosts, settings: RenderSettings, notFoundLine: number, site?: SiteContent): RenderedPage | null
}

/** What `prepare` needs of vike: a render of a post page with these posts and this notFoundLine. */
export type VikeRender = (url: string, posts: PublishedPosts, notFoundLine: number) => Promise<RenderedPage | null>

/**
 * Loads the post page's hooks from the server build in `distDir` and checks this path against
 * vike on a made-up post. Null (and a reason) when it cannot be used.
 */
export async function prepareLeanPostPages(
  distDir: string,
  settings: RenderSettings,
  vikeRender: VikeRender,
): Promise<{ pages: LeanPostPages } | { pages: null; reason: string }> {
  const hooks = await loadPostPageHooks(distDir)
  if (!hooks) return { pages: null, reason: `${POST_PAGE_ENTRY} does not hold the post page's hooks` }
  const sample = samplePosts()
  const slug = SAMPLE_SLUG
  const byVike = await vikeRender(postUrl(slug), sample, 0)
  if (byVike?.status !== 200) return { pages: null, reason: `vike answered ${byVike?.status ?? 'nothing'} for a sample post` }
  const bare = renderBare(hooks, slug, sample, settings, 0, SITE_DEFAULTS)
  const assets = bare === null ? null : assetTagsOf(byVike, bare)
  if (!assets || bare === null) return { pages: null, reason: "vike's page does not have the expected layout" }
  const pages: LeanPostPages = {
    render(url, posts, pageSettings, notFoundLine, site = SITE_DEFAULTS) {
      const slugOf = slugOfPostUrl(url)
      if (!slugOf || !posts.get(slugOf)) return null
      const page = renderBare(hooks, slugOf, posts, pageSettings, notFoundLine, site)
      if (page === null) return null
      const html = page.before + assets.head + page.afterHead + assets.tail + page.end
      return { status: 200, html, contentType: assets.contentType, headers: assets.headers }
    },
  }
  const lean = pages.render(postUrl(slug), sample, settings, 0)
  if (lean?.html !== byVike.html) {
    const at = firstDifference(lean?.html ?? '', byVike.html)
    return { pages: null, reason: `it differs from vike's page at character ${at}: …${byVike.html.slice(at, at + 80)}…` }
  }
  return { pages }
}

async function loadPostPageHooks(distDir: string): Promise<PostPageHooks | null> {
  let entry: { configValuesSerialized?: Record<string, { valueSerialized?: unknown }> }
  try {
    entry = await import(pathToFileURL(path.join(distDir, POST_PAGE_ENTRY)).href)
  } catch {
    return null
  }
  const values = entry.configValuesSerialized ?? {}
  const exportOf = (name: string, exportName: string): unknown => {
    const serialized = values[name]?.valueSerialized as { type?: string; exportValues?: Record<string, unknown> } | undefined
    return serialized?.type === 'plus-file' ? serialized.exportValues?.[exportName] : undefined
  }
  const hooks = {
    Page: exportOf('Page', 'default'),
    data: exportOf('data', 'data'),
    seo: exportOf('seo', 'default'),
    onRenderHtml: exportOf('onRenderHtml', 'onRenderHtml'),
  }
  if (typeof hooks.Page !== 'function' || typeof hooks.data !== 'function' || typeof hooks.onRenderHtml !== 'function') return null
  return hooks as PostPageHooks
}

/** The page as onRenderHtml makes it, in the pieces between which vike's tags go. */
interface BarePage {
  before: string
  afterHead: string
  end: string
}

function renderBare(hooks: PostPageHooks, slug: string, posts: PublishedPosts, settings: RenderSettings, notFoundLine: number, site: SiteContent): BarePage | null {
  const urlPathname = postUrl(slug)
  const pageContext: Record<string, unknown> = {
    ...settings,
    blog: posts,
    site,
    siteShared: site.shared,
    notFoundLine,
    urlOriginal: urlPathname,
    urlPathname,
    pageId: POST_PAGE_ID,
    routeParams: { slug },
    Page: hooks.Page,
    config: { seo: hooks.seo },
    isClientSide: false,
  }
  pageContext.data = hooks.data(pageContext)
  const html = templateToString(hooks.onRenderHtml(pageContext))
  const headAt = html.indexOf('<head>') + '<head>'.length
  const bodyEnd = html.lastIndexOf('</body>')
  if (headAt < '<head>'.length || bodyEnd < headAt) return null
  return { before: html.slice(0, headAt), afterHead: html.slice(headAt, bodyEnd), end: html.slice(bodyEnd) }
}

/** vike's page, cut where this path's own pieces go: what is left are the route's asset tags. */
function assetTagsOf(byVike: RenderedPage, bare: BarePage): AssetTags | null {
  const html = byVike.html
  if (!html.startsWith(bare.before)) return null
  const headEnd = html.indexOf(bare.afterHead, bare.before.length)
  if (headEnd < 0 || !html.endsWith(bare.end)) return null
  return {
    head: html.slice(bare.before.length, headEnd),
    tail: html.slice(headEnd + bare.afterHead.length, html.length - bare.end.length),
    contentType: byVike.contentType,
    headers: byVike.headers,
  }
}

/** vike's escapeInject`…` result as a string, as vike makes it (renderHtml.js: renderTemplate). */
function templateToString(document: unknown): string {
  if (typeof document === 'string') return document
  const template = (document as { _template?: { templateStrings: readonly string[]; templateVariables: unknown[] } })._template
  if (!template) throw new Error('onRenderHtml() returned neither a string nor an escapeInject template')
  let html = template.templateStrings[0]!
  template.templateVariables.forEach((variable, i) => {
    if (variable !== null && typeof variable === 'object' && '_escaped' in variable) html += String(variable._escaped)
    else if (variable !== null && typeof variable === 'object' && '_template' in variable) html += templateToString(variable)
    else html += escapeHtml(String(variable ?? ''))
    html += template.templateStrings[i + 1]
  })
  return html
}

/**
 * vike's own (utils/escapeHtml.js), not core/escape-markup.ts's: the lean path is used only
 * while its pages are vike's byte for byte, and vike also escapes `'`, as `&#039;`.
 */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;')
}

/**
 * A made-up published post to compare the two paths on, whatever the site's content holds:
 * between two others, sharing a tag with one, with headings enough for a table of contents, so
 * that every part of the page is in the comparison.
 */
function samplePosts(): PublishedPosts {
  const post: PublicPost = {
    id: 'lean-path-check',
    slug: SAMPLE_SLUG,
    title: 'A <check> & “quotes”',
    summary: 'Summary with </script> and & in it',
    featuredImageUrl: '/media/2026/photo-0123456789-1600x900.jpg',
    featuredImageAlt: 'The <sea> & “sky”',
    publishDate: '2026-01-02',
    tags: ['News <b>', 'Apple TV'],
    content: [
      '<h2 id="heading">Heading<a href="#heading" class="heading-anchor" aria-label="Link to the section “Heading”"></a></h2>',
      '<p>Text with <a href="https://example.com/">a link</a> and <img src="/media/2026/x-0123456789-800x600.png" alt="x">.</p>',
      '<h3 id="x-script">&#x3C;/script> &#x26; more<a href="#x-script" class="heading-anchor" aria-label="Link to the section “&#x3C;/script> &#x26; more”"></a></h3>',
      '<h2 id="end">End<a href="#end" class="heading-anchor" aria-label="Link to the section “End”"></a></h2>',
    ].join('\n'),
  }
  const { content: _, ...summary } = post
  const newer = { ...summary, id: 'lean-path-newer', slug: 'lean-path-newer', title: 'Newer </a> & “one”', publishDate: '2026-01-03', tags: ['apple tv'] }
  const older = { ...summary, id: 'lean-path-older', slug: 'lean-path-older', title: "Older 'one'", publishDate: '2026-01-01', tags: ['Old'] }
  const list = [newer, summary, older]
  return { list: () => list, get: (slug) => (slug === post.slug ? post : undefined) }
}

function firstDifference(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}
