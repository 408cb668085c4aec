/**
 * A server whose pages are stale at start answers at once and renders them in the background
 * (PublicPages.catchUp), and no visitor meanwhile gets a page that disagrees with the content
 * on disk. The catch-up is held before a chunk through its real seam (startServer's `catchUp`
 * pace: one page a chunk, a hook before each), so what the site serves while it runs is seen
 * deterministically, not by racing a timer.
 */
import { existsSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { createTempSite, startTestServer, type TempSite } from '../support/temp-site.ts'

const EDITED = 'your-credentials-stay-on-your-device'
const DELETED = 'connect-an-xtream-codes-account'
const ADDED = 'added-while-stopped'
const SAVED = 'free-and-premium-plans-explained'

const ADDED_POST = [
  '---',
  'id: bg7added',
  'title: Added while the site was stopped',
  `slug: ${ADDED}`,
  'summary: A post committed by hand while no server ran.',
  "publishDate: '2026-01-01'",
  'isPublished: true',
  "featuredImageUrl: ''",
  '---',
  '<p>Written by hand.</p>',
  '',
].join('\n')

/** A gate the catch-up waits at before the chunk that starts at `at` pages done. */
function holdAt(at: number) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let reached = () => {}
  const isReached = new Promise<void>((resolve) => (reached = resolve))
  return {
    release,
    reached: isReached,
    beforeChunk: async ({ done }: { done: number }) => {
      if (done !== at) return
      reached()
      await released
    },
  }
}

let site: TempSite
let server: RunningServer | undefined

beforeAll(async () => {
  site = await createTempSite()
  // A first run writes the site's own pages and their stamps.
  const first = await startTestServer(site)
  await first.site.pages.idle()
  await first.close()
  expect(existsSync(path.join(site.pagesDir, 'blog', DELETED, 'index.html'))).toBe(true)
  // While it is stopped: a post edited, one deleted, one added, by hand.
  const edited = path.join(site.blogDir, `${EDITED}.html`)
  await writeFile(edited, (await readFile(edited, 'utf8')).replace(/^title: .*$/m, 'title: Edited while the site was stopped'))
  await rm(path.join(site.blogDir, `${DELETED}.html`))
  await writeFile(path.join(site.blogDir, `${ADDED}.html`), ADDED_POST)
  git(site.repoDir, 'add', '-A')
  git(site.repoDir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'by hand')
})

afterAll(async () => {
  await server?.close()
  await site?.cleanup()
})

const get = (pathname: string) => fetch(new URL(pathname, server!.url))
const text = async (pathname: string) => (await (await get(pathname)).text()).replace(/<!-- -->/g, '')
const status = async (pathname: string) => {
  const response = await get(pathname)
  await response.arrayBuffer()
  return response.status
}
const pageFile = (slug: string) => path.join(site.pagesDir, 'blog', slug, 'index.html')

describe('stale pages at start', () => {
  it('are served as the content is now while the catch-up runs, then from files again', async () => {
    const logger = recordingLogger()
    const gate = holdAt(0)
    server = await startTestServer(site, { logger, catchUp: { chunkSize: 1, progressEveryMs: 0, beforeChunk: gate.beforeChunk } })
    await gate.reached
    // Listening, and not one stale page rendered yet: the edited and deleted posts' old files are still there.
    // Stale: the three posts, /blog, the sitemap and the three feeds, and the 8 posts' pages that
    // link to one of the three (previous, next or related posts).
    expect(logger.lines).toContain('info: 16 pages differ from their content (changed since they were rendered, or rendered for other settings or another build): rendering them in the background; until then each is rendered when asked for')
    expect(logger.lines.some((line) => line.includes('Regenerated'))).toBe(false)
    expect(await readFile(pageFile(EDITED), 'utf8')).not.toContain('Edited while the site was stopped')
    expect(existsSync(pageFile(DELETED))).toBe(true)

    expect(await status('/api/blog/posts')).toBe(200)
    const edited = await get(`/blog/${EDITED}`)
    expect(edited.status).toBe(200)
    expect((await edited.text()).replace(/<!-- -->/g, '')).toContain('Edited while the site was stopped')
    // Rendered for this request, not the file.
    expect(edited.headers.get('cache-control')).toBe('no-cache')
    expect(await status(`/blog/${DELETED}`)).toBe(404)
    expect(await status(`/blog/${ADDED}`)).toBe(200)
    const list = await text('/blog')
    expect(list).toContain(`href="/blog/${ADDED}"`)
    expect(list).not.toContain(`href="/blog/${DELETED}"`)
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const urls = await sitemap.text()
    expect(urls).toContain(`/blog/${ADDED}</loc>`)
    expect(urls).not.toContain(`/blog/${DELETED}</loc>`)
    // Two requests at once for one stale page: both answer it whole.
    const twice = await Promise.all([text(`/blog/${EDITED}`), text(`/blog/${EDITED}`)])
    for (const html of twice) expect(html).toContain('Edited while the site was stopped')
    expect(logger.lines.some((line) => line.includes('Regenerated'))).toBe(false)

    gate.release()
    await server.site.pages.idle()
    for (let done = 1; done < 16; done++) {
      expect(logger.lines.some((line) => new RegExp(`^info: Rendering stale pages in the background: ${done} of 16 done in \\d+\\.\\d s$`).test(line)), `${done} of 16`).toBe(true)
    }
    expect(logger.lines.some((line) => /^info: Regenerated 16 pages in the background in \d+\.\d s \(16 were stale at start\)$/.test(line))).toBe(true)
    // Files again: the edited post's page holds the edit and is served from it, with an ETag.
    expect(await readFile(pageFile(EDITED), 'utf8')).toContain('Edited while the site was stopped')
    const served = await get(`/blog/${EDITED}`)
    expect(served.headers.get('cache-control')).toBe('public, no-cache')
    expect(served.headers.get('etag')).toBeTruthy()
    expect(await served.text()).toContain('Edited while the site was stopped')
    expect(existsSync(pageFile(DELETED))).toBe(false)
    expect(await status(`/blog/${DELETED}`)).toBe(404)
    expect(existsSync(pageFile(ADDED))).toBe(true)
  })

  it('a save during the catch-up is live at once, its page written before the catch-up goes on', async () => {
    await server!.close()
    // Other settings: every page is stale at this start.
    const logger = recordingLogger()
    const gate = holdAt(2)
    server = await startTestServer(site, { logger, env: { SITE_URL: 'https://other.example' }, catchUp: { chunkSize: 1, beforeChunk: gate.beforeChunk } })
    await gate.reached
    const api = await new ApiClient(server.url).signIn()
    const id = /^id: (.+)$/m.exec(await readFile(path.join(site.blogDir, `${SAVED}.html`), 'utf8'))![1]!
    const { body: post } = await api.json<Record<string, unknown>>('GET', `/api/admin/blog/posts/${id}`)
    // Not behind the remaining pages: the catch-up is held at its gate until after this answer
    // (a save that waited for it would never be answered), and the page's file is written.
    const { status: saved } = await api.json('PUT', `/api/admin/blog/posts/${id}`, { ...post, title: 'Saved during the catch-up' })
    expect(saved).toBe(200)
    expect(await readFile(pageFile(SAVED), 'utf8')).toContain('Saved during the catch-up')
    expect(await text(`/blog/${SAVED}`)).toContain('Saved during the catch-up')
    expect(logger.lines.some((line) => line.includes('Regenerated'))).toBe(false)
    gate.release()
    await server.site.pages.idle()
    expect(await text(`/blog/${SAVED}`)).toContain('Saved during the catch-up')
  })

  it('a shutdown stops the catch-up after its chunk, keeps the stamps, and the next start renders the rest', async () => {
    await server!.close()
    const logger = recordingLogger()
    const gate = holdAt(3)
    server = await startTestServer(site, { logger, env: { SITE_URL: 'https://third.example' }, catchUp: { chunkSize: 1, beforeChunk: gate.beforeChunk } })
    await gate.reached
    const stale = Number(/^info: (\d+) pages differ/.exec(logger.lines.find((line) => / pages differ /.test(line))!)![1])
    expect(stale).toBeGreaterThan(10)
    const closed = server.close()
    gate.release()
    expect(await closed).toMatchObject({ stalePages: stale - 3 })
    // The shutdown's one line says so (server/index.ts); the catch-up itself logs nothing more.
    expect(logger.lines.filter((line) => /Regenerated|Rendering stale|Stopped/.test(line)), logger.lines.join('\n')).toEqual([])

    const again = recordingLogger()
    server = await startTestServer(site, { logger: again, env: { SITE_URL: 'https://third.example' } })
    // The stale pages are found once the server listens.
    await server.site.pages.pagesKnown()
    // The three pages rendered before the shutdown are not rendered again.
    expect(again.lines.some((line) => line.startsWith(`info: ${stale - 3} pages differ`)), again.lines.join('\n')).toBe(true)
    await server.site.pages.idle()
    expect(again.lines.some((line) => line.startsWith(`info: Regenerated ${stale - 3} pages in the background`)), again.lines.join('\n')).toBe(true)
    expect(await text('/robots.txt')).toContain('Sitemap: https://third.example/sitemap.xml')
    expect(await readFile(pageFile(EDITED), 'utf8')).toContain('https://third.example')
  })
})
