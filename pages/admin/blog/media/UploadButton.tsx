import { useRef } from 'react'
import { ACCEPTED_IMAGE_TYPES } from './accepted-image-types.ts'
import type { useMediaUpload } from './use-media-upload.ts'

/** "Upload": a button that opens the file chooser for one file (an image unless `accept` says otherwise) and starts its upload. */
export function UploadButton({
  upload,
  disabled = false,
  label = 'Upload',
  accept = ACCEPTED_IMAGE_TYPES,
}: {
  upload: ReturnType<typeof useMediaUpload>
  disabled?: boolean
  label?: string
  accept?: string
}) {
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" className="button" disabled={disabled} onClick={() => fileInput.current?.click()}>
        {label}
      </button>
      {/* The button stands for it: a file input cannot be styled, and this one is never tabbed to. */}
      <input
        ref={fileInput}
        type="file"
        accept={accept}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0]
          // Cleared, so choosing the same file again (after a failure) is a change again.
          event.target.value = ''
          if (file) void upload.start(file)
        }}
      />
    </>
  )
}
