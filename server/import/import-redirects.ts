import { postUrl, slugOfPostUrl } from '../../core/post-urls.ts'
import { addRedirect, redirectFrom, RedirectRuleError } from '../content/redirect-rules.ts'
import { type Redirect, type RedirectsDocument } from '../content/redirects-file.ts'
import { pathKey, sitePathProblem } from '../../core/redirect-paths.ts'

/**
 * The imported posts' old addresses as redirects to their new pages (pure), through the rules
 * every redirect follows (redirect-rules.ts: chains collapse, loops are refused). An old address
 * that is a page of this site, a post's page, or no path this site can redirect is left out and
 * reported: pages win, so such a redirect would never apply.
 */

export interface RedirectsPlan {
  document: RedirectsDocument
  added: Redirect[]
  /** Already in the file, to the same page (an import run again). */
  kept: Redirect[]
  refused: { from: string; to: string; reason: string }[]
}

export interface RedirectsPlanDeps {
  /** Whether a path is one of the site's own pages (`/pricing`). */
  isPage: (path: string) => boolean
  /** Whether a slug is a post's, existing or imported. */
  isPost: (slug: string) => boolean
}

export function planRedirects(start: RedirectsDocument, wanted: { from: string; slug: string }[], deps: RedirectsPlanDeps): RedirectsPlan {
  const plan: RedirectsPlan = { document: start, added: [], kept: [], refused: [] }
  for (const { from, slug } of wanted) {
    const to = postUrl(slug)
    const refuse = (reason: string) => plan.refused.push({ from, to, reason })
    const problem = sitePathProblem(from)
    if (problem) {
      refuse(problem)
      continue
    }
    if (pathKey(from) === pathKey(to)) continue
    const postSlug = slugOfPostUrl(pathKey(from))
    if (postSlug !== null && deps.isPost(postSlug)) {
      refuse("it is a post's page")
      continue
    }
    if (deps.isPage(pathKey(from))) {
      refuse('it is a page of this site, which a redirect would never replace')
      continue
    }
    const existing = redirectFrom(plan.document, from)
    if (existing && pathKey(existing.to) === pathKey(to)) {
      plan.kept.push(existing)
      continue
    }
    try {
      plan.document = addRedirect(plan.document, { from, to })
      plan.added.push({ from, to })
    } catch (error) {
      if (!(error instanceof RedirectRuleError)) throw error
      refuse(error.message)
    }
  }
  return plan
}
