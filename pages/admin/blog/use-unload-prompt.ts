import { useEffect } from 'react'

/** How long a link to a public page waits for the typing to be kept before it goes anyway (and the tab asks). */
const KEEP_WAIT_MS = 2000

/**
 * Closing or reloading the tab asks first (the browser's own dialog) while `shouldAsk()` is
 * true. The editor keeps unsaved work in the browser, so it asks only in the moment before the
 * latest typing is kept; links inside the site, Cancel and close never ask.
 *
 * `keep`, if given, keeps the typing now. The public pages are HTML only (renderer/+config.ts),
 * so a link to one is a page load, not a move of the admin's client router: such a link first
 * keeps the typing, waits until it is kept, and then goes, without asking.
 */
export function useUnloadPrompt(shouldAsk: () => boolean, keep?: () => void): void {
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldAsk()) return
      event.preventDefault()
      event.returnValue = ''
    }
    const onClick = (event: MouseEvent) => {
      if (!keep || !shouldAsk()) return
      const url = publicPageOf(event)
      if (!url) return
      // Before vike's router, which would load the page at once.
      event.preventDefault()
      event.stopPropagation()
      keep()
      const started = Date.now()
      const go = () => (shouldAsk() && Date.now() - started < KEEP_WAIT_MS ? window.setTimeout(go, 25) : window.location.assign(url))
      go()
    }
    window.addEventListener('beforeunload', beforeUnload)
    window.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      window.removeEventListener('click', onClick, true)
    }
  }, [shouldAsk, keep])
}

/** The site's public page a plain left click on a link goes to, if that is what was clicked. */
function publicPageOf(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null
  const url = new URL(link.href)
  if (url.origin !== window.location.origin || url.pathname === '/admin' || url.pathname.startsWith('/admin/')) return null
  return url.href
}
