/**
 * One worker thread of the build (render-workers.ts; their messages: worker-messages.ts): reads and checks the post files it is
 * sent, as the build's thread would (content/post-files.ts), and renders and writes the post
 * pages it is sent, through the lean path prepared as a running site prepares it
 * (pages/render-page.ts). Read jobs are answered from the start; the renderer (vike's server
 * runtime, the server build, React) loads meanwhile, and render jobs wait for it.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { PublicPost, PublishedPosts } from '../../core/post.ts'
import { PostFiles } from '../content/post-files.ts'
import { consoleLogger } from '../lib/logger.ts'
import { PageFiles } from '../pages/page-files.ts'
import type { RenderUrl } from '../pages/render-page.ts'
import type { PostExtras } from '../../core/post-extras.ts'
import type { SiteContent } from '../../core/site-content/index.ts'
import { type RenderReply, renderPostPages } from './render-post-pages.ts'
import { type SentReadResult, sendable, type WorkerJob, type WorkerReply, type WorkerSetup } from './worker-messages.ts'

const setup = workerData as WorkerSetup
const port = parentPort!
const postFiles = new PostFiles({ blogDir: setup.blogDir })
const pageFiles = new PageFiles({ dir: setup.pagesDir, blocking: true })

port.on('message', (job: WorkerJob) => {
  const work = 'read' in job ? read(job.read) : render(job.render, job.extras, job.site)
  void work.then(
    (reply) => port.postMessage({ id: job.id, ...reply } as WorkerReply),
    (error: unknown) => port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply),
  )
})

// Imported here, not above: read jobs need none of it.
const renderer = import('../pages/render-page.ts').then(async (pages) => {
  await pages.loadServerBuild(setup.distDir)
  const lean = await pages.prepareLeanRendering(setup.distDir, setup.settings, consoleLogger)
  return (posts: PublishedPosts, site: SiteContent): RenderUrl => pages.createPageRenderer({ posts, settings: setup.settings, lean, site: () => site })
})
renderer.catch(() => {}) // said by each render job

/** An error (a class of its own, which a message would not carry) is read again by the build's thread. */
async function read(names: string[]): Promise<{ read: [string, SentReadResult][] }> {
  return { read: sendable(await postFiles.readMany(names)) }
}

/**
 * The post pages of one batch: only these posts are in it, which is all a post page reads but
 * for what it shows of the others, which comes with them.
 */
async function render(batch: PublicPost[], extras: (PostExtras | null)[], site: SiteContent): Promise<RenderReply> {
  const bySlug = new Map<string, PublicPost>(batch.map((post) => [post.slug, post]))
  const extrasBySlug = new Map(batch.map((post, i) => [post.slug, extras[i] ?? null]))
  const posts: PublishedPosts = { list: () => batch, get: (slug) => bySlug.get(slug), extrasOf: (slug) => extrasBySlug.get(slug) ?? null }
  return renderPostPages(batch, (await renderer)(posts, site), pageFiles)
}
