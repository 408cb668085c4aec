import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { deflateSync, crc32 } from 'node:zlib'
import sharp, { type Sharp } from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_PER_PAGE } from '../../core/contract/index.ts'
import { MAX_MEDIA_SIDE, parseMediaUrl } from '../../core/media-urls.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { scanBomb } from '../support/jpeg-scan-bomb.ts'
import { TEST_ADMIN, type TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

interface MediaItem {
  id: string
  url: string
  width: number
  height: number
  type: string
  bytes: number
  date: string
  alt: string
  thumbnailUrl: string
  usedBy: { id: string; slug: string; title: string }[]
}

/** A phone photo's secrets: none of them may reach the repository. */
const SECRET = 'Secret-Camera-Owner-51.5007N'

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
})

afterAll(() => close?.())

/**
 * POST /api/admin/media as the signed-in admin with `headers` and these body chunks, a body that
 * never ends (each chunk written once the socket took the one before): the answer the server
 * gives while the client could still send more.
 */
function answerWhileSending(headers: Record<string, string>, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL('/api/admin/media', server.url), { method: 'POST', headers: { ...headers, Cookie: api.cookieHeader }, agent: false }, (response) => {
      const parts: Buffer[] = []
      response.on('data', (part: Buffer) => parts.push(part))
      response.on('end', () => {
        request.destroy()
        resolve({ status: response.statusCode!, body: Buffer.concat(parts).toString('utf8') })
      })
    })
    request.on('error', reject)
    request.flushHeaders()
    void (async () => {
      for (const chunk of chunks) {
        if (request.destroyed) return
        if (!request.write(chunk)) await once(request, 'drain')
      }
    })().catch(() => {})
  })
}

/** A noisy photo (it does not compress to nothing), `width`×`height` as stored. */
function photo(width: number, height: number, seed = 1): Sharp {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100 + seed, sigma: 40 } } })
}

/** A JPEG as a phone writes one: rotated by EXIF (stored 800×600, shown 600×800), with GPS and an owner. */
async function phonePhoto(): Promise<Buffer> {
  return photo(800, 600)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: SECRET, Copyright: SECRET },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1' },
    })
    .toBuffer()
}

/** A PNG whose header claims 30,000 × 30,000 pixels (900 megapixels) in under a kilobyte. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(30_000, 0)
  header.writeUInt32BE(30_000, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(90_001 * 4))), chunk('IEND', Buffer.alloc(0))])
}

/** A 2×2 BMP, written out by hand (sharp cannot write one). */
function bitmap(): Buffer {
  const header = Buffer.alloc(54)
  header.write('BM', 0, 'latin1')
  header.writeUInt32LE(54 + 16, 2)
  header.writeUInt32LE(54, 10)
  header.writeUInt32LE(40, 14)
  header.writeInt32LE(2, 18)
  header.writeInt32LE(2, 22)
  header.writeUInt16LE(1, 26)
  header.writeUInt16LE(24, 28)
  header.writeUInt32LE(16, 34)
  return Buffer.concat([header, Buffer.alloc(16, 0x80)])
}

async function mediaFiles(): Promise<string[]> {
  const dir = path.join(site.contentDir, 'media')
  if (!existsSync(dir)) return []
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
}

function fsckClean(): void {
  // Throws (non-zero exit) on any problem.
  git(site.repoDir, 'fsck', '--strict', '--no-progress')
  expect(git(site.repoDir, 'status', '--porcelain')).toBe('')
}

describe('POST /api/admin/media', () => {
  it('stores an upload as one commit of that file alone, upright and without its metadata', async () => {
    const before = commitCount(site.repoDir)
    const original = await phonePhoto()
    const from = Date.now()
    const { status, body, response } = await api.upload<MediaItem>(original, { filename: 'Holiday at the Sea.JPG', type: 'image/jpeg', alt: '  The beach  ' })
    const by = Date.now()
    expect(status).toBe(201)
    const year = new Date().getUTCFullYear()
    expect(body).toMatchObject({ width: 600, height: 800, type: 'image/jpeg', alt: 'The beach', usedBy: [] })
    expect(body.url).toMatch(new RegExp(`^/media/${year}/holiday-at-the-sea-[0-9a-f]{10}-600x800\\.jpg$`))
    expect(body.id).toBe(parseMediaUrl(body.url)!.hash)
    expect(response.headers.get('location')).toBe(body.url)
    // Dated during the upload (a commit's date, to the second).
    expect(Date.parse(body.date)).toBeGreaterThanOrEqual(Math.floor(from / 1000) * 1000)
    expect(Date.parse(body.date)).toBeLessThanOrEqual(by)

    expect(commitCount(site.repoDir)).toBe(before + 1)
    const file = `content${body.url}`
    expect(git(site.repoDir, 'show', '--name-status', '--format=%an <%ae>|%s', 'HEAD')).toBe(
      `${TEST_ADMIN.displayName} <${TEST_ADMIN.username}@watchio.example>|media: add ${body.url.slice('/media/'.length)}\n\nA\t${file}`,
    )
    const stored = await readFile(path.join(site.repoDir, file))
    expect(stored.length).toBe(body.bytes)
    expect(git(site.repoDir, 'hash-object', file)).toBe(git(site.repoDir, 'rev-parse', `HEAD:${file}`))
    const metadata = await sharp(stored).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 600, height: 800 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect(stored.includes(SECRET)).toBe(false)
    // No EXIF segment at all (its GPS block lived in it): APP1 starts with "Exif\0\0".
    expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false)
    fsckClean()
  })

  it('answers the same url and commits nothing when the same bytes come again, under any name', async () => {
    const bytes = await photo(320, 200, 2).png().toBuffer()
    const first = await api.upload<MediaItem>(bytes, { filename: 'first.png' })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ type: 'image/png', width: 320, height: 200 })
    const before = commitCount(site.repoDir)
    const again = await api.upload<MediaItem>(bytes, { filename: 'another-name.png' })
    expect(again.status).toBe(201)
    expect(again.response.headers.get('x-media-existing')).toBe('true')
    expect(first.response.headers.get('x-media-existing')).toBeNull()
    expect(again.body.url).toBe(first.body.url)
    expect(commitCount(site.repoDir)).toBe(before)
  })

  it('takes GIFs, animated ones included', async () => {
    const frames = await sharp({ create: { width: 40, height: 30 * 3, channels: 3, background: '#c33' } })
      .gif()
      .toBuffer()
    const animated = await sharp(frames, { animated: false }).gif({ loop: 0 }).toBuffer()
    const { status, body } = await api.upload<MediaItem>(animated, { filename: 'spinner.gif' })
    expect(status).toBe(201)
    expect(body).toMatchObject({ type: 'image/gif', width: 40 })
    expect(body.url).toMatch(/\/spinner-[0-9a-f]{10}-40x90\.gif$/)
    // A GIF has no variants: its thumbnail is the file itself.
    expect(body.thumbnailUrl).toBe(body.url)
  })

  it('refuses anything that is not an image of a format it takes by its bytes, whatever its name and type say', async () => {
    const jpeg = await photo(400, 300, 3).jpeg().toBuffer()
    const hostile: [string, Buffer, string][] = [
      ['page.png', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'image/png'],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'image/svg+xml'],
      ['logo.png', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png'],
      ['cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'],
      ['header-only.jpg', jpeg.subarray(0, 3), 'image/jpeg'],
      ['noise.gif', Buffer.from('GIF89a garbage that is no image at all'), 'image/gif'],
      ['empty.jpg', Buffer.alloc(0), 'image/jpeg'],
      // A Windows bitmap: an image, but none of the formats the library takes.
      ['photo.bmp', bitmap(), 'image/bmp'],
      ['script.js', Buffer.from('alert(1)'), 'text/javascript'],
    ]
    const before = commitCount(site.repoDir)
    const files = await mediaFiles()
    for (const [filename, bytes, type] of hostile) {
      const { status, body } = await api.upload(bytes, { filename, type })
      expect(status, filename).toBe(415)
      expect(String(body), filename).toMatch(/JPEG, PNG, GIF, WebP, AVIF or TIFF|damaged/)
    }
    expect(commitCount(site.repoDir)).toBe(before)
    expect(await mediaFiles()).toEqual(files)
    fsckClean()
  })

  it('refuses a body over every kind’s limit with 413 before reading it, and an image past its own limit as soon as it passes it', async () => {
    const before = commitCount(site.repoDir)
    const boundary = '----watchio-test'
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`)
    const type = { 'Content-Type': `multipart/form-data; boundary=${boundary}` }
    // A Content-Length over the largest limit (a video's, 40 MB): answered before a byte of the body is sent.
    const sized = await answerWhileSending({ ...type, 'Content-Length': String(60 * 1024 * 1024) }, [])
    expect(sized.status).toBe(413)
    expect(sized.body).toBe('The file is too large (the limit is 10 MB for an image, 40 MB for a video, 20 MB for an audio file).')

    // Chunked, a JPEG by its first bytes: no length to judge by, so the file is cut off once it
    // passes the image limit: answered with 11 of its 30 MB sent and the body never ended.
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0])
    const chunked = await answerWhileSending(type, [Buffer.concat([head, jpegStart]), ...Array.from({ length: 11 }, () => Buffer.alloc(1024 * 1024, 0xff))])
    expect(chunked.status).toBe(413)
    expect(chunked.body).toMatch(/too large.*10 MB/)
    expect(commitCount(site.repoDir)).toBe(before)
  })

  it('refuses a decompression bomb by its header (413), without decoding it', async () => {
    const bomb = pixelBomb()
    expect(bomb.length).toBeLessThan(4096)
    const { status, body } = await api.upload(bomb, { filename: 'bomb.png', type: 'image/png' })
    expect(status).toBe(413)
    // The header check's own refusal (prepare-image.ts tooManyPixels), made before any pixel is decoded.
    expect(String(body)).toMatch(/too many pixels/)
  })

  it('refuses a progressive JPEG of thousands of scans (413) before decoding it, while an upload sent with it is stored', async () => {
    const before = commitCount(site.repoDir)
    const bomb = await scanBomb({ width: 64, height: 64, scans: 5000 })
    const normal = await photo(120, 90, 61).jpeg({ progressive: true }).toBuffer()
    const [refused, stored] = await Promise.all([
      api.upload(bomb, { filename: 'scans.jpg', type: 'image/jpeg' }),
      api.upload<MediaItem>(normal, { filename: 'beside.jpg', type: 'image/jpeg' }),
    ])
    expect(refused.status).toBe(413)
    expect(String(refused.body)).toBe('The JPEG is made of 5,010 scans (at most 200 are read; a photo has about 10). Save it again as a standard JPEG.')
    expect(stored.status).toBe(201)
    expect(stored.body).toMatchObject({ width: 120, height: 90, type: 'image/jpeg' })
    expect(commitCount(site.repoDir)).toBe(before + 1)
    expect(git(site.repoDir, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe(`content${stored.body.url}`)
  })

  it('refuses an image wider or taller than the library can serve (413), and commits nothing; the largest side it can is served', async () => {
    const before = commitCount(site.repoDir)
    for (const [width, height] of [[100_000, 1], [1, 100_000], [MAX_MEDIA_SIDE + 1, 2]] as const) {
      const png = await sharp({ create: { width, height, channels: 3, background: '#c00' } }).png().toBuffer()
      const { status, body } = await api.upload(png, { filename: 'ribbon.png', type: 'image/png' })
      expect(status, `${width}x${height}`).toBe(413)
      expect(String(body)).toContain(`at most ${MAX_MEDIA_SIDE.toLocaleString('en-US')} pixels a side`)
    }
    expect(commitCount(site.repoDir)).toBe(before)
    const edge = await sharp({ create: { width: MAX_MEDIA_SIDE, height: 1, channels: 3, background: '#0c0' } }).png().toBuffer()
    const uploaded = await api.upload<MediaItem>(edge, { filename: 'edge.png', type: 'image/png' })
    expect(uploaded.status).toBe(201)
    expect((await fetch(server.url + uploaded.body.url)).status).toBe(200)
    expect((await fetch(server.url + uploaded.body.url.replace('/media/', '/media/w320/'), { headers: { Accept: 'image/webp' } })).status).toBe(200)
    const listed = (await api.json<MediaItem[]>('GET', '/api/admin/media?perPage=100')).body.map((item) => item.url)
    expect(listed).toContain(uploaded.body.url)
  })

  it('makes a safe name of any file name: no folders, no traversal', async () => {
    const names = ['../../../etc/passwd.jpg', '..\\..\\windows\\system.jpg', '.git/config.jpg', '%2e%2e%2fx.jpg', '<script>.jpg', '....jpg', 'Été à Paris!.jpg']
    for (const [i, filename] of names.entries()) {
      const { status, body } = await api.upload<MediaItem>(await photo(64, 48, 10 + i).jpeg().toBuffer(), { filename })
      expect(status, filename).toBe(201)
      expect(body.url, filename).toMatch(/^\/media\/[0-9]{4}\/[a-z0-9]+(?:-[a-z0-9]+)*-[0-9a-f]{10}-64x48\.jpg$/)
    }
    // A NUL in the part's header makes it malformed: refused, not cleaned.
    expect((await api.upload(await photo(64, 48, 9).jpeg().toBuffer(), { filename: 'a\u0000b.jpg' })).status).toBe(400)
    const urls = (await api.json<MediaItem[]>('GET', '/api/admin/media?perPage=100')).body.map((item) => item.url)
    expect(urls).toEqual(expect.arrayContaining([expect.stringMatching(/\/passwd-/), expect.stringMatching(/\/ete-a-paris-/), expect.stringMatching(/\/image-|\/x-/)]))
    expect(git(site.repoDir, 'ls-files').split('\n').filter((file) => !file.startsWith('content/'))).toEqual([])
    fsckClean()
  })

  it('needs a session and a same-site request; the body is never read without them', async () => {
    const jpeg = await photo(100, 80, 20).jpeg().toBuffer()
    const before = commitCount(site.repoDir)
    const anonymous = await new ApiClient(server.url).upload(jpeg)
    expect(anonymous.status).toBe(401)

    const foreign = new ApiClient(server.url)
    await foreign.signIn()
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(jpeg)]), 'x.jpg')
    const fromElsewhere = await foreign.request('POST', '/api/admin/media', { body: form, headers: { Origin: 'https://evil.example' } })
    expect(fromElsewhere.status).toBe(403)
    const crossSite = await foreign.request('POST', '/api/admin/media', { body: form, headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(crossSite.status).toBe(403)
    // Multipart is taken on the upload path alone: elsewhere a form body is still refused.
    const formElsewhere = await foreign.request('POST', '/api/admin/blog/posts', { body: form })
    expect(formElsewhere.status).toBe(403)
    expect(commitCount(site.repoDir)).toBe(before)
  })

  it('answers 4xx for a body that is no upload', async () => {
    const noFile = new FormData()
    noFile.set('alt', 'just text')
    expect((await api.request('POST', '/api/admin/media', { body: noFile })).status).toBe(400)
    expect((await api.json('POST', '/api/admin/media', { file: 'x' })).status).toBe(415)
    const broken = await api.request('POST', '/api/admin/media', { body: 'not multipart at all', headers: { 'Content-Type': 'multipart/form-data; boundary=abc' } })
    expect(broken.status).toBe(400)
    const noBoundary = await api.request('POST', '/api/admin/media', { body: 'x', headers: { 'Content-Type': 'multipart/form-data' } })
    expect(noBoundary.status).toBe(400)
    const longAlt = await api.upload(await photo(30, 30, 21).jpeg().toBuffer(), { alt: 'a'.repeat(1500) })
    expect(longAlt.status).toBe(400)
  })

  it('commits concurrent uploads one after another: all there, linear history, fsck clean', async () => {
    const before = commitCount(site.repoDir)
    const images = await Promise.all(Array.from({ length: 6 }, (_, i) => photo(200 + i, 150, 30 + i).jpeg().toBuffer()))
    const answers = await Promise.all(images.map((bytes, i) => api.upload<MediaItem>(bytes, { filename: `burst-${i}.jpg` })))
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201))
    expect(commitCount(site.repoDir)).toBe(before + 6)
    // Linear: no merge commits, each of the six holds one file.
    expect(git(site.repoDir, 'rev-list', '--merges', 'HEAD')).toBe('')
    const added = git(site.repoDir, 'log', '-6', '--name-only', '--format=')
      .split('\n')
      .filter(Boolean)
      .sort()
    expect(added).toEqual(answers.map((answer) => `content${answer.body.url}`).sort())
    fsckClean()
  })
})

describe('GET /api/admin/media and DELETE /api/admin/media/{id}', () => {
  it('lists the library newest first with sizes, dimensions, dates, thumbnails and the posts that use each image', async () => {
    const { body: uploaded } = await api.upload<MediaItem>(await photo(1600, 1000, 40).jpeg().toBuffer(), { filename: 'used.jpg' })
    expect(uploaded.thumbnailUrl).toBe(uploaded.url.replace('/media/', '/media/w320/'))
    const post = newPostBody({ slug: 'with-photo', title: 'With photo', content: `<p>Look:</p><img src="${uploaded.url}" alt="A photo">` })
    const created = await api.json<{ id: string; content: string }>('POST', '/api/admin/blog/posts', post)
    expect(created.status).toBe(201)
    // The sanitizer keeps a library image: it is an image of this site.
    expect(created.body.content).toContain(`src="${uploaded.url}"`)

    const { status, body, response } = await api.json<MediaItem[]>('GET', '/api/admin/media?perPage=100')
    expect(status).toBe(200)
    expect(Number(response.headers.get('x-total-count'))).toBe(body.length)
    // A bare call answers the admin grid's page: the server and the admin share MEDIA_PER_PAGE.
    const bare = await api.json<MediaItem[]>('GET', '/api/admin/media')
    expect(bare.body.map((item) => item.url)).toEqual(body.slice(0, MEDIA_PER_PAGE).map((item) => item.url))
    expect(body[0]!.url).toBe(uploaded.url)
    expect(body[0]!.usedBy).toEqual([{ id: created.body.id, slug: 'with-photo', title: 'With photo' }])
    const dates = body.map((item) => item.date)
    expect([...dates].sort().reverse()).toEqual(dates)
    for (const item of body) expect(item).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{10}$/), bytes: expect.any(Number), width: expect.any(Number) })

    const page = await api.json<MediaItem[]>('GET', '/api/admin/media?perPage=2&page=2')
    expect(page.body.map((item) => item.url)).toEqual(body.slice(2, 4).map((item) => item.url))
    const found = await api.json<MediaItem[]>('GET', '/api/admin/media?q=used')
    expect(found.body.map((item) => item.url)).toEqual([uploaded.url])
    for (const query of ['page=0', 'perPage=1000', 'page=x', `q=${'x'.repeat(300)}`, 'page=1&page=2']) {
      expect((await api.json('GET', `/api/admin/media?${query}`)).status, query).toBe(400)
    }
    expect((await new ApiClient(server.url).json('GET', '/api/admin/media')).status).toBe(401)
  })

  it('refuses to delete an image a post uses (409, naming the post), then removes it in one commit once unused', async () => {
    const { body: list } = await api.json<MediaItem[]>('GET', '/api/admin/media?q=used')
    const image = list[0]!
    const before = commitCount(site.repoDir)
    const refused = await api.json('DELETE', `/api/admin/media/${image.id}`)
    expect(refused.status).toBe(409)
    expect(String(refused.body)).toContain('"With photo" (with-photo)')
    expect(commitCount(site.repoDir)).toBe(before)

    // Which uses count (a draft's featured image too) and the commit a removal makes are
    // MediaLibrary's rules: tests/integration/media-library-service.test.ts.
    const post = (await api.postBySlug<Record<string, unknown> & { id: string; version: string }>('with-photo'))!
    expect((await api.json('PUT', `/api/admin/blog/posts/${post.id}`, { ...post, content: '<p>No photo now</p>' })).status).toBe(200)
    const removed = await api.json('DELETE', `/api/admin/media/${image.id}`)
    expect(removed.status).toBe(204)
    expect(existsSync(path.join(site.repoDir, `content${image.url}`))).toBe(false)
    expect((await api.json('DELETE', `/api/admin/media/${image.id}`)).status).toBe(404)
    for (const id of ['../../x', 'ZZZZZZZZZZ', '0123456789abcdef', '%2e%2e', '%E0%A4%A', encodeURIComponent(image.url.split('/').pop()!)]) {
      expect((await api.json('DELETE', `/api/admin/media/${id}`)).status, id).toBe(404)
    }
    // A client that kept only the url may name the image by its path.
    const { body: other } = await api.upload<MediaItem>(await photo(50, 40, 60).png().toBuffer(), { filename: 'by-path.png' })
    expect((await api.json('DELETE', `/api/admin/media/${encodeURIComponent(other.url.slice('/media/'.length))}`)).status).toBe(204)
    expect(existsSync(path.join(site.repoDir, `content${other.url}`))).toBe(false)
    fsckClean()
  })
})
