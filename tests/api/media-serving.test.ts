import { mkdir, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseMediaUrl } from '../../core/media-urls.ts'
import { siteDirOf } from '../../server/config.ts'
import { variantsDirOf } from '../../server/media/media-folder.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from '../support/admin-client.ts'
import { scanBomb } from '../support/jpeg-scan-bomb.ts'
import { commitMedia, makeImage, type MediaFixture } from '../support/media-files.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { waitFor } from '../support/wait-for.ts'
import type { TempSite } from '../support/temp-site.ts'
import { type SignedInServer, signedInServer } from '../support/signed-in-server.ts'

/**
 * /media/…: the library's originals and their variants (server/http/serve-media.ts,
 * server/media/media-variants.ts), over a real server and a real repository whose images are
 * committed with the git CLI.
 */
let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let restart: SignedInServer['restart']
let logger = recordingLogger()
let photo: MediaFixture
let drawing: MediaFixture
let small: MediaFixture
let anim: MediaFixture

const AVIF_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

beforeAll(async () => {
  ;({ site, server, close, restart } = await signedInServer({
    logger,
    signIn: false,
    prepare: async ({ repoDir }) => {
      photo = await commitMedia(repoDir, { name: 'holiday', width: 2400, height: 1600, ext: 'jpg', noisy: true })
      drawing = await commitMedia(repoDir, { name: 'diagram', width: 1000, height: 700, ext: 'png' })
      small = await commitMedia(repoDir, { name: 'icon', width: 300, height: 200, ext: 'jpg' })
      anim = await commitMedia(repoDir, { name: 'dance', width: 800, height: 600, ext: 'gif' })
    },
  }))
})

afterAll(() => close?.())

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(server.url + pathname, { headers })
const variant = (media: MediaFixture, width: number) => media.url.replace('/media/', `/media/w${width}/`)
const madeLines = () => logger.lines.filter((line) => line.startsWith('info: media: made'))

/** A request with the path exactly as written: fetch() would resolve `..` and re-encode. */
function rawGet(rawPath: string): Promise<number> {
  const { hostname, port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('originals', () => {
  it('are served as they are, immutable, with a strong ETag, the right type, nosniff and a sandboxing policy', async () => {
    for (const [media, type] of [[photo, 'image/jpeg'], [drawing, 'image/png'], [anim, 'image/gif']] as const) {
      const response = await get(media.url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(type)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(Buffer.from(await response.arrayBuffer()).equals(media.bytes)).toBe(true)
    }
  })

  it('answers 304 to a matching If-None-Match, and HEAD with the length and no body', async () => {
    const first = await get(photo.url)
    await first.arrayBuffer()
    const etag = first.headers.get('etag')!
    const again = await get(photo.url, { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(await again.text()).toBe('')
    expect((await get(photo.url, { 'If-None-Match': '"other"' })).status).toBe(200)

    const head = await fetch(server.url + photo.url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(photo.bytes.length))
    expect(head.headers.get('content-type')).toBe('image/jpeg')
    expect(await head.text()).toBe('')
  })

  it('answers 405 to other methods', async () => {
    const response = await fetch(server.url + photo.url, { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('variants', () => {
  it('come as AVIF, WebP or the original format by Accept, with Vary: Accept, immutable, at the width asked', async () => {
    const cases = [
      [AVIF_ACCEPT, 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['*/*', 'image/jpeg', 'jpeg'],
      ['', 'image/jpeg', 'jpeg'],
    ] as const
    for (const [accept, type, format] of cases) {
      const response = await get(variant(photo, 640), accept ? { Accept: accept } : {})
      expect(response.status, accept).toBe(200)
      expect(response.headers.get('content-type')).toBe(type)
      expect(response.headers.get('vary')).toMatch(/\bAccept\b/)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const body = Buffer.from(await response.arrayBuffer())
      const meta = await sharp(body).metadata()
      expect(meta.format).toBe(format)
      expect([meta.width, meta.height]).toEqual([640, Math.round((640 * 1600) / 2400)])
      expect(body.length).toBeLessThan(photo.bytes.length / 4)
    }
    const png = await get(variant(drawing, 320), { Accept: '*/*' })
    expect(png.headers.get('content-type')).toBe('image/png')
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).width).toBe(320)
  })

  it('have an ETag per format and answer 304 to it', async () => {
    const avif = await get(variant(photo, 960), { Accept: AVIF_ACCEPT })
    const webp = await get(variant(photo, 960), { Accept: 'image/webp' })
    await Promise.all([avif.arrayBuffer(), webp.arrayBuffer()])
    expect(avif.headers.get('etag')).not.toBe(webp.headers.get('etag'))
    const again = await get(variant(photo, 960), { Accept: AVIF_ACCEPT, 'If-None-Match': avif.headers.get('etag')! })
    expect(again.status).toBe(304)
  })

  it('are made once and then read from disk', async () => {
    const url = variant(photo, 1280)
    const before = madeLines().length
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(url, { Accept: 'image/webp' }).then(async (r) => [r.status, Buffer.from(await r.arrayBuffer())] as const)))
    expect(answers.map(([status]) => status)).toEqual([200, 200, 200, 200, 200])
    for (const [, body] of answers) expect(body.equals(answers[0]![1])).toBe(true)
    expect(madeLines().length - before).toBe(1)
    const later = await get(url, { Accept: 'image/webp' })
    expect(Buffer.from(await later.arrayBuffer()).equals(answers[0]![1])).toBe(true)
    expect(madeLines().length - before).toBe(1)
  })

  it('exist only for the fixed widths narrower than the original, and never for a GIF', async () => {
    for (const url of [
      variant(photo, 641), // not a fixed width
      variant(photo, 100),
      variant(small, 320), // as wide as asked is wider than the original (300)
      variant(drawing, 1280), // wider than the original (1000)
      variant(drawing, 1000),
      variant(anim, 320),
    ]) {
      expect((await get(url, { Accept: AVIF_ACCEPT })).status, url).toBe(404)
    }
    expect((await get(variant(drawing, 960))).status).toBe(200)
  })
})

describe('paths that are not the library', () => {
  it.each([
    ['/media/2025/holiday.jpg', 'a name without hash and size'],
    ['/media/2025/missing-0123456789-10x10.jpg', 'a library name with no file'],
    ['/media/2025/notes.txt', 'a file in the folder that is not the library’s'],
    ['/media/2025/../../package.json', 'traversal'],
    ['/media/2025/..%2f..%2fpackage.json', 'encoded slashes'],
    ['/media/2025%2fholiday-0123456789-10x10.jpg', 'an encoded slash in the year'],
    ['/media/..%2F..%2F.git%2Fconfig', 'encoded traversal'],
    ['/media/2025/%2e%2e/x-0123456789-10x10.jpg', 'encoded dots'],
    ['/media/2025/evil-0123456789-10x10.svg', 'another extension'],
    ['/media/2025/evil-0123456789-10x10.html', 'HTML'],
    ['/media/w320/2025/../2025/x-0123456789-10x10.jpg', 'traversal in a variant'],
    [`/media/2025/${'a'.repeat(300)}-0123456789-10x10.jpg`, 'a name too long for the file system'],
    ['/media/', 'the folder'],
    ['/media/2025/', 'a year'],
  ])('%s (%s) is a plain 404', async (rawPath) => {
    await writeFile(path.join(site.contentDir, 'media', '2025', 'notes.txt'), 'not an image')
    expect(await rawGet(rawPath)).toBe(404)
  })

  it('an original’s name in another case or a variant of an original’s URL with a wrong hash is a 404', async () => {
    expect((await get(photo.url.toUpperCase())).status).toBe(404)
    expect((await get(photo.url.replace(/-([0-9a-f]{10})-/, '-0000000000-'))).status).toBe(404)
    expect((await get(variant(photo, 320).replace(/-([0-9a-f]{10})-/, '-0000000000-'))).status).toBe(404)
  })
})

describe('a burst of requests for variants not yet made', () => {
  it('is answered, each with 200 or 503 (Retry-After), the server alive and serving after it', async () => {
    const images = await Promise.all(
      [1, 2, 3].map((seed) => commitMedia(site.repoDir, { name: `burst-${seed}`, width: 2000, height: 1500, ext: 'jpg', noisy: true, seed })),
    )
    const accepts = [AVIF_ACCEPT, 'image/webp', '*/*']
    const urls = images.flatMap((image) => [320, 640, 960, 1280, 1920].flatMap((width) => accepts.map((accept) => [variant(image, width), accept] as const)))
    const answers = await Promise.all(
      urls.map(async ([url, accept]) => {
        const response = await get(url, { Accept: accept })
        const body = Buffer.from(await response.arrayBuffer())
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body, url }
      }),
    )
    expect(answers).toHaveLength(45)
    for (const answer of answers) expect([200, 503]).toContain(answer.status)
    const busy = answers.filter((answer) => answer.status === 503)
    for (const answer of busy) expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    // Two encode at once and 16 wait: the rest is told to come back.
    expect(busy.length).toBeGreaterThan(0)
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(18)
    expect(server.site.media.load).toEqual({ running: 0, queued: 0, background: 0 })
    // Coming back later gets it.
    const retried = await get(busy[0]!.url, { Accept: 'image/webp' })
    expect(retried.status).toBe(200)
    expect((await get('/api/blog/posts')).status).toBe(200)
  })
})

describe('an original committed with git that no upload would have let in', () => {
  it('a JPEG of thousands of scans has no variants (404, never decoded) while others are made; its original is served as it is', async () => {
    const bomb = await commitMedia(site.repoDir, { name: 'scans', width: 330, height: 8, ext: 'jpg', bytes: await scanBomb({ width: 330, height: 8, scans: 5000 }) })
    const beside = await commitMedia(site.repoDir, { name: 'beside', width: 700, height: 400, ext: 'jpg', seed: 7 })
    const [refused, made] = await Promise.all([get(variant(bomb, 320), { Accept: AVIF_ACCEPT }), get(variant(beside, 320), { Accept: 'image/webp' })])
    expect(refused.status).toBe(404)
    expect(made.status).toBe(200)
    expect(made.headers.get('content-type')).toBe('image/webp')
    const file = bomb.url.slice('/media/'.length)
    const said = () => logger.lines.filter((line) => line.includes(file))
    expect(said()).toEqual([`warn: media: no variants of ${file}: a JPEG of 5010 scans (at most 200 are read)`])
    // Asked again, in another format: refused at once, not said again.
    expect((await get(variant(bomb, 320), { Accept: '*/*' })).status).toBe(404)
    expect(said()).toHaveLength(1)
    const original = await get(bomb.url)
    expect(original.status).toBe(200)
    expect(Buffer.from(await original.arrayBuffer()).equals(bomb.bytes)).toBe(true)
  })
})

describe('after a restart', () => {
  it('variants are read from the site’s folder, not made again', async () => {
    const url = variant(photo, 320)
    const first = Buffer.from(await (await get(url, { Accept: AVIF_ACCEPT })).arrayBuffer())
    const variantsDir = variantsDirOf(siteDirOf(site.dataDir, site.contentDir))
    const files = await readdir(variantsDir, { recursive: true })
    expect(files.some((name) => name.endsWith('w320.avif'))).toBe(true)
    const avifFile = path.join(variantsDir, files.find((name) => name.endsWith('w320.avif') && name.includes('holiday'))!)
    const madeAt = (await stat(avifFile)).mtimeMs

    logger = recordingLogger()
    server = await restart({ logger })
    const again = await get(url, { Accept: AVIF_ACCEPT })
    expect(again.status).toBe(200)
    expect(Buffer.from(await again.arrayBuffer()).equals(first)).toBe(true)
    expect(madeLines()).toEqual([])
    expect((await stat(avifFile)).mtimeMs).toBe(madeAt)
  })

  it('a removed image’s variants are not served, and forget() removes them', async () => {
    const gone = await commitMedia(site.repoDir, { name: 'gone', width: 700, height: 500, ext: 'jpg', seed: 3 })
    expect((await get(variant(gone, 320))).status).toBe(200)
    const media = parseMediaUrl(gone.url)!
    await rm(gone.file)
    expect((await get(gone.url)).status).toBe(404)
    expect((await get(variant(gone, 320))).status).toBe(404)
    await server.site.media.forget(media)
    const files = await readdir(variantsDirOf(siteDirOf(site.dataDir, site.contentDir)), { recursive: true })
    expect(files.some((name) => name.includes('gone-'))).toBe(false)
  })
})

describe('an upload through the admin API', () => {
  it('has its variants made in the background, and a delete removes them', async () => {
    const api = await new ApiClient(server.url).signIn()
    const uploaded = await api.upload<{ id: string; url: string }>(await makeImage({ width: 1000, height: 750, ext: 'jpg', noisy: true, seed: 7 }), { filename: 'Warm Me.jpg' })
    expect(uploaded.status).toBe(201)
    const media = parseMediaUrl(uploaded.body.url)!
    const variantsDir = variantsDirOf(siteDirOf(site.dataDir, site.contentDir))
    const made = async (): Promise<string[]> => {
      // A recursive listing fails when a folder goes while it is read (the delete below): list again.
      const names = await readdir(variantsDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null
        throw error
      })
      if (names === null) return made()
      return names.filter((name) => name.includes(`-${media.hash}-`) && /w\d+\.\w+$/.test(name))
    }
    // 320, 640 and 960 px, each as AVIF, WebP and JPEG, without a request for any of them.
    const files = await waitFor(async () => ((await made()).length === 9 ? made() : undefined))
    expect(files.map((name) => path.basename(name)).sort()).toEqual(
      ['w320.avif', 'w320.jpg', 'w320.webp', 'w640.avif', 'w640.jpg', 'w640.webp', 'w960.avif', 'w960.jpg', 'w960.webp'],
    )
    const before = madeLines().length
    expect((await get(variant({ url: uploaded.body.url } as MediaFixture, 640), { Accept: AVIF_ACCEPT })).status).toBe(200)
    expect(madeLines().length).toBe(before)

    expect((await api.json('DELETE', `/api/admin/media/${uploaded.body.id}`)).status).toBe(204)
    await waitFor(async () => (await made()).length === 0)
    expect((await get(variant({ url: uploaded.body.url } as MediaFixture, 640))).status).toBe(404)
  })
})

describe('links in the media folder (put there by hand, or by a pull of old) are never followed', () => {
  it('answers 404 for a library name that is a link to a local file, for its variants, and for a linked year folder', async () => {
    const mediaDir = path.join(site.contentDir, 'media')
    const secrets = [path.join(site.dataDir, 'admins.json'), path.join(site.dataDir, 'session-secret'), '/etc/passwd']
    const names = ['accounts-0123456789-10x10.png', 'secret-0123456789-10x10.png', 'passwd-0123456789-400x400.png']
    await mkdir(path.join(mediaDir, '2026'), { recursive: true })
    for (const [i, target] of secrets.entries()) await symlink(target, path.join(mediaDir, '2026', names[i]!))
    await symlink(path.join(site.dataDir), path.join(mediaDir, '2031'))
    try {
      for (const name of names) {
        const answer = await get(`/media/2026/${name}`)
        expect(answer.status, name).toBe(404)
        expect(await answer.text()).toBe('Not Found')
        expect((await fetch(server.url + `/media/2026/${name}`, { method: 'HEAD' })).status).toBe(404)
      }
      expect((await get('/media/w320/2026/passwd-0123456789-400x400.png', { Accept: AVIF_ACCEPT })).status).toBe(404)
      // The accounts file under a linked year folder, named like a library file.
      await symlink(path.join(site.dataDir, 'admins.json'), path.join(site.dataDir, 'admins-0123456789-10x10.png')).catch(() => {})
      expect((await get('/media/2031/admins-0123456789-10x10.png')).status).toBe(404)
    } finally {
      for (const name of names) await rm(path.join(mediaDir, '2026', name), { force: true })
      await rm(path.join(mediaDir, '2031'), { force: true })
    }
  })
})
