/**
 * What the media library's calls take: the list's query, the text fields of an upload (its
 * bytes are read by the server as they stream), and the image a delete names.
 */
import { z } from 'zod'
import { MEDIA_ID, parseMediaFileName } from '../media-urls.ts'
import { MAX_ALT_LENGTH, MAX_PAGE, MAX_PER_PAGE } from './limits.ts'
import { MEDIA_KINDS, type MediaKind } from './media-wire.ts'
import { onceParam, searchParam, wholeNumberParam } from './request-parts.ts'

/**
 * `GET /api/admin/media?q=&page=&perPage=&kind=`: each at most once, read in that order; others
 * ignored. `q`: words in the file name; `kind`: only images, videos, audio or captions (all without it).
 */
export const mediaListQuerySchema = z.object({
  q: searchParam('q'),
  page: wholeNumberParam('page', MAX_PAGE),
  perPage: wholeNumberParam('perPage', MAX_PER_PAGE),
  kind: onceParam('kind')
    .refine((kind) => kind === undefined || (MEDIA_KINDS as readonly string[]).includes(kind), { message: `kind must be one of ${MEDIA_KINDS.join(', ')}`, abort: true })
    .transform((kind) => kind as MediaKind | undefined)
    .optional(),
}, { error: 'The query must be name=value parameters' })
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>

/** An upload's form fields beside the file (`POST /api/admin/media`, multipart): the image's alt text, none by default. */
export const mediaUploadFieldsSchema = z.object({
  alt: z
    .string('alt must be text')
    .max(MAX_ALT_LENGTH, `alt is too long (at most ${MAX_ALT_LENGTH} characters)`)
    .default(''),
}, { error: 'The upload must be a form of fields' })
export type MediaUploadFields = z.infer<typeof mediaUploadFieldsSchema>

const NO_IMAGE = 'No image in the library has this id'

/**
 * The image in `DELETE /api/admin/media/{id}`: its `id` (the hash in its name), or, as a client
 * holding only the url may send, its file name or `<year>/<file>` (URL-encoded); read as its id.
 * One that names no image of the library's kind is a 404.
 */
export const mediaIdParamSchema = z.string(NO_IMAGE).transform((param, ctx) => {
  if (MEDIA_ID.test(param)) return param
  let decoded = ''
  try {
    decoded = decodeURIComponent(param)
  } catch {
    // Not a name of ours either.
  }
  const [year, file] = decoded.includes('/') ? decoded.split('/').slice(-2) : ['2000', decoded]
  const media = parseMediaFileName(file ?? '', year ?? '')
  if (media) return media.hash
  ctx.addIssue({ code: 'custom', message: NO_IMAGE })
  return z.NEVER
})
