import { randomInt } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { renderPage } from 'vike/server'
import type { Config } from '../config.ts'
import type { PublishedPosts } from '../../core/post.ts'
import { SITE_DEFAULTS } from '../content/site-defaults/index.ts'
import type { SiteContent } from '../../core/site-content/index.ts'
import type { Logger } from '../lib/logger.ts'
import { type LeanPostPages, prepareLeanPostPages } from './lean-post-page.ts'
import type { RenderedPage, RenderSettings } from './rendered-page.ts'
import { turnOffVikeAsyncContext } from './vike-async-context.ts'

export type { RenderedPage, RenderSettings } from './rendered-page.ts'

/**
 * `posts`: render with these instead of the site's (a preview's one post over the rest).
 * `lineInBrowser`: a 404 page that leaves its not-found line to the browser (a static export's,
 * which is one file for every visit).
 * `site`: render with this copy instead of the site's (a preview of unsaved values).
 */
export type RenderUrl = (url: string, options?: { posts?: PublishedPosts; lineInBrowser?: boolean; site?: SiteContent }) => Promise<RenderedPage | null>

/** The settings that pages embed: a page rendered with other ones is another page. */
export function renderSettingsOf(config: Pick<Config, 'siteUrl' | 'redirectTargets'>): RenderSettings {
  return { siteUrl: config.siteUrl, redirectTargets: config.redirectTargets }
}

/**
 * Renders a URL with the published posts and the site's origin in the page context: a post
 * page through the lean path when there is one, anything else with vike (in production from
 * `dist/server`, in development through Vite). Null when vike has nothing to say (a static
 * file URL, for example).
 */
export function createPageRenderer(options: {
  posts: PublishedPosts
  settings: RenderSettings
  lean?: LeanPostPages | null
  /** The site's copy in force (content/site-source.ts); today's built-in copy without. */
  site?: () => SiteContent
}): RenderUrl {
  return async (url, only) => {
    const posts = only?.posts ?? options.posts
    const site = only?.site ?? options.site?.() ?? SITE_DEFAULTS
    const lean = options.lean?.render(url, posts, options.settings, notFoundLineOf(url), site)
    return lean ?? renderWithVike(url, posts, options.settings, only?.lineInBrowser ? null : randomInt(1_000_000), site)
  }
}

/**
 * The 404 line (notFoundLine) a post page carries: vike passes it to the browser with every
 * page, though only a 404 page shows it. Picked from the URL rather than at random, so that a
 * post page rendered again from the same post has the same bytes: a build over its own dist/
 * then finds the pages of unchanged posts as they were and writes none of them
 * (pages/page-files.ts). A page vike renders, a 404 among them, still picks its line at random
 * (SPEC: one randomly chosen line).
 */
export function notFoundLineOf(url: string): number {
  // FNV-1a, 32 bits.
  let hash = 0x811c9dc5
  for (let i = 0; i < url.length; i++) hash = Math.imul(hash ^ url.charCodeAt(i), 0x01000193) >>> 0
  return hash % 1_000_000
}

/**
 * The post pages' lean path (lean-post-page.ts), checked against vike; null, with a warning,
 * when it cannot be used (every page then goes through vike).
 */
export async function prepareLeanRendering(distDir: string, settings: RenderSettings, logger: Logger): Promise<LeanPostPages | null> {
  const prepared = await prepareLeanPostPages(distDir, settings, (url, posts, notFoundLine) => renderWithVike(url, posts, settings, notFoundLine))
  if (prepared.pages === null) logger.info(`Post pages are rendered by vike at its own pace: the lean path is off (${prepared.reason})`)
  return prepared.pages
}

/**
 * vike alone, with a given notFoundLine (tests compare the lean path against it). `site`: every
 * page's copy for the pages' data hooks (server only), and what every page shows (nav bar,
 * footer) for the browser too.
 */
export async function renderWithVike(url: string, posts: PublishedPosts, settings: RenderSettings, notFoundLine: number | null, site: SiteContent = SITE_DEFAULTS): Promise<RenderedPage | null> {
  const pageContext = await renderPage({ urlOriginal: url, blog: posts, site, siteShared: site.shared, ...settings, notFoundLine })
  const response = pageContext.httpResponse
  if (!response) return null
  return {
    status: response.statusCode,
    html: await response.getBody(),
    contentType: header(response.headers, 'content-type') ?? 'text/html; charset=utf-8',
    headers: response.headers.filter(([name]) => name.toLowerCase() !== 'content-type'),
  }
}

function header(headers: [string, string][], name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1]
}

/**
 * Production: load this dist/'s server entry explicitly. vike would otherwise find it
 * through an auto-importer file inside node_modules, which the most recent build of *any*
 * copy of the project sharing those node_modules rewrites (a benchmark's temp project).
 * Then vike's request context is turned off (vike-async-context.ts says why): false when it
 * could not be.
 */
export async function loadServerBuild(distDir: string): Promise<boolean> {
  await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)
  return turnOffVikeAsyncContext()
}
