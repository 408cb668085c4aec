import { lazy, Suspense, useRef, useState } from 'react'
import type { MediaItem, MediaKind } from '../../../../core/contract/index.ts'
import { acceptedTypesOf } from './accepted-image-types.ts'
import type { MediaLibraryDialogProps } from './MediaLibraryDialog.tsx'
import { UploadButton } from './UploadButton.tsx'
import { UploadStatus } from './UploadStatus.tsx'
import type { useMediaUpload } from './use-media-upload.ts'

export interface MediaSourceProps {
  /** The upload this control starts and shows (the owner gets its result). */
  upload: ReturnType<typeof useMediaUpload>
  /** An image chosen in the library. */
  onChoose: (item: MediaItem) => void
  /** Where the focus goes after the library closed with a choice (the next thing to fill in). */
  focusAfterChoice?: () => void
  disabled?: boolean
  /** Which files it uploads and lists: images unless said. */
  kind?: MediaKind
}

/**
 * The library (and Radix's Dialog) is its own chunk, loaded on the first "Choose from library":
 * the post list and the form do not wait for it. If it cannot be loaded, that is said in its
 * place and the form stays as it is.
 */
const MediaLibraryDialog = lazy(() =>
  import('./MediaLibraryDialog.tsx').then(
    (module) => ({ default: module.MediaLibraryDialog }),
    () => ({ default: LibraryUnavailable }),
  ),
)

function LibraryUnavailable({ open }: MediaLibraryDialogProps) {
  return open ? (
    <p className="media-error" role="alert">
      The library could not be loaded (network error). Reload the page to try again; a draft of this post is kept in this browser.
    </p>
  ) : null
}

/**
 * "Upload" and "Choose from library", placed beside an image URL field, with the upload's progress
 * bar and its failure (role="alert", in the admin's words or the server's). Whatever fails, the
 * field and the form keep what they had.
 */
export function MediaSource({ upload, onChoose, focusAfterChoice, disabled = false, kind = 'image' }: MediaSourceProps) {
  const [libraryOpen, setLibraryOpen] = useState(false)
  // Mounted from the first opening on (its chunk is loaded then), so that it can close with focus handling.
  const [libraryWanted, setLibraryWanted] = useState(false)
  const chooseButton = useRef<HTMLButtonElement>(null)
  const chose = useRef(false)
  return (
    <div className="media-source">
      <div className="media-source__buttons">
        <UploadButton upload={upload} disabled={disabled} accept={acceptedTypesOf(kind)} />
        <button
          ref={chooseButton}
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => {
            chose.current = false
            setLibraryWanted(true)
            setLibraryOpen(true)
          }}
        >
          Choose from library
        </button>
      </div>
      <UploadStatus upload={upload} disabled={disabled} />
      {libraryWanted && (
        <Suspense fallback={null}>
          <MediaLibraryDialog
            kind={kind}
            open={libraryOpen}
            onOpenChange={setLibraryOpen}
            onChoose={(item) => {
              chose.current = true
              upload.clearError()
              onChoose(item)
              setLibraryOpen(false)
            }}
            // Radix returns the focus to a Dialog.Trigger only, and this dialog has none.
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              if (chose.current && focusAfterChoice) focusAfterChoice()
              else chooseButton.current?.focus()
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
