import type { Post } from '../../core/post.ts'
import type { ApiClient } from '../support/admin-client.ts'
import { percentile } from './report.ts'

/** The admin the bench servers are started with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { username: 'bench', password: 'bench password that is long' }

type SavedPost = { id: string; slug: string; version: string } & Record<string, unknown>

/**
 * One update through the admin API; returns the time from request to answer. The answer
 * comes after validation, the atomic write, the git commit and the affected pages, so at
 * that moment the change is live. `posts` keeps each post as last saved (its version).
 */
export async function timedSave(api: ApiClient, posts: Map<string, SavedPost>, slug: string, kind: 'content' | 'title', n: number): Promise<number> {
  const post = posts.get(slug) ?? (await api.postBySlug<SavedPost>(slug))!
  const body =
    kind === 'content'
      ? { ...post, content: `${String(post.content)}\n<p>Content edit ${n}</p>` }
      : { ...post, title: `${String(post.title).replace(/ \(title edit -?\d+\)$/, '')} (title edit ${n})` }
  const started = performance.now()
  const { status, body: saved } = await api.json<SavedPost>('PUT', `/api/admin/blog/posts/${post.id}`, body)
  const elapsed = performance.now() - started
  if (status !== 200) throw new Error(`save of ${slug} answered ${status}: ${JSON.stringify(saved)}`)
  posts.set(slug, saved)
  return elapsed
}

/**
 * The short form of `npm run bench:save` for `npm run bench`: `count` content edits of
 * published posts (after 3 not counted), p50 and p95, on a repository without history.
 */
export async function saveToLive(api: ApiClient, published: readonly Post[], count: number): Promise<{ p50Ms: number; p95Ms: number; saves: number }> {
  const posts = new Map<string, SavedPost>()
  for (let i = 0; i < 3; i++) await timedSave(api, posts, published[i]!.slug, 'content', -1 - i)
  const times: number[] = []
  for (let i = 0; i < count; i++) times.push(await timedSave(api, posts, published[(i * 7919) % published.length]!.slug, 'content', i))
  return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), saves: count }
}
