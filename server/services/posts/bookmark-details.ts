import { FIGURE_CLASSES } from '../../../core/post-html-rules.ts'
import { type CardDetails, fillBookmarks, untitledBookmarkLinks } from '../../content/bookmark-cards.ts'
import { checkContentShape } from '../../content/post-rules.ts'
import { cleanPostHtml } from '../../content/sanitize-html.ts'
import type { LinkDetails } from '../../link-details/link-details.ts'

export interface BookmarkDetailsDeps {
  /** The pages' details (server/link-details/), cached per address. */
  links: Pick<LinkDetails, 'details'>
  /** The most a save waits for the pages, all of them together (default SAVE_BUDGET_MS). */
  budgetMs?: number
}

/** A save waits at most this long for its bookmarks' pages: a little more than one page's own timeout (FETCH_TIMEOUT_MS). */
export const SAVE_BUDGET_MS = 5000
/** Pages fetched for one save, at once: a post of a hundred cards fills its first 10 each save. */
export const MAX_PAGES_PER_SAVE = 10

/**
 * What a save (and a preview) does to a post's bookmark cards before its rules run: a card the
 * writer left without a title gets the linked page's title, and its description and image where
 * the writer left them out (core's bookmark rules, content/bookmark-cards.ts). The pages are
 * fetched all at once, and the save waits for them no longer than its budget: a page that is
 * down, slow or refused leaves its card as written. `fill` never throws and never refuses: the
 * content it answers is sanitized and checked by the save as any other.
 */
export class BookmarkDetails {
  readonly #deps: BookmarkDetailsDeps

  constructor(deps: BookmarkDetailsDeps) {
    this.#deps = deps
  }

  /** `body` (a save's or a preview's request) with its `content` filled; anything else as it is. */
  async fillBody(body: unknown): Promise<unknown> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
    const content = (body as Record<string, unknown>).content
    if (typeof content !== 'string') return body
    const filled = await this.fill(content)
    return filled === content ? body : { ...body, content: filled }
  }

  /**
   * `content` with its untitled cards filled; as it is when none is, or when nothing could be
   * fetched. The cards are found and filled in the sanitized post, so that they are the ones the
   * save keeps, in the form it keeps them; what is filled is not sanitized again here: the save
   * (and the preview) sanitizes its content whatever it is.
   */
  async fill(content: string): Promise<string> {
    // The cheap answer for most posts; and content the save will refuse is not parsed here.
    if (!content.includes(FIGURE_CLASSES.bookmark) || checkContentShape(content) !== null) return content
    try {
      const clean = cleanPostHtml(content)
      const links = untitledBookmarkLinks(clean).slice(0, MAX_PAGES_PER_SAVE)
      if (links.length === 0) return content
      const found = new Map<string, CardDetails>()
      const fetches = links.map(async (href) => {
        const details = await this.#deps.links.details(href)
        if (details) found.set(href, details)
      })
      await withinBudget(Promise.all(fetches), this.#deps.budgetMs ?? SAVE_BUDGET_MS)
      if (found.size === 0) return content
      const filled = fillBookmarks(clean, (href) => found.get(href))
      // A post near its length limit that the details would push past it is saved as written, not refused.
      return checkContentShape(filled) === null ? filled : content
    } catch {
      return content
    }
  }
}

/** Waits for `work`, or `ms` at most: whatever has arrived by then is used, the rest lands in the cache for the next save. */
async function withinBudget(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms)
  })
  try {
    await Promise.race([work, budget])
  } finally {
    clearTimeout(timer)
  }
}
