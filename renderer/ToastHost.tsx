import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { getToasts, subscribeToToasts } from './components/toast.ts'

const Toaster = lazy(() => import('./components/Toaster.tsx').then((module) => ({ default: module.Toaster })))

const hasToasts = () => getToasts().length > 0
const noToastsOnServer = () => false

/**
 * Mounts the toast UI (Radix Toast) the first time a page shows a toast, and keeps it from
 * then on. Pages that never toast (most of the public site) never download it, which keeps
 * the landing page inside its JavaScript budget.
 */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToToasts, hasToasts, noToastsOnServer)
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (wanted) setMounted(true)
  }, [wanted])
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
