/**
 * The referral link of a /referral URL (its `link` query parameter), or null when there is
 * none to offer: missing, empty, or not an absolute http(s) URL (`javascript:`, `data:` and
 * anything else count as no link).
 */
export function referralLinkFrom(pageUrl: string): string | null {
  let raw: string | undefined
  try {
    raw = new URL(pageUrl, 'http://localhost').searchParams.get('link')?.trim()
  } catch {
    return null
  }
  if (!raw) return null
  try {
    const { protocol } = new URL(raw)
    return protocol === 'http:' || protocol === 'https:' ? raw : null
  } catch {
    return null
  }
}

/** SPEC §4 and §9: the copy button shows a checkmark this long after a successful copy. */
export const COPIED_MS = 2000

/** Marks the template that keeps the no-link card in the server's markup, for the page's script to show (./show-no-link.ts). */
export const NO_LINK_TEMPLATE_ATTRIBUTE = 'data-referral-no-link'
