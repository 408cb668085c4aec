import type { DragEvent } from 'react'

/**
 * Handlers that make an element take a dropped file (the first of those dropped): the featured
 * image's field and the media library each upload what is dropped on them. Anything else dragged
 * over (text, a link) is left to the browser.
 */
export function fileDropHandlers(onFile: (file: File) => void) {
  return {
    onDragOver: (event: DragEvent) => {
      if (event.dataTransfer.types.includes('Files')) event.preventDefault()
    },
    onDrop: (event: DragEvent) => {
      const file = event.dataTransfer.files[0]
      if (!file) return
      event.preventDefault()
      onFile(file)
    },
  }
}
