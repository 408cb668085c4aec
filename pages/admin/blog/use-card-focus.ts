import { type RefObject, useEffect, useState } from 'react'

/** Where focus goes when the editor closes: a post's card (its id), or New Post (`'new'`). */
export interface FocusRequest {
  id: string
  /** When it was asked for: the same post closed twice is asked twice. */
  at: number
}

/** How long a card stays marked after the editor closed on it. */
export const MARK_MS = 2000

/**
 * Back from the editor, focus goes to the card it was opened from, or to the post just saved
 * (its Edit button: the next Enter opens it again), scrolled into view and marked for a
 * moment; to New Post after a new post was left unsaved; to the list's heading when that
 * post is not on the page shown (another page, or a filter leaves it out). Waits until
 * the list shown is the one fetched after the save. Returns the card marked now.
 */
export function useCardFocus(options: {
  list: RefObject<HTMLElement | null>
  request: FocusRequest | null
  /** The list on screen is up to date (not loading, not waiting for a search or a refetch). */
  ready: boolean
  onFocused: () => void
}): string | null {
  const { list, request, ready, onFocused } = options
  const [marked, setMarked] = useState<string | null>(null)

  useEffect(() => {
    if (!request || !ready || !list.current) return
    onFocused()
    const root = list.current
    const card = root.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(request.id)}"]`)
    const target =
      request.id === 'new'
        ? root.querySelector<HTMLElement>('.admin-new-post')
        : (card?.querySelector<HTMLElement>('.admin-post__edit') ?? root.querySelector<HTMLElement>('h2'))
    target?.focus({ preventScroll: true })
    ;(card ?? target)?.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior })
    if (card) setMarked(request.id)
  }, [request, ready, list, onFocused])

  useEffect(() => {
    if (marked === null) return
    const timer = window.setTimeout(() => setMarked(null), MARK_MS)
    return () => window.clearTimeout(timer)
  }, [marked])

  return marked
}
