/**
 * The site's toasts (SPEC §8, §9): a module-level store any page can call, shown by the one
 * <Toaster/> of the site (renderer/ToastHost.tsx mounts it with the first toast). At most one
 * toast at a time: a new one replaces the one on screen.
 *
 *   import { toast } from './toast.ts'
 *   toast({ title: 'Link copied!', description: 'Your referral link has been copied to clipboard' })
 *   toast({ title: 'Error', description: 'Please enter both username and password', variant: 'destructive' })
 */

export type ToastVariant = 'default' | 'destructive'

export interface ToastOptions {
  title?: string
  description?: string
  /** `destructive` for errors (SPEC §8). */
  variant?: ToastVariant
  /** How long it stays, in ms; TOAST_DURATION when not given. */
  duration?: number
}

export interface ToastRecord extends ToastOptions {
  id: string
  /** False once dismissed (timer, swipe, Escape, close button): Radix plays the exit, then unmounts it. */
  open: boolean
}

/** SPEC §9. */
export const TOAST_LIMIT = 1
export const TOAST_DURATION = 5000
export const TOAST_SWIPE_THRESHOLD = 50
/** A dismissed toast's record is dropped this long after it closed (SPEC §9, the library default it copies). */
export const TOAST_REMOVE_DELAY = 1_000_000

type Listener = () => void

const EMPTY: readonly ToastRecord[] = []
let toasts: readonly ToastRecord[] = EMPTY
let counter = 0
const listeners = new Set<Listener>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function setToasts(next: readonly ToastRecord[]): void {
  // Records that left the list no longer need their removal timer.
  for (const [id, timer] of removalTimers) {
    if (!next.some((record) => record.id === id)) {
      clearTimeout(timer)
      removalTimers.delete(id)
    }
  }
  toasts = next
  for (const listener of listeners) listener()
}

/**
 * Told on `window` whenever a toast is shown, so that the page shell (renderer/ToastHost.tsx)
 * can load the toast UI without importing this module on pages that never toast.
 */
export const TOAST_SHOWN_EVENT = 'watchio:toast'

declare global {
  interface Window {
    watchioToastShown?: boolean
  }
}

/** Shows a toast; returns its id and a function that closes it. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = `toast-${counter}`
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  // The flag covers a toast shown before the host started listening (effects run child first).
  window.watchioToastShown = true
  window.dispatchEvent(new Event(TOAST_SHOWN_EVENT))
  return { id, dismiss: () => dismissToast(id) }
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((record) => record.open && (id === undefined || record.id === id))
  if (closing.length === 0) return
  for (const record of closing) {
    if (removalTimers.has(record.id)) continue
    removalTimers.set(
      record.id,
      setTimeout(() => {
        removalTimers.delete(record.id)
        setToasts(toasts.filter((other) => other.id !== record.id))
      }, TOAST_REMOVE_DELAY),
    )
  }
  setToasts(toasts.map((record) => (closing.includes(record) ? { ...record, open: false } : record)))
}

/** For useSyncExternalStore. */
export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToasts(): readonly ToastRecord[] {
  return toasts
}

/** The server renders no toasts. */
export function getServerToasts(): readonly ToastRecord[] {
  return EMPTY
}
