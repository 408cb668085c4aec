import type { PageContext } from 'vike/types'
import type { RedirectTargets } from '../../core/redirect-targets.ts'
import type { Seo } from '../../renderer/seo.ts'

/**
 * Head tags of a redirect page: out of search results, and a meta refresh to the target so
 * the redirect works without JavaScript too (RedirectPage does it with a script).
 */
export function redirectSeo(
  pageContext: PageContext,
  options: { target: keyof RedirectTargets; title: string; description: string; refreshSeconds: number },
): Seo {
  return {
    title: options.title,
    description: options.description,
    noindex: true,
    refresh: { url: pageContext.redirectTargets[options.target], seconds: options.refreshSeconds },
  }
}

/** How long the three "Redirecting to ..." pages show their message before the scripted redirect. */
export const MESSAGE_DELAY_MS = 1500
/**
 * The meta refresh goes at once: a delayed meta refresh fails WCAG 2.2.1 (axe rule
 * `meta-refresh`, critical), an immediate one does not. Chromium also replaces the history
 * entry for a refresh of 1 s or less (measured), so Back from the target skips the redirect
 * page instead of bouncing back to the target.
 */
export const MESSAGE_REFRESH_SECONDS = 0
