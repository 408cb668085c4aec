/**
 * Video embeds over HTTP: a post that embeds a video gets a Content-Security-Policy that lets it
 * frame that video's player, and only that one; a post without one keeps the site's policy. The
 * server's first answer (Koa) and its quick answers say the same, so does the preview, and the
 * static export's nginx.conf served by nginx gives each page the server's header.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBuildInfo } from '../../server/build-info.ts'
import { loadConfig } from '../../server/config.ts'
import { exportSite } from '../../server/export/write-export.ts'
import { contentSecurityPolicy } from '../../server/http/security-headers.ts'
import { PREVIEW_CONTENT_SECURITY_POLICY } from '../../server/pages/preview-html.ts'
import type { RunningServer } from '../../server/start.ts'
import { newPostBody, type ApiClient } from '../support/admin-client.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { serveExportWithNginx, type StaticNginx } from '../support/static-nginx.ts'
import { signedInServer } from '../support/signed-in-server.ts'
import type { TempSite } from '../support/temp-site.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const YOUTUBE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
const VIMEO = 'https://player.vimeo.com/video/76979871'
const WITH_VIDEO = `<p>Watch this.</p>\n<iframe src="${YOUTUBE}" title="The launch"></iframe>\n<p>And this.</p>\n<figure><iframe src="${VIMEO}" title="The tour"></iframe><figcaption>A tour</figcaption></figure>`
const BOTH_FRAMES = "frame-src https://www.youtube-nocookie.com https://player.vimeo.com"

let site: TempSite
let server: RunningServer
let api: ApiClient
let close: () => Promise<void>
let nginx: StaticNginx | undefined

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
  for (const [slug, content] of [
    ['with-video', WITH_VIDEO],
    ['without-video', '<p>Only words.</p>'],
  ]) {
    const response = await api.request('POST', '/api/admin/blog/posts', { json: newPostBody({ slug, title: slug, content, publishDate: '2025-01-01' }) })
    expect(response.status, await response.clone().text()).toBe(201)
  }
  await server.site.pages.idle()
})

afterAll(async () => {
  await nginx?.stop()
  await close?.()
})

const policyOf = async (url: string) => {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(response.status, url).toBe(200)
  return response.headers.get('Content-Security-Policy')
}

describe('a post that embeds a video', () => {
  it('is saved as its file holds it, byte for byte, and a frame of any other kind is not', async () => {
    const saved = await api.postBySlug<{ content: string }>('with-video')
    expect(saved?.content).toBe(WITH_VIDEO)
    expect(await readFile(path.join(site.blogDir, 'with-video.html'), 'utf8')).toContain(`\n${WITH_VIDEO}\n`)
    const hostile = `<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>\n<iframe src="${YOUTUBE}" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;" allow="camera" onload="alert(1)"></iframe>`
    const response = await api.request('POST', '/api/admin/blog/posts', { json: newPostBody({ slug: 'hostile-frames', content: hostile }) })
    expect(response.status).toBe(201)
    expect(((await response.json()) as { content: string }).content).toBe(`<iframe src="${YOUTUBE}"></iframe>`)
  })

  it('may frame its providers’ players, on the first answer and the quick ones; a post without one keeps the site’s policy', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await policyOf(`${server.url}/blog/with-video`)).toBe(contentSecurityPolicy('production', ['youtube', 'vimeo']))
      expect(await policyOf(`${server.url}/blog/without-video`)).toBe(contentSecurityPolicy('production'))
      // The blog's own allowance is its search's WebAssembly (site-search.test.ts), no frame.
      expect(await policyOf(`${server.url}/blog`)).toBe(contentSecurityPolicy('production', [], true))
    }
    expect(contentSecurityPolicy('production', ['youtube', 'vimeo'])).toContain(BOTH_FRAMES)
  })

  it('its page loads nothing from the providers: the frames have no src, their pages only a play link', async () => {
    const html = await (await fetch(`${server.url}/blog/with-video`)).text()
    const frames = html.match(/<iframe [^>]*>/g) ?? []
    expect(frames).toHaveLength(2)
    for (const frame of frames) expect(frame).not.toMatch(/ src=/)
    expect(html).toContain('aria-label=&quot;Play video: The launch&quot;')
    expect(html).toContain(`href=&quot;${YOUTUBE}?autoplay=1&quot;`)
  })

  it('its preview may frame them too; a preview without one may not', async () => {
    const preview = async (content: string) => {
      const response = await api.request('POST', '/api/admin/blog/preview', { json: newPostBody({ slug: 'previewed', content }) })
      expect(response.status).toBe(200)
      return response.headers.get('Content-Security-Policy')
    }
    expect(await preview(`<iframe src="${VIMEO}" title="x"></iframe>`)).toBe(`${PREVIEW_CONTENT_SECURITY_POLICY}; frame-src https://player.vimeo.com`)
    expect(await preview('<p>x</p>')).toBe(PREVIEW_CONTENT_SECURITY_POLICY)
  })

  it('the static export’s nginx.conf gives each page the server’s policy', async () => {
    const env = { NODE_ENV: 'production', CONTENT_DIR: site.contentDir, DATA_DIR: site.dataDir, SITE_URL: 'https://watchio.example' }
    const config = { ...loadConfig(env, repoRoot), mode: 'production' as const }
    const out = path.join(path.dirname(site.repoDir), 'export')
    await exportSite({ config, build: (await readBuildInfo(config.distDir))!, logger: recordingLogger(), out })
    const conf = await readFile(path.join(out, 'nginx.conf'), 'utf8')
    // The two posts that embed a video (the hostile one kept its one allowed frame), and no other page.
    expect(conf.match(/frame-src/g)).toHaveLength(2)
    expect(conf).toContain('location = "/blog/with-video" {')
    expect(conf).toContain('location = "/blog/hostile-frames" {')
    nginx = await serveExportWithNginx({ root: out })
    for (const pathname of ['/blog/with-video', '/blog/hostile-frames', '/blog/without-video', '/blog', '/']) {
      expect(await policyOf(nginx.url + pathname), pathname).toBe(await policyOf(server.url + pathname))
    }
    // The page itself is the one the server answers.
    expect(await (await fetch(`${nginx.url}/blog/with-video`)).text()).toContain('data-provider="vimeo"')
  })
})
