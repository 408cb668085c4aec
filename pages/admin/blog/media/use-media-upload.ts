import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { MediaItem } from '../../../../core/contract/index.ts'
import { refetchMedia } from '../../api/admin-queries.ts'
import { UploadError, uploadMedia } from './upload-media.ts'

export interface UploadState {
  /** The file on its way, or null. */
  uploading: { name: string; percent: number | null } | null
  /** Why the last upload failed, to show as it is; '' when it did not. */
  error: string
  /** The file that failed, to try again with (a dropped file cannot be chosen again). */
  failed: File | null
}

const IDLE: UploadState = { uploading: null, error: '', failed: null }

/**
 * One upload at a time into the library, with its progress and its failure. `onUploaded` gets
 * the library item; the library list is refetched (the new image is first in it). Leaving (the
 * dialog unmounts) or `cancel` stops an upload still running, and nothing comes of it.
 */
export function useMediaUpload(onUploaded: (item: MediaItem) => void) {
  const [state, setState] = useState<UploadState>(IDLE)
  const running = useRef<AbortController | null>(null)
  const latest = useRef(onUploaded)
  useLayoutEffect(() => {
    latest.current = onUploaded
  })

  useEffect(() => () => running.current?.abort(), [])

  const start = useCallback(async (file: File) => {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    setState({ uploading: { name: file.name, percent: null }, error: '', failed: null })
    try {
      const item = await uploadMedia(file, {
        signal: controller.signal,
        onProgress: (percent) => {
          if (!controller.signal.aborted) setState({ uploading: { name: file.name, percent }, error: '', failed: null })
        },
      })
      if (controller.signal.aborted) return
      running.current = null
      setState(IDLE)
      void refetchMedia()
      latest.current(item)
    } catch (error) {
      if (controller.signal.aborted) return
      running.current = null
      setState({ uploading: null, error: error instanceof UploadError ? error.message : String(error), failed: file })
    }
  }, [])

  const clearError = useCallback(() => setState((current) => (current.error ? { ...current, error: '', failed: null } : current)), [])

  const cancel = useCallback(() => {
    if (!running.current) return
    running.current.abort()
    running.current = null
    setState(IDLE)
  }, [])

  return { ...state, start, clearError, cancel }
}
