import { useId, useState } from 'react'
import type { MediaItem } from '../../../../core/contract/index.ts'
import { isAllowedImageSource } from '../../../../core/post-html-rules.ts'
import { mediaDisplayName } from '../media/media-name.ts'
import { MediaSource } from '../media/MediaSource.tsx'
import { useMediaUpload } from '../media/use-media-upload.ts'
import type { GalleryImage } from './block-commands.ts'
import { DialogField } from './DialogField.tsx'
import { EditorDialog } from './EditorDialog.tsx'
import { IMAGE_RULE_MESSAGE } from './ImageDialog.tsx'

export const GALLERY_ALT_MESSAGE = 'Describe the image for people who cannot see it.'
export const GALLERY_EMPTY_MESSAGE = 'Add at least two images: upload them, choose them from the library or give their addresses.'

/**
 * A gallery: images added one after another (uploaded, chosen from the library or by address),
 * each with its alt text, and a caption for all of them.
 */
export function GalleryDialog(props: { open: boolean; onApply: (images: GalleryImage[], caption: string) => void; onCancel: () => void; onCloseAutoFocus: (event: Event) => void }) {
  const [images, setImages] = useState<GalleryImage[]>([])
  const [address, setAddress] = useState('')
  const [caption, setCaption] = useState('')
  const [error, setError] = useState('')
  const [altErrors, setAltErrors] = useState<number[]>([])
  const addressId = useId()
  const captionId = useId()
  const altId = useId()
  const add = (src: string, alt = '') => {
    setImages((current) => [...current, { src, alt }])
    setError('')
  }
  const takeItem = (item: MediaItem) => add(item.url, item.alt ?? '')
  const upload = useMediaUpload(takeItem)

  const addAddress = () => {
    const src = address.trim()
    if (!isAllowedImageSource(src)) {
      setError(IMAGE_RULE_MESSAGE)
      document.getElementById(addressId)?.focus()
      return
    }
    add(src)
    setAddress('')
  }
  const submit = () => {
    if (images.length < 2) {
      setError(GALLERY_EMPTY_MESSAGE)
      document.getElementById(addressId)?.focus()
      return
    }
    const missing = images.flatMap((image, index) => (image.alt.trim() === '' ? [index] : []))
    if (missing.length > 0) {
      setAltErrors(missing)
      document.getElementById(`${altId}-${missing[0]}`)?.focus()
      return
    }
    props.onApply(images.map((image) => ({ src: image.src, alt: image.alt.trim() })), caption)
  }

  return (
    <EditorDialog open={props.open} title="Insert gallery" description="Images shown side by side in a grid, each with its alt text, and one caption under them all." submitLabel="Insert" onSubmit={submit} onCancel={props.onCancel} onCloseAutoFocus={props.onCloseAutoFocus}>
      <DialogField id={addressId} label="Image URL" url placeholder="https://example.com/picture.png" value={address} error={error} onChange={(value) => { setAddress(value); setError('') }} />
      <div className="rte-gallery-add">
        <button type="button" className="button" onClick={addAddress}>
          Add image
        </button>
      </div>
      <MediaSource upload={upload} onChoose={takeItem} />
      {images.length > 0 && (
        <ol className="rte-gallery-images" aria-label="Images of the gallery">
          {images.map((image, index) => (
            <li key={`${image.src}-${index}`}>
              <DialogField
                id={`${altId}-${index}`}
                label={`Alt text of image ${index + 1} (${mediaDisplayName(image.src)})`}
                value={image.alt}
                error={altErrors.includes(index) ? GALLERY_ALT_MESSAGE : ''}
                onChange={(value) => {
                  setImages((current) => current.map((other, at) => (at === index ? { ...other, alt: value } : other)))
                  setAltErrors((current) => current.filter((at) => at !== index))
                }}
              />
              <button type="button" className="button" onClick={() => setImages((current) => current.filter((_, at) => at !== index))}>
                Remove image {index + 1}
              </button>
            </li>
          ))}
        </ol>
      )}
      <DialogField id={captionId} label="Caption (optional)" value={caption} onChange={setCaption} />
    </EditorDialog>
  )
}
