import { randomInt } from 'node:crypto'
import { renderPage } from 'vike/server'
import type { RedirectTargets } from '../config.ts'
import type { PublishedPosts } from '../content/post.ts'

export interface RenderedPage {
  status: number
  html: string
  contentType: string
  /** Headers vike asks for (e.g. a redirect's Location). */
  headers: [string, string][]
}

export type RenderUrl = (url: string) => Promise<RenderedPage | null>

/**
 * Renders a URL with vike (in production from `dist/server`, in development through Vite)
 * with the published posts and the site's origin in the page context. Null when vike has
 * nothing to say (a static file URL, for example).
 */
export interface RenderSettings {
  siteUrl: string
  redirectTargets: RedirectTargets
}

export function createPageRenderer(options: { posts: PublishedPosts; settings: RenderSettings }): RenderUrl {
  return async (url) => {
    const pageContext = await renderPage({
      urlOriginal: url,
      blog: options.posts,
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
