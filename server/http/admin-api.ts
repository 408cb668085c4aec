import type Router from '@koa/router'
import type { Context } from 'koa'
import {
  type AdminPostCard,
  API_PATHS,
  type DeletedPost,
  API_PREFIX,
  type PostHistoryEntry,
  type PostProblem,
  type SiteInfo,
  type SyncStatus,
  TOTAL_COUNT_HEADER,
  type VersionComparison,
  type VersionedWirePost,
} from '../../core/contract/index.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { commitParamsSchema, postIdParamSchema } from '../../core/contract/post-requests.ts'
import { resolveRequestSchema } from '../../core/contract/sync-requests.ts'
import { NotFoundError } from '../lib/errors.ts'
import { parseInput, parseParam } from '../lib/parse-input.ts'
import type { AdminPosts } from '../services/posts/admin-posts.ts'
import type { PostHistory } from '../services/posts/post-history.ts'
import type { PostPreview } from '../services/posts/post-preview.ts'
import type { ContentSync } from '../services/sync/content-sync.ts'
import { refusedCommitProblem, syncOffStatus } from '../services/sync/content-sync-status.ts'
import { apiRouter } from './api-router.ts'
import { readPostListQuery } from './post-list-query.ts'
import { sendPreview } from './send-preview.ts'
import { actorOf, requireRole, requireSignIn } from './sessions.ts'

/**
 * SPEC §7's admin calls, every one behind a session. Each answer carries the post's
 * `version` (also as ETag); an update sends it back as `version`, a delete as `If-Match`.
 * Roles: every signed-in person reads (posts, history, problems, sync state) and previews;
 * what a post save, delete or restore may do depends on the post, so AdminPosts decides it
 * (post-permissions.ts) from the actor each call passes; settling a sync conflict, which writes
 * any file, is for editors and admins.
 */
export function adminRoutes(deps: {
  accounts: AccountStore
  posts: AdminPosts
  history: PostHistory
  preview: PostPreview
  /** The post files the site cannot read (and the other content files', some read again first). */
  content: { problems(): PostProblem[] | Promise<PostProblem[]> }
  /** Two-way sync with the git remote; null when none is configured. */
  sync?: { service: ContentSync | null; branch: () => Promise<string> }
  /** SITE_TIMEZONE: the editor says when a post dated later goes live. */
  timeZone: string
}): Router {
  const router = apiRouter({ prefix: API_PREFIX.admin, checks: [requireSignIn(deps.accounts)] })


  // What the admin UI needs to know of the site (whose midnight starts a scheduled post's day).
  router.get('/site', (ctx) => {
    ctx.body = { timeZone: deps.timeZone } satisfies SiteInfo
  })

  // Cards, not posts (a list of 10,000 posts must not carry their content): `?q=&state=&sort=&page=&perPage=`; the matching count in X-Total-Count.
  router.get('/blog/posts', (ctx) => {
    const { posts, total } = deps.posts.list(readPostListQuery(ctx.query))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = posts satisfies AdminPostCard[]
  })

  // Files the site cannot read (hand-written front matter, a duplicate id...) and a path that made
  // the sync refuse a remote commit: [{ path, reason }].
  router.get('/blog/problems', async (ctx) => {
    const refused = deps.sync?.service?.refused() ?? null
    ctx.body = [...(refused ? [refusedCommitProblem(refused)] : []), ...(await deps.content.problems())] satisfies PostProblem[]
  })

  router.get('/blog/posts/:id', (ctx) => {
    sendPost(ctx, deps.posts.get(postId(ctx)))
  })

  router.post('/blog/posts', async (ctx) => {
    const { post } = await deps.posts.create(ctx.request.body, ctx.state.author, actorOf(ctx))
    ctx.status = 201
    ctx.set('Location', API_PATHS.adminPost(post.id))
    sendPost(ctx, post)
  })

  router.put('/blog/posts/:id', async (ctx) => {
    const { post } = await deps.posts.update(postId(ctx), ctx.request.body, ctx.state.author, actorOf(ctx))
    sendPost(ctx, post)
  })

  // The post page as visitors will see it, from unsaved fields: HTML that runs nothing.
  router.post('/blog/preview', async (ctx) => {
    sendPreview(ctx, await deps.preview.render(ctx.request.body))
  })

  // A post's past versions: the commits that changed it, one version, a restore.
  router.get('/blog/posts/:id/history', async (ctx) => {
    ctx.body = (await deps.history.list(postId(ctx))) satisfies PostHistoryEntry[]
  })

  router.get('/blog/posts/:id/history/:commit', async (ctx) => {
    const id = postId(ctx)
    sendPost(ctx, await deps.history.version(id, parseInput(commitParamsSchema, ctx.params).commit))
  })

  router.post('/blog/posts/:id/restore', async (ctx) => {
    const { post } = await deps.posts.restore(postId(ctx), ctx.request.body, ctx.state.author, actorOf(ctx))
    sendPost(ctx, post)
  })

  // A version beside the current one: the fields that differ, the content with its words marked.
  router.get('/blog/posts/:id/history/:commit/compare', async (ctx) => {
    const id = postId(ctx)
    ctx.body = (await deps.history.compare(id, parseInput(commitParamsSchema, ctx.params).commit)) satisfies VersionComparison
  })

  // Deleted posts, from git (their histories are at /blog/posts/:id/history), and bringing one back.
  router.get('/blog/deleted', async (ctx) => {
    ctx.body = (await deps.history.deletedPosts()) satisfies DeletedPost[]
  })

  router.post('/blog/deleted/:id/restore', async (ctx) => {
    const { post } = await deps.posts.undelete(postId(ctx), ctx.request.body, ctx.state.author, actorOf(ctx))
    ctx.status = 201
    ctx.set('Location', API_PATHS.adminPost(post.id))
    sendPost(ctx, post)
  })

  // Sync with the git remote: where it stands, "sync now", and settling a conflict.
  router.get('/sync', async (ctx) => {
    const sync = deps.sync
    ctx.body = (sync?.service ? await sync.service.status() : syncOffStatus(sync ? await sync.branch() : '')) satisfies SyncStatus
  })

  router.post('/sync', async (ctx) => {
    const service = deps.sync?.service
    if (!service) throw new NotFoundError('No git remote is configured (GIT_REMOTE_URL)')
    service.request('manual')
    ctx.status = 202
    ctx.body = (await service.status()) satisfies SyncStatus
  })

  // Body: { slug, keep: 'mine' | 'theirs' } for a post, or { path, keep } for any other file.
  router.post('/sync/resolve', requireRole('admin', 'editor'), async (ctx) => {
    const service = deps.sync?.service
    if (!service) throw new NotFoundError('No git remote is configured (GIT_REMOTE_URL)')
    const request = parseInput(resolveRequestSchema, ctx.request.body)
    const file = request.slug !== undefined ? service.fileOf(request.slug) : request.path
    ctx.body = await service.resolve({ file, keep: request.keep, author: ctx.state.author })
  })

  router.delete('/blog/posts/:id', async (ctx) => {
    await deps.posts.remove(postId(ctx), ctx.get('If-Match') || undefined, ctx.state.author, actorOf(ctx))
    ctx.status = 204
  })

  return router
}

function postId(ctx: Context): string {
  return parseParam(postIdParamSchema, ctx.params.id)
}

/** A whole post (an AdminPost, or a past version of one), its version also as ETag. */
function sendPost(ctx: Context, post: VersionedWirePost): void {
  ctx.set('ETag', `"${post.version}"`)
  ctx.body = post
}
