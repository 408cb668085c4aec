import Router from '@koa/router'
import type { ParsedUrlQuery } from 'node:querystring'
import type { AccountStore } from '../accounts/account-store.ts'
import { MEDIA_ID } from '../../renderer/media-urls.ts'
import { InvalidInputError, NotFoundError } from '../lib/errors.ts'
import type { MediaLibrary, MediaListQuery } from '../services/media-library.ts'
import { readUpload } from './multipart-upload.ts'
import { MAX_PAGE, MAX_PER_PAGE, MAX_SEARCH_LENGTH, positiveInteger } from './post-list-query.ts'
import { requireAdmin } from './sessions.ts'

/** Alt text is a sentence or two; a longer one is a mistake. */
const MAX_ALT_LENGTH = 500
export const MEDIA_API = '/api/admin/media'
/** Where the upload's file is in the form. */
export const UPLOAD_FIELD = 'file'

/**
 * The media library's admin calls (issue 13), every one behind a session: upload (multipart,
 * field `file`, optional `alt`), list, delete. The upload is the one admin call whose body is
 * not JSON; requireSameSite lets multipart through on this path only.
 */
export function mediaRoutes(deps: { accounts: AccountStore; library: MediaLibrary; maxBytes: number }): Router {
  const router = new Router({ prefix: MEDIA_API })
  router.use(requireAdmin(deps.accounts))

  router.post('/', async (ctx) => {
    const upload = await readUpload(ctx, { fileField: UPLOAD_FIELD, maxBytes: deps.maxBytes })
    const alt = upload.fields.alt ?? ''
    if (alt.length > MAX_ALT_LENGTH) throw new InvalidInputError(`alt is too long (at most ${MAX_ALT_LENGTH} characters)`, 'alt')
    const { item, created } = await deps.library.upload({ bytes: upload.bytes, filename: upload.filename, alt, author: ctx.state.author })
    // 200: these bytes were already in the library; nothing was committed.
    ctx.status = created ? 201 : 200
    ctx.set('Location', item.url)
    ctx.body = item
  })

  router.get('/', async (ctx) => {
    const { items, total } = await deps.library.list(readMediaListQuery(ctx.query))
    ctx.set('X-Total-Count', String(total))
    ctx.body = items
  })

  router.delete('/:id', async (ctx) => {
    const id = ctx.params.id ?? ''
    if (!MEDIA_ID.test(id)) throw new NotFoundError('No image in the library has this id')
    await deps.library.remove(id, ctx.state.author)
    ctx.status = 204
  })

  return router
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
