import { useId, useState } from 'react'
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
  const errorId = useId()
  const altHintId = useId()

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
      <div className="rte-field">
        <label htmlFor={srcId}>Image URL</label>
        <input
          id={srcId}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/picture.png"
          value={src}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setSrc(event.target.value)
            setError('')
          }}
        />
        {error && (
          <p id={errorId} className="rte-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="rte-field">
        <label htmlFor={altId}>Alt text</label>
        <input id={altId} type="text" autoComplete="off" value={alt} aria-describedby={altHintId} onChange={(event) => setAlt(event.target.value)} />
        <p id={altHintId} className="rte-field__hint">
          Describes the image for people who cannot see it.
        </p>
      </div>
    </EditorDialog>
  )
}
