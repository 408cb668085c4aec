import { randomInt } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { renderPage } from 'vike/server'
import type { Config } from '../config.ts'
import type { PublishedPosts } from '../content/post.ts'
import type { Logger } from '../lib/logger.ts'
import { type LeanPostPages, prepareLeanPostPages } from './lean-post-page.ts'
import type { RenderedPage, RenderSettings } from './rendered-page.ts'

export type { RenderedPage, RenderSettings } from './rendered-page.ts'

/** `posts`: render with these instead of the site's (a preview's one post over the rest). */
export type RenderUrl = (url: string, options?: { posts?: PublishedPosts }) => Promise<RenderedPage | null>

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
export function createPageRenderer(options: { posts: PublishedPosts; settings: RenderSettings; lean?: LeanPostPages | null }): RenderUrl {
  return async (url, only) => {
    const posts = only?.posts ?? options.posts
    const notFoundLine = randomInt(1_000_000)
    return options.lean?.render(url, posts, options.settings, notFoundLine) ?? renderWithVike(url, posts, options.settings, notFoundLine)
  }
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

/** vike alone, with a given notFoundLine (tests compare the lean path against it). */
export async function renderWithVike(url: string, posts: PublishedPosts, settings: RenderSettings, notFoundLine: number): Promise<RenderedPage | null> {
  const pageContext = await renderPage({ urlOriginal: url, blog: posts, ...settings, notFoundLine })
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
 */
export async function loadServerBuild(distDir: string): Promise<void> {
  await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)
}
