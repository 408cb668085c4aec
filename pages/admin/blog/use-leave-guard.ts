import { useEffect } from 'react'

export const LEAVE_QUESTION = 'You have unsaved changes. Leave without saving them?'

/**
 * While `active`, leaving the page asks first: closing or reloading the tab (the browser's own
 * dialog) and following a link to another page of the site (a confirm, before vike's client
 * router sees the click).
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]')
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
      if ((link as HTMLAnchorElement).target === '_blank') return
      if (!window.confirm(LEAVE_QUESTION)) {
        event.preventDefault()
        event.stopImmediatePropagation()
      }
    }
    window.addEventListener('beforeunload', beforeUnload)
    document.addEventListener('click', click, true)
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      document.removeEventListener('click', click, true)
    }
  }, [active])
}
