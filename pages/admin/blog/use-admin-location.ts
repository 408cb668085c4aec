import { useEffect, useState } from 'react'
import { type AdminLocation, formatAdminSearch, parseAdminSearch } from './admin-url.ts'

/**
 * The admin's screen kept in its address (admin-url.ts), so a reload, Back and Forward and a
 * bookmark come back to the same list and editor. `go` changes both: `push` makes a history
 * entry (opening or closing the editor, another filter or page), `replace` does not (each key
 * typed in the search). vike leaves entries the page pushes itself to the page (no render).
 */
export function useAdminLocation() {
  const [location, setLocation] = useState<AdminLocation>(() => parseAdminSearch(window.location.search))

  useEffect(() => {
    const onPopState = () => setLocation(parseAdminSearch(window.location.search))
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [])

  const go = (next: AdminLocation, how: 'push' | 'replace') => {
    setLocation(next)
    const url = window.location.pathname + formatAdminSearch(next)
    if (url === window.location.pathname + window.location.search) return
    if (how === 'push') window.history.pushState({}, '', url)
    else window.history.replaceState(window.history.state, '', url)
  }

  return { location, go }
}
