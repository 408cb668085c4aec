/**
 * One worker thread of the build's page rendering (render-workers.ts): loads the server build,
 * prepares the post pages' lean path as a running site does (pages/render-page.ts), then
 * renders and writes the post pages it is sent, answering which ones it wrote.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { PublicPost, PublishedPosts } from '../content/post.ts'
import { consoleLogger } from '../lib/logger.ts'
import { PageFiles } from '../pages/page-files.ts'
import { createPageRenderer, loadServerBuild, prepareLeanRendering, type RenderSettings } from '../pages/render-page.ts'
import type { WorkerBatch, WorkerReply, WorkerSetup } from './render-workers.ts'
import { postUrl } from '../../renderer/post-urls.ts'

const setup = workerData as WorkerSetup
const port = parentPort!
await loadServerBuild(setup.distDir)
const lean = await prepareLeanRendering(setup.distDir, setup.settings, consoleLogger)
const files = new PageFiles({ dir: setup.pagesDir, blocking: true })

port.on('message', (batch: WorkerBatch) => {
  void renderBatch(batch).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => port.postMessage({ written: [], failed: batch.posts.map((post) => [postUrl(post.slug), String(error)]) } satisfies WorkerReply),
  )
})
port.postMessage({ ready: true })

/** The post pages of one batch: only these posts are in it, which is all a post page reads. */
async function renderBatch(batch: WorkerBatch): Promise<WorkerReply> {
  const bySlug = new Map<string, PublicPost>(batch.posts.map((post) => [post.slug, post]))
  const posts: PublishedPosts = { list: () => batch.posts, get: (slug) => bySlug.get(slug) }
  const render = createPageRenderer({ posts, settings: setup.settings as RenderSettings, lean })
  const reply: WorkerReply = { written: [], failed: [] }
  for (const post of batch.posts) {
    const url = postUrl(post.slug)
    try {
      const page = await render(url)
      if (page?.status !== 200) throw new Error(`answered ${page?.status ?? 'nothing'}`)
      await files.write(url, page.html)
      reply.written.push(url)
    } catch (error) {
      reply.failed.push([url, error instanceof Error ? error.message : String(error)])
    }
  }
  return reply
}
