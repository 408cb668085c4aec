import { randomInt } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { renderPage } from 'vike/server'
import type { Config } from '../config.ts'
import type { PublishedPosts } from '../content/post.ts'

export interface RenderedPage {
  status: number
  html: string
  contentType: string
  /** Headers vike asks for (e.g. a redirect's Location). */
  headers: [string, string][]
}

/** `posts`: render with these instead of the site's (a preview's one post over the rest). */
export type RenderUrl = (url: string, options?: { posts?: PublishedPosts }) => Promise<RenderedPage | null>

/**
 * Renders a URL with vike (in production from `dist/server`, in development through Vite)
 * with the published posts and the site's origin in the page context. Null when vike has
 * nothing to say (a static file URL, for example).
 */
export interface RenderSettings {
  siteUrl: string
  redirectTargets: Config['redirectTargets']
}

/** The settings that pages embed: a page rendered with other ones is another page. */
export function renderSettingsOf(config: Pick<Config, 'siteUrl' | 'redirectTargets'>): RenderSettings {
  return { siteUrl: config.siteUrl, redirectTargets: config.redirectTargets }
}

export function createPageRenderer(options: { posts: PublishedPosts; settings: RenderSettings }): RenderUrl {
  return async (url, only) => {
    const pageContext = await renderPage({
      urlOriginal: url,
      blog: only?.posts ?? options.posts,
      ...options.settings,
      notFoundLine: randomInt(1_000_000),
    })
    const response = pageContext.httpResponse
    if (!response) return null
    return {
      status: response.statusCode,
      html: await response.getBody(),
      contentType: header(response.headers, 'content-type') ?? 'text/html; charset=utf-8',
      headers: response.headers.filter(([name]) => name.toLowerCase() !== 'content-type'),
    }
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
