import { UploadProgress } from './UploadProgress.tsx'
import type { useMediaUpload } from './use-media-upload.ts'

/**
 * An upload's progress bar while it runs, and its failure after (role="alert", in the admin's
 * words or the server's) with "Try again" for the same file: beside an image URL field and in
 * the library alike.
 */
export function UploadStatus({ upload, disabled = false }: { upload: ReturnType<typeof useMediaUpload>; disabled?: boolean }) {
  return (
    <>
      {upload.uploading && <UploadProgress name={upload.uploading.name} percent={upload.uploading.percent} />}
      {upload.error && (
        <div className="media-source__failure">
          <p className="media-error" role="alert">
            {upload.error}
          </p>
          {upload.failed && (
            <button type="button" className="button" disabled={disabled} onClick={() => void upload.start(upload.failed!)}>
              Try again
            </button>
          )}
        </div>
      )}
    </>
  )
}
