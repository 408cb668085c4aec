import type Router from '@koa/router'
import type { ParsedUrlQuery } from 'node:querystring'
import type { AccountStore } from '../accounts/account-store.ts'
import { MAX_ALT_LENGTH, MEDIA_API, type MediaItem, TOTAL_COUNT_HEADER, UPLOAD_FIELD } from '../../core/contract/index.ts'
import { MEDIA_ID, parseMediaFileName } from '../../core/media-urls.ts'
import { InvalidInputError, NotFoundError } from '../lib/errors.ts'
import type { MediaLibrary, MediaListQuery } from '../services/media/media-library.ts'
import { apiRouter } from './api-router.ts'
import { readUpload } from './multipart-upload.ts'
import { MAX_PAGE, MAX_PER_PAGE, MAX_SEARCH_LENGTH, positiveInteger } from './post-list-query.ts'
import { requireRole, requireSignIn } from './sessions.ts'

/**
 * The media library's admin calls, every one behind a session: upload (multipart,
 * field `file`, optional `alt`), list, delete. The upload is the one admin call whose body is
 * not JSON; requireTrustedOrigin lets multipart through on this path only.
 */
export function mediaRoutes(deps: { accounts: AccountStore; library: MediaLibrary; maxBytes: number }): Router {
  const router = apiRouter({ prefix: MEDIA_API, checks: [requireSignIn(deps.accounts)] })

  router.post('/', async (ctx) => {
    const upload = await readUpload(ctx, { fileField: UPLOAD_FIELD, maxBytes: deps.maxBytes })
    const alt = upload.fields.alt ?? ''
    if (alt.length > MAX_ALT_LENGTH) throw new InvalidInputError(`alt is too long (at most ${MAX_ALT_LENGTH} characters)`, 'alt')
    const { item, created } = await deps.library.upload({ bytes: upload.bytes, filename: upload.filename, alt, author: ctx.state.author })
    // 201 either way, as the contract says: the same bytes already in the library answer
    // their existing url (nothing committed), which `X-Media-Existing: true` tells apart.
    ctx.status = 201
    if (!created) ctx.set('X-Media-Existing', 'true')
    ctx.set('Location', item.url)
    ctx.body = item satisfies MediaItem
  })

  router.get('/', async (ctx) => {
    const { items, total } = await deps.library.list(readMediaListQuery(ctx.query))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items satisfies MediaItem[]
  })

  // Every role uploads and lists; removing an image another post may show is for editors and admins.
  router.delete('/:id', requireRole('admin', 'editor'), async (ctx) => {
    await deps.library.remove(mediaIdOf(ctx.params.id ?? ''), ctx.state.author)
    ctx.status = 204
  })

  return router
}

/**
 * The id in `DELETE /api/admin/media/{id}`: the image's `id` (the hash in its name), or, as a
 * client holding only the url may send, its file name or `<year>/<file>` (URL-encoded). Pure.
 */
export function mediaIdOf(param: string): string {
  if (MEDIA_ID.test(param)) return param
  let decoded = ''
  try {
    decoded = decodeURIComponent(param)
  } catch {
    // Not a name of ours either.
  }
  const [year, file] = decoded.includes('/') ? decoded.split('/').slice(-2) : ['2000', decoded]
  const media = parseMediaFileName(file ?? '', year ?? '')
  if (!media) throw new NotFoundError('No image in the library has this id')
  return media.hash
}

/** `?q=&page=&perPage=`, each at most once; others ignored. Pure. */
export function readMediaListQuery(query: ParsedUrlQuery): MediaListQuery {
  const read: MediaListQuery = {}
  for (const name of ['q', 'page', 'perPage'] as const) {
    const value = query[name]
    if (value === undefined) continue
    if (Array.isArray(value)) throw new InvalidInputError(`${name} may be given once`, name)
    if (name === 'q') {
      if (value.length > MAX_SEARCH_LENGTH) throw new InvalidInputError(`q is too long (at most ${MAX_SEARCH_LENGTH} characters)`, 'q')
      if (value.trim() !== '') read.q = value.trim()
      continue
    }
    read[name] = positiveInteger(name, value, name === 'page' ? MAX_PAGE : MAX_PER_PAGE)
  }
  return read
}
