import type Router from '@koa/router'
import { API_PATHS, API_PREFIX, type PublicPostSummary, type PublicPost as WirePublicPost } from '../../core/contract/index.ts'
import type { PublicPost, PublishedPosts } from '../../core/post.ts'
import { postSlugParamSchema } from '../../core/contract/post-requests.ts'
import { NotFoundError } from '../lib/errors.ts'
import { apiRouter } from './api-router.ts'
import { PreparedBody, sendPrepared } from './prepared-body.ts'

/** The public API's answers change with content: always revalidated (ETag). */
export const PUBLIC_API_CACHE = 'no-cache'

/** Where the public API lives, and its plain-text 404 for a post it does not have. */
export const PUBLIC_API = { list: API_PATHS.publicPosts, postPrefix: `${API_PATHS.publicPosts}/`, postNotFound: 'Post not found' } as const

/** Where the public reads are: the router below and the quick answers (quick-answers.ts) share it. */
export const PUBLIC_POSTS_PATH = PUBLIC_API.list

/** The bodies the public API answers (a static export writes the same bytes into files). */
export const listBodyOf = (posts: PublishedPosts): PreparedBody => PreparedBody.json(posts.list() satisfies readonly PublicPostSummary[])
export const postBodyOf = (post: PublicPost): PreparedBody => PreparedBody.json(post satisfies WirePublicPost)

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
    if (this.#list?.revision !== revision) this.#list = { revision, body: listBodyOf(this.#posts) }
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
      if (!postSlugParamSchema.safeParse(slug).success) return null
      const post = this.#posts.get(slug)
      if (!post) return null
      body = postBodyOf(post)
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
  const router = apiRouter({ prefix: API_PREFIX.publicBlog })

  router.get('/posts', async (ctx) => {
    ctx.status = 200
    ctx.set('Cache-Control', PUBLIC_API_CACHE)
    await sendPrepared(ctx, bodies.list())
  })

  router.get('/posts/:slug', async (ctx) => {
    const body = bodies.post(ctx.params.slug ?? '')
    if (!body) throw new NotFoundError(PUBLIC_API.postNotFound)
    ctx.status = 200
    ctx.set('Cache-Control', PUBLIC_API_CACHE)
    await sendPrepared(ctx, body)
  })

  return router
}
