import { useEffect, useId, useState } from 'react'
import type { MediaItem } from '../../../../core/contract/index.ts'
import { isAllowedImageSource } from '../../../../core/post-html-rules.ts'
import { MediaSource } from '../media/MediaSource.tsx'
import { useMediaUpload } from '../media/use-media-upload.ts'
import { DialogField } from './DialogField.tsx'
import { EditorDialog } from './EditorDialog.tsx'

export interface ImageRequest {
  src: string
  alt: string
  /** The caption of the figure being edited; a caption makes the image a figure. */
  caption?: string
  editing: boolean
  /** The image being edited has an explicitly empty alt (it was marked decorative). */
  decorative?: boolean
  /** An image file dropped or pasted into the text: it is uploaded as the dialog opens. */
  file?: File
  /** Where a dropped image goes; at the selection when absent. */
  at?: number
}

export interface ImageDialogProps {
  request: ImageRequest | null
  onApply: (image: { src: string; alt: string; caption: string }) => void
  onCancel: () => void
  onCloseAutoFocus: (event: Event) => void
}

export const IMAGE_RULE_MESSAGE =
  'This image cannot be used. Upload it or choose one from the library, or use an http:// or https:// address of a .jpg, .jpeg, .gif or .png file, or a base64 data:image URL of one of those types.'

export const ALT_REQUIRED_MESSAGE = 'Describe the image for people who cannot see it, or mark it as decorative.'

/**
 * Inserts or edits an image: uploaded, chosen from the library or given by address (a source that
 * breaks SPEC §5's image rule is refused, with the reason). The alt text is asked for every time:
 * an empty one only as the explicit "decorative" choice. A caption makes it a figure.
 */
export function ImageDialog({ request, onApply, onCancel, onCloseAutoFocus }: ImageDialogProps) {
  const [src, setSrc] = useState(request?.src ?? '')
  const [alt, setAlt] = useState(request?.alt ?? '')
  const [caption, setCaption] = useState(request?.caption ?? '')
  const [decorative, setDecorative] = useState(request?.decorative ?? false)
  const [error, setError] = useState('')
  const [altError, setAltError] = useState('')
  const srcId = useId()
  const altId = useId()
  const decorativeId = useId()
  const captionId = useId()

  const focusAlt = () => document.getElementById(decorative ? decorativeId : altId)?.focus()
  const takeItem = (item: MediaItem) => {
    setSrc(item.url)
    setError('')
    if (item.alt && alt.trim() === '') setAlt(item.alt)
  }
  const upload = useMediaUpload((item) => {
    takeItem(item)
    // Next comes the alt text (after React has rendered what the upload filled in).
    window.setTimeout(focusAlt)
  })
  const { start, cancel } = upload
  const file = request?.file
  const open = request !== null

  // A dropped or pasted file: its upload starts with the dialog, whose fields then wait for it.
  useEffect(() => {
    if (file) void start(file)
  }, [file, start])
  // Cancel stops an upload still running: nothing is inserted, and it need not go on.
  useEffect(() => {
    if (!open) cancel()
  }, [open, cancel])

  const submit = () => {
    const source = src.trim()
    if (upload.uploading) {
      setError('Wait until the upload has finished.')
      return
    }
    if (!isAllowedImageSource(source)) {
      setError(source === '' ? 'Enter the image address, upload an image or choose one from the library.' : IMAGE_RULE_MESSAGE)
      document.getElementById(srcId)?.focus()
      return
    }
    if (!decorative && alt.trim() === '') {
      setAltError(ALT_REQUIRED_MESSAGE)
      document.getElementById(altId)?.focus()
      return
    }
    onApply({ src: source, alt: decorative ? '' : alt.trim(), caption: caption.trim() })
  }

  return (
    <EditorDialog
      open={open}
      title={request?.editing ? 'Edit image' : 'Insert image'}
      description="Upload an image or choose one from the library, or give the address of a JPG, JPEG, GIF or PNG image (http(s) or a base64 data URL)."
      submitLabel={request?.editing ? 'Update' : 'Insert'}
      onSubmit={submit}
      onCancel={onCancel}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <DialogField
        id={srcId}
        label="Image URL"
        url
        placeholder="https://example.com/picture.png"
        value={src}
        error={error}
        onChange={(value) => {
          setSrc(value)
          setError('')
        }}
      />
      <MediaSource upload={upload} onChoose={takeItem} focusAfterChoice={focusAlt} />
      <DialogField
        id={altId}
        label="Alt text"
        value={decorative ? '' : alt}
        disabled={decorative}
        error={altError}
        hint="Describes the image for people who cannot see it."
        onChange={(value) => {
          setAlt(value)
          setAltError('')
        }}
      />
      <div className="rte-check">
        <input
          id={decorativeId}
          type="checkbox"
          checked={decorative}
          onChange={(event) => {
            setDecorative(event.target.checked)
            setAltError('')
          }}
        />
        <label htmlFor={decorativeId}>Decorative image (no alt text)</label>
      </div>
      <DialogField
        id={captionId}
        label="Caption (optional)"
        value={caption}
        hint="Shown under the image, which then stands on its own as a figure. Edit it in the text later."
        onChange={setCaption}
      />
    </EditorDialog>
  )
}
