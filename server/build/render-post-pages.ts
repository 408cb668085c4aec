import type { PublicPost } from '../../core/post.ts'
import type { PageFiles } from '../pages/page-files.ts'
import type { RenderUrl } from '../pages/render-page.ts'
import { postUrl } from '../../core/post-urls.ts'

/** What became of a batch of post pages: the URLs written, and those that failed, with why. */
export interface RenderReply {
  written: string[]
  failed: [url: string, reason: string][]
}

/**
 * Renders the pages of `posts` and writes them into `files`: one batch of the build's post
 * pages (render-workers.ts), on a worker thread or on the build's own.
 */
export async function renderPostPages(posts: readonly PublicPost[], render: RenderUrl, files: PageFiles): Promise<RenderReply> {
  const reply: RenderReply = { written: [], failed: [] }
  for (const post of posts) {
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
