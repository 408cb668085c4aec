import { lazy, Suspense, useEffect, useState } from 'react'
import type {} from './components/toast.ts'

const Toaster = lazy(() => import('./components/Toaster.tsx').then((module) => ({ default: module.Toaster })))

/** Same value as TOAST_SHOWN_EVENT in components/toast.ts, which this file must not import. */
const TOAST_SHOWN_EVENT = 'watchio:toast'

/**
 * Mounts the toast UI (Radix Toast) the first time a page shows a toast, and keeps it from
 * then on. Pages that never toast (most of the public site) download neither the UI nor the
 * toast store: the host only listens for the event `toast()` sends, which keeps the landing
 * page inside its JavaScript budget. The store keeps the toast until the UI has loaded.
 */
export function ToastHost() {
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (mounted) return
    const mount = () => setMounted(true)
    if (window.watchioToastShown) return mount()
    window.addEventListener(TOAST_SHOWN_EVENT, mount, { once: true })
    return () => window.removeEventListener(TOAST_SHOWN_EVENT, mount)
  }, [mounted])
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
