import Router from '@koa/router'
import type { PublishedPosts } from '../content/post.ts'
import { checkSlug } from '../content/post-rules.ts'
import { NotFoundError } from '../lib/errors.ts'
import { PreparedBody, sendPrepared } from './prepared-body.ts'

/** Where the public reads are: the router below and the quick answers (quick-answers.ts) share it. */
export const PUBLIC_POSTS_PATH = '/api/blog/posts'

/**
 * The public reads' bodies, serialized once per content revision: the list, and each post on
 * its first request. The router and the quick answers ask here, so both send the same bytes.
 */
export class PublicApiBodies {
  readonly #posts: PublishedPosts
  readonly #revision: () => number
  #list: { revision: number; body: PreparedBody } | undefined
  readonly #postBodies = new Map<string, PreparedBody>()
  #postBodiesRevision = -1

  constructor(options: { posts: PublishedPosts; revision: () => number }) {
    this.#posts = options.posts
    this.#revision = options.revision
  }

  list(): PreparedBody {
    const revision = this.#revision()
    if (this.#list?.revision !== revision) this.#list = { revision, body: PreparedBody.json(this.#posts.list()) }
    return this.#list.body
  }

  /** One published post's body, or null: a draft, an unknown or a malformed slug. */
  post(slug: string): PreparedBody | null {
    const revision = this.#revision()
    if (this.#postBodiesRevision !== revision) {
      this.#postBodies.clear()
      this.#postBodiesRevision = revision
    }
    let body = this.#postBodies.get(slug)
    if (!body) {
      if (checkSlug(slug) !== null) return null
      const post = this.#posts.get(slug)
      if (!post) return null
      body = PreparedBody.json(post)
      this.#postBodies.set(slug, body)
    }
    return body
  }
}

/**
 * SPEC §7 public reads: `GET /api/blog/posts` and `GET /api/blog/posts/{slug}`. Bodies are
 * serialized once per content revision and answered with ETag, revalidating caching and
 * compression; a draft or an unknown (or malformed) slug is a 404.
 */
export function publicApiRoutes(bodies: PublicApiBodies): Router {
  const router = new Router({ prefix: '/api/blog' })

  router.get('/posts', async (ctx) => {
    ctx.status = 200
    ctx.set('Cache-Control', 'no-cache')
    await sendPrepared(ctx, bodies.list())
  })

  router.get('/posts/:slug', async (ctx) => {
    const body = bodies.post(ctx.params.slug ?? '')
    if (!body) throw new NotFoundError('Post not found')
    ctx.status = 200
    ctx.set('Cache-Control', 'no-cache')
    await sendPrepared(ctx, body)
  })

  return router
}
