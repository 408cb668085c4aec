import Router from '@koa/router'
import type { Context, Next } from 'koa'
import type { AccountStore } from '../accounts/account-store.ts'
import { NotFoundError, UnauthorizedError } from '../errors.ts'
import type { GitAuthor } from '../git/content-repository.ts'
import type { AdminPosts, VersionedPost } from '../services/admin-posts.ts'
import type { PostHistory } from '../services/post-history.ts'
import { currentAdmin } from './sessions.ts'

/** Post ids are short lowercase letters and digits; anything else cannot name a post. */
const ID_PARAM = /^[a-z0-9]{1,32}$/

/**
 * SPEC §7's admin calls, every one behind a session. Each answer carries the post's
 * `version` (also as ETag); an update sends it back as `version`, a delete as `If-Match`.
 */
export function adminRoutes(deps: { accounts: AccountStore; posts: AdminPosts; history: PostHistory }): Router {
  const router = new Router({ prefix: '/api/admin' })

  router.use(async (ctx: Context, next: Next) => {
    const account = await currentAdmin(ctx, deps.accounts)
    if (!account) throw new UnauthorizedError('Sign in first')
    ctx.state.author = { name: account.displayName, email: account.email } satisfies GitAuthor
    return next()
  })

  router.get('/blog/posts', (ctx) => {
    ctx.body = deps.posts.list()
  })

  router.get('/blog/posts/:id', (ctx) => {
    sendPost(ctx, deps.posts.get(postId(ctx)))
  })

  router.post('/blog/posts', async (ctx) => {
    const { post } = await deps.posts.create(ctx.request.body, ctx.state.author)
    ctx.status = 201
    ctx.set('Location', `/api/admin/blog/posts/${post.id}`)
    sendPost(ctx, post)
  })

  router.put('/blog/posts/:id', async (ctx) => {
    const { post } = await deps.posts.update(postId(ctx), ctx.request.body, ctx.state.author)
    sendPost(ctx, post)
  })

  // A post's past versions (issue 6 "History"): the commits that changed it, one version, a restore.
  router.get('/blog/posts/:id/history', async (ctx) => {
    ctx.body = await deps.history.list(postId(ctx))
  })

  router.get('/blog/posts/:id/history/:commit', async (ctx) => {
    sendPost(ctx, await deps.history.version(postId(ctx), ctx.params.commit ?? ''))
  })

  router.post('/blog/posts/:id/restore', async (ctx) => {
    const { post } = await deps.posts.restore(postId(ctx), ctx.request.body, ctx.state.author)
    sendPost(ctx, post)
  })

  router.delete('/blog/posts/:id', async (ctx) => {
    await deps.posts.remove(postId(ctx), ctx.get('If-Match') || undefined, ctx.state.author)
    ctx.status = 204
  })

  return router
}

function postId(ctx: Context): string {
  const id = ctx.params.id ?? ''
  if (!ID_PARAM.test(id)) throw new NotFoundError('No post has this id')
  return id
}

function sendPost(ctx: Context, post: VersionedPost): void {
  ctx.set('ETag', `"${post.version}"`)
  ctx.body = post
}
