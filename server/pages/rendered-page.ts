import type { Config } from '../config.ts'

/** What rendering a URL gives: the types the renderers (render-page.ts, lean-post-page.ts) share. */
export interface RenderedPage {
  status: number
  html: string
  contentType: string
  /** Headers vike asks for (e.g. a redirect's Location). */
  headers: [string, string][]
}

export interface RenderSettings {
  siteUrl: string
  redirectTargets: Config['redirectTargets']
}
