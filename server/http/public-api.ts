import Router from '@koa/router'
import type { PublicPost, PublishedPosts } from '../content/post.ts'
import { checkSlug } from '../content/post-rules.ts'
import { NotFoundError } from '../lib/errors.ts'
import { PreparedBody, sendPrepared } from './prepared-body.ts'

/** The public API's answers change with content: always revalidated (ETag). */
export const PUBLIC_API_CACHE = 'no-cache'

/** Where the public API lives, and its plain-text 404 for a post it does not have. */
export const PUBLIC_API = { list: '/api/blog/posts', postPrefix: '/api/blog/posts/', postNotFound: 'Post not found' } as const

/** The bodies the public API answers (a static export writes the same bytes into files). */
export const listBodyOf = (posts: PublishedPosts): PreparedBody => PreparedBody.json(posts.list())
export const postBodyOf = (post: PublicPost): PreparedBody => PreparedBody.json(post)

/**
 * SPEC §7 public reads: `GET /api/blog/posts` and `GET /api/blog/posts/{slug}`. Bodies are
 * serialized once per content revision and answered with ETag, revalidating caching and
 * compression; a draft or an unknown (or malformed) slug is a 404.
 */
export function publicApiRoutes(options: { posts: PublishedPosts; revision: () => number }): Router {
  const { posts, revision } = options
  const router = new Router({ prefix: '/api/blog' })
  let listBody: { revision: number; body: PreparedBody } | undefined
  const postBodies = new Map<string, PreparedBody>()
  let postBodiesRevision = -1

  router.get('/posts', async (ctx) => {
    if (listBody?.revision !== revision()) listBody = { revision: revision(), body: listBodyOf(posts) }
    ctx.status = 200
    ctx.set('Cache-Control', PUBLIC_API_CACHE)
    await sendPrepared(ctx, listBody.body)
  })

  router.get('/posts/:slug', async (ctx) => {
    const slug = ctx.params.slug ?? ''
    if (checkSlug(slug) !== null) throw new NotFoundError(PUBLIC_API.postNotFound)
    if (postBodiesRevision !== revision()) {
      postBodies.clear()
      postBodiesRevision = revision()
    }
    let body = postBodies.get(slug)
    if (!body) {
      const post = posts.get(slug)
      if (!post) throw new NotFoundError(PUBLIC_API.postNotFound)
      body = postBodyOf(post)
      postBodies.set(slug, body)
    }
    ctx.status = 200
    ctx.set('Cache-Control', PUBLIC_API_CACHE)
    await sendPrepared(ctx, body)
  })

  return router
}
