import type { SiteContent, SiteFileName } from '../../../core/site-content/index.ts'
import { adminApi } from '../api/api-client.ts'
import { type PreviewState, useRenderedPreview } from '../blog/use-post-preview.ts'

/**
 * A site file's page as visitors will see it, made by the server's renderer from the form's
 * values (`POST /api/admin/site/pages/:name/preview`), again after each pause in typing, as a
 * post's preview is (use-post-preview.ts). Values a save would refuse show the server's reasons,
 * over the last good preview.
 */
export function useSitePreview<N extends SiteFileName>(name: N, values: SiteContent[N]): PreviewState {
  return useRenderedPreview(JSON.stringify([name, values]), (body, signal) => {
    const [file, fileValues] = JSON.parse(body) as [N, SiteContent[N]]
    return adminApi.previewSitePage(file, fileValues, signal)
  })
}
