import { useEffect, useState } from 'react'
import type { SiteContent, SiteFileName } from '../../../renderer/site-content/index.ts'
import { adminApi } from '../api/api-client.ts'
import { PREVIEW_DELAY_MS, type PreviewState } from '../blog/use-post-preview.ts'

/**
 * A site file's page as visitors will see it, made by the server's renderer from the form's
 * values (`POST /api/admin/site/pages/:name/preview`), again after each pause in typing, as a
 * post's preview is (use-post-preview.ts). Values a save would refuse show the server's reasons,
 * over the last good preview.
 */
export function useSitePreview<N extends SiteFileName>(name: N, values: SiteContent[N]): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'loading', html: null })
  const body = JSON.stringify(values)

  useEffect(() => {
    const controller = new AbortController()
    const timer = window.setTimeout(async () => {
      setState((previous) => ({ status: 'loading', html: previous.html }))
      try {
        const html = await adminApi.previewSitePage(name, JSON.parse(body) as SiteContent[N], controller.signal)
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
  }, [name, body])

  return state
}
