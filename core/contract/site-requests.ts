/**
 * What the calls on the site's copy take: the page named in the path, a save's and a preview's
 * values, a restore. The values themselves are checked by the file's own schema
 * (core/site-content/), which names every refused field at once (fieldErrorsText); these
 * schemas read the body around them.
 */
import { z } from 'zod'
import { SITE_FILE_NAMES, type SiteContent, type SiteFileName } from '../site-content/index.ts'

/** `/api/admin/site/pages/:name`: a page of the site's copy; any other name is a 404. */
export const siteFileNameParamSchema = z.enum(SITE_FILE_NAMES, {
  // The name as text only: anything else (a value with no usable toString) is named by nothing.
  error: (issue) => `No page of the site's copy is called ${JSON.stringify(typeof issue.input === 'string' ? issue.input.slice(0, 40) : '')}`,
})

/** A file's version: its blob id, or null for no file. */
function fileVersion(message: string) {
  return z.string(message).regex(/^[0-9a-f]{40}$/, message).nullable()
}

/** `PUT /api/admin/site/pages/:name`: every value of the file, and the version it started from. */
export const siteSaveBodySchema = z.object(
  { values: z.unknown().optional(), version: fileVersion('version must be the version you started from (null for a new file)') },
  { error: 'The body must be { values, version }' },
)
/** A save of one file, its values typed as that file's. */
export type SiteFileSave<N extends SiteFileName = SiteFileName> = Omit<z.infer<typeof siteSaveBodySchema>, 'values'> & { values: SiteContent[N] }

/** `POST /api/admin/site/pages/:name/preview`: the unsaved values to show. */
export const sitePreviewBodySchema = z.object({ values: z.unknown().optional() }, { error: 'The body must be { values }' })
export type SitePreviewBody<N extends SiteFileName = SiteFileName> = Omit<z.infer<typeof sitePreviewBodySchema>, 'values'> & { values: SiteContent[N] }

/** `POST /api/admin/site/pages/:name/restore`: the commit to bring back, and the version the admin has now. */
export const siteRestoreSchema = z.object(
  { commit: z.string('commit must be the id of the commit to restore'), version: fileVersion('version must be the version you have now (null for no file)') },
  { error: 'The body must be { commit, version }' },
)
export type SiteRestore = z.infer<typeof siteRestoreSchema>
