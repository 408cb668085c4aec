import * as ToastPrimitive from '@radix-ui/react-toast'
import { useSyncExternalStore } from 'react'
import {
  TOAST_DURATION,
  TOAST_SWIPE_THRESHOLD,
  dismissToast,
  getServerToasts,
  getToasts,
  subscribeToToasts,
} from './toast.ts'
import './toast.css'

const subscribeNothing = () => () => {}

/**
 * Where the toasts of `toast()` appear: mounted once for the site (renderer/ToastHost.tsx loads
 * it with the first toast). F8 moves focus to
 * the toast region (Radix's default hotkey); a toast closes after 5 s, on Escape, with its
 * close button or by swiping it right past 50 px (SPEC §9).
 *
 * Rendered in the browser only: Radix puts style attributes on the viewport, which the
 * Content-Security-Policy (`style-src 'self'`) refuses in server HTML. After hydration
 * React sets them through the CSSOM, which the policy allows.
 */
export function Toaster() {
  const inBrowser = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  )
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getServerToasts)
  if (!inBrowser) return null

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((record) => (
        <ToastPrimitive.Root
          key={record.id}
          open={record.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(record.id)
          }}
          duration={record.duration}
          className={record.variant === 'destructive' ? 'toast toast--destructive' : 'toast'}
          data-variant={record.variant ?? 'default'}
        >
          <div className="toast__text">
            {record.title && <ToastPrimitive.Title className="toast__title">{record.title}</ToastPrimitive.Title>}
            {record.description && (
              <ToastPrimitive.Description className="toast__description">{record.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close className="toast__close" aria-label="Close notification">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="toast-viewport" />
    </ToastPrimitive.Provider>
  )
}
