import { useEffect } from 'react'

/**
 * Closing or reloading the tab asks first (the browser's own dialog) while `shouldAsk()` is
 * true. The editor keeps unsaved work in the browser, so it asks only in the moment before the
 * latest typing is kept; links inside the site, Cancel and close never ask.
 */
export function useUnloadPrompt(shouldAsk: () => boolean): void {
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldAsk()) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', beforeUnload)
    return () => window.removeEventListener('beforeunload', beforeUnload)
  }, [shouldAsk])
}
