import { followChains, type Redirect, redirectProblem, type RedirectsDocument, redirectsOf, withoutRedirect, withRedirect, withTargetMoved } from './redirects-file.ts'
import { pathKey } from '../../core/redirect-paths.ts'

/**
 * The rules of the redirects table, pure: a new redirect and a moved page keep it without chains
 * (every source goes straight to its final path) and without loops.
 */

/** A rule the table refuses: the API answers 409 with `reason`. */
export class RedirectRuleError extends Error {
  readonly kind: 'conflict' | 'invalid'
  constructor(kind: 'conflict' | 'invalid', reason: string) {
    super(reason)
    this.kind = kind
    this.name = 'RedirectRuleError'
  }
}

/** The redirect from `path` (a trailing slash aside), or undefined. */
export function redirectFrom(document: RedirectsDocument, path: string): Redirect | undefined {
  const key = pathKey(path)
  return redirectsOf(document).find((redirect) => pathKey(redirect.from) === key)
}

/**
 * `redirect` added: its target followed to its end (A→B with B→C stores A→C), the redirects to
 * its source sent on to that end too (X→A becomes X→C). Refused when its source is redirected
 * already, or when it would come back to its source (a loop).
 */
export function addRedirect(document: RedirectsDocument, redirect: Redirect): RedirectsDocument {
  const problem = redirectProblem(redirect)
  if (problem) throw new RedirectRuleError('invalid', problem)
  const existing = redirectFrom(document, redirect.from)
  if (existing) throw new RedirectRuleError('conflict', `${existing.from} already redirects to ${existing.to}: remove that redirect first`)
  // The source redirects nowhere yet, so a loop can only end the chain there; followed once, in linear time.
  const to = followChains(redirectsOf(document)).table.get(pathKey(redirect.to)) ?? redirect.to
  if (pathKey(to) === pathKey(redirect.from)) throw new RedirectRuleError('conflict', `${redirect.from} → ${redirect.to} would make a loop (${redirect.to} leads back to ${redirect.from})`)
  return withRedirect(withTargetMoved(document, redirect.from, to), { from: redirect.from, to })
}

/**
 * A page moved from `oldPath` to `newPath` (a post's slug changed): `oldPath` now redirects to
 * `newPath`, and so does every redirect that went to `oldPath`. A redirect from `newPath` is
 * removed: moving a page back where it was (A→B, then back to A) leaves no redirect from A,
 * rather than a loop. The caller has checked that `newPath` redirects only to `oldPath`.
 */
export function movePage(document: RedirectsDocument, oldPath: string, newPath: string): RedirectsDocument {
  const freed = withoutRedirect(withoutRedirect(document, newPath), oldPath)
  return withRedirect(withTargetMoved(freed, oldPath, newPath), { from: oldPath, to: newPath })
}

/**
 * Why a page may not take `path` (a new post, a rename to it), or null: a path that redirects
 * elsewhere stays so until that redirect is removed; only the page it redirects to may move back
 * there (`movingFrom`: the path of the page being moved).
 */
export function pathTakenProblem(document: RedirectsDocument, path: string, movingFrom: string | null): string | null {
  const redirect = redirectFrom(document, path)
  if (!redirect) return null
  if (movingFrom !== null && pathKey(redirect.to) === pathKey(movingFrom)) return null
  return `${path} redirects to ${redirect.to}: remove that redirect first (Redirects in the admin), then use this path`
}
