import { Plugin, PluginKey } from '@milkdown/kit/prose/state'
import type { EditorView } from '@milkdown/kit/prose/view'
import { $prose } from '@milkdown/kit/utils'

/**
 * Called with the image file dropped or pasted, where a drop put it (undefined: at the
 * selection), and the alt text the copied image had, when it came with one (a suggestion).
 */
export type ImageFileHandler = (file: File, at: number | undefined, alt?: string) => void

/**
 * Image files dropped or pasted into the text go to `onImageFile`, which uploads the
 * file and asks for its alt text before anything is inserted. Milkdown's own upload plugin would
 * insert the image as soon as it is uploaded, with no alt text, no progress and its failures only
 * in the console, so this small plugin takes its place.
 *
 * A paste is taken as an image when the clipboard holds no HTML, or HTML that is one image and
 * nothing else (a browser's "Copy image": the file, and the image's tag with its address on the
 * other site). Copying from a web page or a word processor also puts a picture of the selection
 * there, and then the HTML (with its text) is what was meant. Plain text beside a file is its
 * name (a file copied in a file manager): the file is what was meant.
 */
export function imageDropPlugin(onImageFile: ImageFileHandler) {
  return $prose(
    () =>
      new Plugin({
        key: new PluginKey('IMAGE_FILE_DROP'),
        props: {
          handleDrop(view, event) {
            const file = firstFile(event.dataTransfer)
            if (!file) return false
            onImageFile(file, dropPosition(view, event))
            return true
          },
          handlePaste(_view, event) {
            const data = event.clipboardData
            const file = firstFile(data)
            if (!data || !file) return false
            const html = data.getData('text/html')
            const copied = html ? loneImage(html) : { alt: '' }
            if (!copied) return false
            onImageFile(file, undefined, copied.alt || undefined)
            return true
          },
        },
      }),
  )
}

/**
 * The first file, whatever its type: a file the server cannot take (a PDF, an SVG) is refused
 * by it with the reason, shown where the image would have been asked for.
 */
function firstFile(data: DataTransfer | null): File | null {
  return data?.files[0] ?? null
}

/** The alt text of HTML that is one image and no text (a copied image's), or null for anything else. */
export function loneImage(html: string): { alt: string } | null {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  const images = body.querySelectorAll('img')
  if (images.length !== 1 || (body.textContent ?? '').trim() !== '') return null
  return { alt: (images[0]!.getAttribute('alt') ?? '').trim() }
}

function dropPosition(view: EditorView, event: DragEvent): number | undefined {
  return view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos
}
