import http from 'node:http'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaItem } from '../../core/contract/index.ts'
import type { RunningServer } from '../../server/start.ts'
import { CAPTIONS_VTT, clipMp4, clipWebm, silentMp3, toneWav } from '../support/av-files.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { git, runGitBytes } from '../support/git.ts'
import { signedInServer } from '../support/signed-in-server.ts'
import { TEST_SITE_URL, type TempSite } from '../support/temp-site.ts'
import { waitFor } from '../support/wait-for.ts'

/**
 * Videos, audio and captions in the media library over real HTTP: uploaded and checked by their
 * bytes within their own limits (set low here: 20 KB a video, 5 KB an audio file), committed as
 * they are, listed by kind, served with byte ranges, used by a post and shown on its page and in
 * its feed.
 */

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer({ env: { MEDIA_MAX_VIDEO_BYTES: '20000', MEDIA_MAX_AUDIO_BYTES: '5000' } }))
})

afterAll(() => close?.())

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => fetch(new URL(url, server.url), { method, headers })

/** Whatever the uploads left in the site's temp folder (nothing, once each has been answered). */
async function spooledFiles(): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(site.dataDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && path.basename(entry.parentPath) === 'uploads') found.push(entry.name)
  }
  return found
}

let video: MediaItem

describe('uploading videos, audio and captions', () => {
  it('stores a video as one commit of its very bytes, named by its hash and the extension its bytes say', async () => {
    const before = commitCount(site.repoDir)
    const { status, body } = await api.upload<MediaItem>(clipMp4(), { filename: 'Product Tour.MOV', type: 'video/quicktime' })
    expect(status).toBe(201)
    expect(body).toMatchObject({ kind: 'video', type: 'video/mp4', width: 0, height: 0, bytes: clipMp4().length, thumbnailUrl: '', usedBy: [] })
    expect(body.url).toMatch(/^\/media\/\d{4}\/product-tour-[0-9a-f]{10}\.mp4$/)
    video = body
    expect(commitCount(site.repoDir)).toBe(before + 1)
    const file = `content${body.url}`
    expect(git(site.repoDir, 'show', '--name-status', '--format=%s', 'HEAD').trim()).toBe(`media: add ${body.url.slice('/media/'.length)}\n\nA\t${file}`)
    expect(runGitBytes(['show', `HEAD:${file}`], { cwd: site.repoDir }).equals(clipMp4())).toBe(true)
    expect(await spooledFiles()).toEqual([])
  })

  it('takes WebM, MP3 and WebVTT each as its kind, and the same bytes again commit nothing', async () => {
    const webm = await api.upload<MediaItem>(clipWebm(), { filename: 'clip.webm' })
    expect(webm.body).toMatchObject({ kind: 'video', type: 'video/webm' })
    const mp3 = await api.upload<MediaItem>(silentMp3({ withId3: true }), { filename: 'episode.mp3' })
    expect(mp3.body).toMatchObject({ kind: 'audio', type: 'audio/mpeg' })
    expect(mp3.body.url).toMatch(/\/episode-[0-9a-f]{10}\.mp3$/)
    const vtt = await api.upload<MediaItem>(Buffer.from(CAPTIONS_VTT), { filename: 'tour.en.vtt', type: 'text/vtt' })
    expect(vtt.body).toMatchObject({ kind: 'captions', type: 'text/vtt; charset=utf-8' })
    const before = commitCount(site.repoDir)
    const again = await api.upload<MediaItem>(clipWebm(), { filename: 'other-name.mp4' })
    expect(again.status).toBe(201)
    expect(again.response.headers.get('X-Media-Existing')).toBe('true')
    expect(again.body.url).toBe(webm.body.url)
    expect(commitCount(site.repoDir)).toBe(before)
  })

  it('refuses an executable, a page or a script renamed as a video or captions (415), and commits nothing', async () => {
    const before = commitCount(site.repoDir)
    const exe = Buffer.concat([Buffer.from('MZ\u0090\u0000\u0003', 'latin1'), Buffer.alloc(4000, 1)])
    const cases: [Buffer, string, string, RegExp][] = [
      [exe, 'movie.mp4', 'video/mp4', /^The file is not a JPEG, PNG, GIF, WebP, AVIF or TIFF image, a video \(MP4, WebM\), an audio file \(MP3, M4A, Ogg, WAV\) or captions \(WebVTT\): its bytes are checked, not its name\.$/],
      [Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'movie.mp4', 'video/mp4', /its bytes are checked, not its name/],
      [Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\n<script>alert(1)</script>\n'), 'captions.vtt', 'text/vtt', /^The captions file holds markup that is not a cue tag: <script>/],
      [Buffer.from([...Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\n'), 0xc3, 0x28]), 'captions.vtt', 'text/vtt', /^The captions file is not UTF-8 text\.$/],
    ]
    for (const [bytes, filename, type, message] of cases) {
      const { status, body } = await api.upload(bytes, { filename, type })
      expect(status, filename).toBe(415)
      expect(String(body), filename).toMatch(message)
    }
    expect(commitCount(site.repoDir)).toBe(before)
    expect(await spooledFiles()).toEqual([])
  })

  it('refuses a video or an audio file over its own limit with 413 and says the limit, leaving nothing behind', async () => {
    const before = commitCount(site.repoDir)
    const long = await api.upload(Buffer.concat([clipMp4(), Buffer.alloc(10_000)]), { filename: 'long.mp4' })
    expect(long.status).toBe(413)
    expect(long.body).toBe('The video is too large (the limit is 20 KB).')
    const wav = await api.upload(toneWav(), { filename: 'tone.wav' })
    expect(wav.status).toBe(413)
    expect(wav.body).toBe('The audio file is too large (the limit is 5 KB).')
    expect(commitCount(site.repoDir)).toBe(before)
    expect(await spooledFiles()).toEqual([])
  })

  it('removes the spooled part of an upload whose client went away in the middle of it', async () => {
    const boundary = 'interrupted-upload'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tour.mp4"\r\nContent-Type: video/mp4\r\n\r\n`
    const url = new URL('/api/admin/media', server.url)
    const request = http.request(url, {
      method: 'POST',
      headers: {
        Cookie: api.cookieHeader,
        Origin: TEST_SITE_URL,
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(1_000_000),
      },
    })
    request.on('error', () => {})
    // More than the first bytes the kind is told from: the rest goes to a temp file, which is seen.
    request.write(Buffer.concat([Buffer.from(head), clipMp4().subarray(0, 12_000)]))
    await waitFor(async () => (await spooledFiles()).length > 0)
    request.destroy()
    await waitFor(async () => (await spooledFiles()).length === 0)
    expect((await api.json<MediaItem[]>('GET', '/api/admin/media?kind=video')).status).toBe(200)
  })

  it('lists each kind on its own, and all of them without a kind', async () => {
    const videos = await api.json<MediaItem[]>('GET', '/api/admin/media?kind=video')
    expect(videos.body.map((item) => item.type).sort()).toEqual(['video/mp4', 'video/webm'])
    expect(videos.response.headers.get('X-Total-Count')).toBe('2')
    const captions = await api.json<MediaItem[]>('GET', '/api/admin/media?kind=captions')
    expect(captions.body.map((item) => item.kind)).toEqual(['captions'])
    const all = await api.json<MediaItem[]>('GET', '/api/admin/media?perPage=100')
    expect(new Set(all.body.map((item) => item.kind))).toEqual(new Set(['video', 'audio', 'captions']))
    const wrong = await api.request('GET', '/api/admin/media?kind=pdf')
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toBe('kind must be one of image, video, audio, captions')
  })
})

describe('serving them', () => {
  it('answers the whole file with its type, ranges offered, cached like an image, never sniffed', async () => {
    const response = await get(video.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('video/mp4')
    expect(response.headers.get('Accept-Ranges')).toBe('bytes')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
    expect(Buffer.from(await response.arrayBuffer()).equals(clipMp4())).toBe(true)
    const etag = response.headers.get('ETag')!
    expect((await get(video.url, { 'If-None-Match': etag })).status).toBe(304)
  })

  it('answers one range with 206 and its part, an unsatisfiable one with 416, several with the whole file', async () => {
    const size = clipMp4().length
    const part = await get(video.url, { Range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-199/${size}`)
    expect(part.headers.get('Content-Length')).toBe('100')
    expect(Buffer.from(await part.arrayBuffer()).equals(clipMp4().subarray(100, 200))).toBe(true)
    const tail = await get(video.url, { Range: 'bytes=-16' })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer()).equals(clipMp4().subarray(size - 16))).toBe(true)
    const open = await get(video.url, { Range: `bytes=${size - 10}-` })
    expect(open.headers.get('Content-Range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`)
    await open.arrayBuffer()
    const past = await get(video.url, { Range: `bytes=${size}-` })
    expect(past.status).toBe(416)
    expect(past.headers.get('Content-Range')).toBe(`bytes */${size}`)
    await past.text()
    const several = await get(video.url, { Range: 'bytes=0-9,20-29' })
    expect(several.status).toBe(200)
    expect((await several.arrayBuffer()).byteLength).toBe(size)
    const head = await get(video.url, { Range: 'bytes=0-9' }, 'HEAD')
    expect(head.status).toBe(206)
    expect(head.headers.get('Content-Length')).toBe('10')
  })

  it('honours If-Range: a range of this very file, the whole file when the tag is another', async () => {
    const etag = (await get(video.url, {}, 'HEAD')).headers.get('ETag')!
    const same = await get(video.url, { Range: 'bytes=0-9', 'If-Range': etag })
    expect(same.status).toBe(206)
    await same.arrayBuffer()
    const other = await get(video.url, { Range: 'bytes=0-9', 'If-Range': '"another-1"' })
    expect(other.status).toBe(200)
    expect((await other.arrayBuffer()).byteLength).toBe(clipMp4().length)
  })

  it('serves captions as WebVTT text, and a name of no library file as a plain 404', async () => {
    const captions = (await api.json<MediaItem[]>('GET', '/api/admin/media?kind=captions')).body[0]!
    const response = await get(captions.url)
    expect(response.headers.get('Content-Type')).toBe('text/vtt; charset=utf-8')
    expect(await response.text()).toBe(CAPTIONS_VTT)
    const missing = await get(video.url.replace(/[0-9a-f]{10}\.mp4$/, '0000000000.mp4'))
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('Not Found')
  })
})

describe('in a post', () => {
  const figure = () =>
    `<figure><video controls preload="metadata" src="${video.url}"></video><figcaption>The tour</figcaption></figure>`

  it('is saved as written, shown on the post page and linked from the feed, and cannot be deleted while used', async () => {
    const content = `<p>Watch it:</p>\n${figure()}`
    // Autoplay and a missing preload are mended on save, as the sanitizer writes every post.
    const written = content.replace('controls preload="metadata"', 'autoplay controls')
    const saved = await api.json<{ content: string }>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'tour', title: 'Tour', content: written }))
    expect(saved.status).toBe(201)
    expect(saved.body.content).toBe(content)
    expect(git(site.repoDir, 'show', 'HEAD:content/blog/tour.html')).toContain(`\n<p>Watch it:</p>\n${figure()}`)

    const page = await (await get('/blog/tour')).text()
    expect(page).toContain(figure())
    const feed = await (await get('/blog/rss.xml')).text()
    // Absolute against SITE_URL, as every URL of a feed.
    const link = feed.match(/&lt;p&gt;&lt;a href="([^"]+)"&gt;Video: The tour&lt;\/a&gt;&lt;\/p&gt;/)?.[1]
    expect(link).toMatch(/^https?:\/\//)
    expect(new URL(link!).pathname).toBe(video.url)
    expect(feed).not.toContain('&lt;video')

    const used = await api.request('DELETE', `/api/admin/media/${video.id}`)
    expect(used.status).toBe(409)
    expect(await used.text()).toBe('This file is used by a post: "Tour" (tour). Remove it from them first.')
  })

  it('deletes an unused file in one commit', async () => {
    const audio = (await api.json<MediaItem[]>('GET', '/api/admin/media?kind=audio')).body[0]!
    const before = commitCount(site.repoDir)
    const removed = await api.request('DELETE', `/api/admin/media/${audio.id}`)
    expect(removed.status).toBe(204)
    expect(commitCount(site.repoDir)).toBe(before + 1)
    expect((await get(audio.url)).status).toBe(404)
  })
})
