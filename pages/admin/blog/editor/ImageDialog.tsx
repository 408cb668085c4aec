import { useId, useState } from 'react'
import { DialogField } from './DialogField.tsx'
import { EditorDialog } from './EditorDialog.tsx'
import { isAllowedImageSource } from './url-rules.ts'

export interface ImageRequest {
  src: string
  alt: string
  editing: boolean
}

export interface ImageDialogProps {
  request: ImageRequest | null
  onApply: (image: { src: string; alt: string }) => void
  onCancel: () => void
  onCloseAutoFocus: (event: Event) => void
}

export const IMAGE_RULE_MESSAGE =
  'This image cannot be used. Use an http:// or https:// address of a .jpg, .jpeg, .gif or .png file, or a base64 data:image URL of one of those types.'

/** Inserts or edits an image; a source that breaks SPEC §5's image rule is refused, with the reason. */
export function ImageDialog({ request, onApply, onCancel, onCloseAutoFocus }: ImageDialogProps) {
  const [src, setSrc] = useState(request?.src ?? '')
  const [alt, setAlt] = useState(request?.alt ?? '')
  const [error, setError] = useState('')
  const srcId = useId()
  const altId = useId()

  const submit = () => {
    const source = src.trim()
    if (!isAllowedImageSource(source)) {
      setError(source === '' ? 'Enter the image address.' : IMAGE_RULE_MESSAGE)
      document.getElementById(srcId)?.focus()
      return
    }
    onApply({ src: source, alt: alt.trim() })
  }

  return (
    <EditorDialog
      open={request !== null}
      title={request?.editing ? 'Edit image' : 'Insert image'}
      description="JPG, JPEG, GIF or PNG images from an http(s) address, or base64 data URLs of those types."
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
      <DialogField id={altId} label="Alt text" value={alt} hint="Describes the image for people who cannot see it." onChange={setAlt} />
    </EditorDialog>
  )
}
