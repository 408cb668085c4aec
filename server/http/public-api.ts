import Router from '@koa/router'
import type { PublishedPosts } from '../content/post.ts'
import { checkSlug } from '../content/post-rules.ts'
import { NotFoundError } from '../lib/errors.ts'
import { PreparedBody, sendPrepared } from './prepared-body.ts'

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
    if (listBody?.revision !== revision()) listBody = { revision: revision(), body: PreparedBody.json(posts.list()) }
    ctx.status = 200
    ctx.set('Cache-Control', 'no-cache')
    await sendPrepared(ctx, listBody.body)
  })

  router.get('/posts/:slug', async (ctx) => {
    const slug = ctx.params.slug ?? ''
    if (checkSlug(slug) !== null) throw new NotFoundError('Post not found')
    if (postBodiesRevision !== revision()) {
      postBodies.clear()
      postBodiesRevision = revision()
    }
    let body = postBodies.get(slug)
    if (!body) {
      const post = posts.get(slug)
      if (!post) throw new NotFoundError('Post not found')
      body = PreparedBody.json(post)
      postBodies.set(slug, body)
    }
    ctx.status = 200
    ctx.set('Cache-Control', 'no-cache')
    await sendPrepared(ctx, body)
  })

  return router
}
