import { useEffect, useState } from 'react'
import type { PostFields } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'

/** How long typing must pause before the preview is made again: one render per pause, not per key. */
export const PREVIEW_DELAY_MS = 600

export type PreviewState = { status: 'loading'; html: string | null } | { status: 'ready'; html: string } | { status: 'error'; html: string | null; message: string }

/**
 * The post page as visitors will see it, made by the server's renderer from the form's fields
 * (`POST /api/admin/blog/preview`), again after each pause in typing (while the Preview is shown: this hook lives in it). The server
 * gives a field the form has not filled yet a stand-in, so the preview shows from the first
 * keystroke; a field a save would refuse shows the server's reason, over the last good preview.
 */
export function usePostPreview(fields: PostFields): PreviewState {
  return useRenderedPreview(JSON.stringify(fields), (body, signal) => adminApi.previewPost(JSON.parse(body) as PostFields, signal))
}

/**
 * A page the server renders from `body` (the form's values as JSON, which is also what tells one
 * set of values from another), again after each pause in typing; a refusal keeps the last good
 * page and says why. The post's preview and the site copy's share it.
 */
export function useRenderedPreview(body: string, render: (body: string, signal: AbortSignal) => Promise<string>): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'loading', html: null })
  const renderRef = useLatest(render)

  useEffect(() => {
    const controller = new AbortController()
    const timer = window.setTimeout(async () => {
      setState((previous) => ({ status: 'loading', html: previous.html }))
      try {
        const html = await renderRef.current(body, controller.signal)
        if (!controller.signal.aborted) setState({ status: 'ready', html })
      } catch (error) {
        if (controller.signal.aborted) return
        setState((previous) => ({ status: 'error', html: previous.html, message: error instanceof Error ? error.message : String(error) }))
      }
    }, PREVIEW_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [body, renderRef])

  return state
}

/** A ref to the latest value: the effect above runs when the body changes, not when a new closure is passed each render. */
function useLatest<T>(value: T): { readonly current: T } {
  const [ref] = useState(() => ({ current: value }))
  ref.current = value
  return ref
}
