import type Router from '@koa/router'
import type { ParsedUrlQuery } from 'node:querystring'
import { mediaIdParamSchema, mediaListQuerySchema, mediaUploadFieldsSchema } from '../../core/contract/media-requests.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { MEDIA_API, type MediaItem, TOTAL_COUNT_HEADER, UPLOAD_FIELD } from '../../core/contract/index.ts'
import { parseInput, parseParam } from '../lib/parse-input.ts'
import type { MediaLibrary, MediaListQuery } from '../services/media/media-library.ts'
import { apiRouter } from './api-router.ts'
import { readUpload } from './multipart-upload.ts'
import { requireRole, requireSignIn } from './sessions.ts'

/**
 * The media library's admin calls, every one behind a session: upload (multipart,
 * field `file`, optional `alt`; an image, a video, an audio or a captions file, told by its
 * bytes), list, delete. `maxBytes`: the largest upload of any kind (the library's maxUploadBytes). The upload is the one admin call whose body is
 * not JSON; requireTrustedOrigin lets multipart through on this path only.
 */
export function mediaRoutes(deps: { accounts: AccountStore; library: MediaLibrary; maxBytes: number }): Router {
  const router = apiRouter({ prefix: MEDIA_API, checks: [requireSignIn(deps.accounts)] })

  router.post('/', async (ctx) => {
    const { library } = deps
    const upload = await readUpload(ctx, {
      fileField: UPLOAD_FIELD,
      maxBytes: deps.maxBytes,
      tooLargeMessage: library.tooLargeMessage,
      receive: (file) => library.receive(file),
      discard: (received) => library.discard(received),
    })
    let alt: string
    try {
      ;({ alt } = parseInput(mediaUploadFieldsSchema, upload.fields))
    } catch (error) {
      await library.discard(upload.received)
      throw error
    }
    const { item, created } = await library.add({ received: upload.received, filename: upload.filename, alt, author: ctx.state.author })
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

/** The id in `DELETE /api/admin/media/{id}` (the contract's mediaIdParamSchema says what it takes), or a 404. Pure. */
export function mediaIdOf(param: string): string {
  return parseParam(mediaIdParamSchema, param)
}

/** `?q=&page=&perPage=`, each at most once; others ignored. Pure. */
export function readMediaListQuery(query: ParsedUrlQuery): MediaListQuery {
  return parseInput(mediaListQuerySchema, query)
}
