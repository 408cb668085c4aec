import { useEffect } from 'react'

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false

/**
 * While the post form is open, a file dropped anywhere but where files are taken (the editor,
 * the featured image field) does nothing. The browser would otherwise open the file in place of
 * the admin, and the form with it.
 */
export function useFileDropGuard(): void {
  useEffect(() => {
    const guard = (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault()
    }
    window.addEventListener('dragover', guard)
    window.addEventListener('drop', guard)
    return () => {
      window.removeEventListener('dragover', guard)
      window.removeEventListener('drop', guard)
    }
  }, [])
}
