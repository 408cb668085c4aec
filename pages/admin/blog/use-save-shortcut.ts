import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect, useRef } from 'react'

/**
 * Ctrl+S (⌘S on a Mac) saves the open editor's form, wherever focus is on the page, instead of
 * the browser's "Save page as". Not while a dialog (a link, an image, the media library) is open
 * over the form: that dialog is what the admin is answering.
 */
export function useSaveShortcut(form: RefObject<HTMLFormElement | null>, enabled: boolean): void {
  const latest = useRef(enabled)
  latest.current = enabled
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
      event.preventDefault()
      if (event.repeat || !latest.current || document.querySelector('[role="dialog"], [role="alertdialog"]')) return
      form.current?.requestSubmit()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [form])
}

/**
 * Enter in a one-line field of the form (title, slug, date, image URL) does not submit it: a post
 * is saved with its button or Ctrl+S, never by a key pressed to end a line. Text areas, the
 * rich-text editor and buttons keep their Enter; so do dialogs rendered elsewhere in the page.
 */
export function keepEnterFromSubmitting(event: ReactKeyboardEvent<HTMLFormElement>): void {
  const target = event.target as HTMLElement
  if (event.key !== 'Enter' || !(target instanceof HTMLInputElement) || !event.currentTarget.contains(target)) return
  if (['button', 'submit', 'reset', 'checkbox', 'radio', 'file'].includes(target.type)) return
  event.preventDefault()
}
