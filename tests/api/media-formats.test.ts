/**
 * The image formats an upload may be, over the real server: WebP, AVIF and TIFF (made here by
 * sharp) are stored as a JPEG original, or a PNG when transparent, so the library keeps to
 * SPEC §5's types; a HEIC photo is refused with how to export a JPEG unless sharp can decode it;
 * bytes that start like one format and are not it, or are cut short, are refused and commit nothing.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseMediaUrl } from '../../core/media-urls.ts'
import type { RunningServer } from '../../server/start.ts'
import { type ApiClient, commitCount } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

interface MediaItem {
  id: string
  url: string
  width: number
  height: number
  type: string
  bytes: number
}

const HEIC_FIXTURE = path.join(import.meta.dirname, '../fixtures/media/iphone-photo.heic')
const SECRET = 'Secret-Camera-Owner-48.8584N'

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
})

afterAll(() => close?.())

/** A noisy photo, `width`×`height`, different for each seed. */
function photo(width: number, height: number, seed: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 90 + seed, sigma: 40 } } })
}

/** A logo-like image: a transparent canvas with an opaque square in it. */
async function transparent(width: number, height: number, seed: number): Promise<Sharp> {
  const square = await sharp({ create: { width: width / 2, height: height / 2, channels: 4, background: { r: 200, g: seed, b: 40, alpha: 1 } } })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([{ input: square, left: width / 4, top: height / 4 }])
}

/**
 * A TIFF of 8-bit grey pixels in one uncompressed strip, its directory first and the strip after
 * it (sharp writes the directory last), written out by hand: its header can claim more pixels
 * than follow it.
 */
function greyTiff(width: number, height: number, pixels: Buffer): Buffer {
  // [tag, type (3 SHORT, 4 LONG), value]
  const entries: [number, number, number][] = [
    [256, 4, width], // ImageWidth
    [257, 4, height], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: BlackIsZero
    [273, 4, 0], // StripOffsets, set below
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip
    [279, 4, (width * height) >>> 0], // StripByteCounts
  ]
  const ifdBytes = 2 + entries.length * 12 + 4
  const head = Buffer.alloc(8 + ifdBytes)
  head.write('II', 0, 'latin1')
  head.writeUInt16LE(42, 2)
  head.writeUInt32LE(8, 4)
  head.writeUInt16LE(entries.length, 8)
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12
    head.writeUInt16LE(tag, at)
    head.writeUInt16LE(type, at + 2)
    head.writeUInt32LE(1, at + 4)
    const written = tag === 273 ? head.length : value
    if (type === 3) head.writeUInt16LE(written, at + 8)
    else head.writeUInt32LE(written, at + 8)
  })
  return Buffer.concat([head, pixels])
}

/** A grey ramp, `width`×`height`, as greyTiff's strip. */
function ramp(width: number, height: number): Buffer {
  return Buffer.from(Array.from({ length: width * height }, (_, i) => (i * 7) % 256))
}

async function stored(item: MediaItem): Promise<Buffer> {
  return readFile(path.join(site.repoDir, `content${item.url}`))
}

async function mediaFiles(): Promise<string[]> {
  const dir = path.join(site.contentDir, 'media')
  if (!existsSync(dir)) return []
  return (await readdir(dir, { recursive: true })).sort()
}

/** Uploads and expects a 201 stored as `ext`, of the size given; answers the item and the stored file's metadata. */
async function uploadAs(bytes: Buffer, filename: string, expected: { ext: 'jpg' | 'png' | 'gif'; width: number; height: number }) {
  const before = commitCount(site.repoDir)
  const { status, body } = await api.upload<MediaItem>(bytes, { filename, type: 'application/octet-stream' })
  expect(status, `${filename}: ${JSON.stringify(body)}`).toBe(201)
  const type = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' }[expected.ext]
  expect(body).toMatchObject({ type, width: expected.width, height: expected.height })
  expect(body.url).toMatch(new RegExp(`-[0-9a-f]{10}-${expected.width}x${expected.height}\\.${expected.ext}$`))
  expect(commitCount(site.repoDir)).toBe(before + 1)
  const file = await stored(body)
  expect(file.length).toBe(body.bytes)
  const metadata = await sharp(file, { animated: expected.ext === 'gif' }).metadata()
  expect(metadata.format).toBe({ jpg: 'jpeg', png: 'png', gif: 'gif' }[expected.ext])
  expect(metadata.exif).toBeUndefined()
  return { item: body, metadata, file }
}

describe('POST /api/admin/media: formats besides JPEG, PNG and GIF', () => {
  it('stores a WebP photo as a JPEG original; a transparent WebP as a PNG, its transparency kept', async () => {
    const { item, metadata } = await uploadAs(await photo(640, 400, 1).webp().toBuffer(), 'Beach Day.webp', { ext: 'jpg', width: 640, height: 400 })
    expect(item.url).toMatch(/\/beach-day-[0-9a-f]{10}-640x400\.jpg$/)
    expect(metadata.hasAlpha).toBe(false)
    // The library's own rules follow from the name: variants of the JPEG are served.
    const variant = await fetch(server.url + item.url.replace('/media/', '/media/w320/'), { headers: { Accept: 'image/webp' } })
    expect(variant.status).toBe(200)
    expect(variant.headers.get('content-type')).toBe('image/webp')

    const logo = await uploadAs(await (await transparent(200, 100, 2)).webp({ lossless: true }).toBuffer(), 'logo.webp', { ext: 'png', width: 200, height: 100 })
    expect(logo.metadata.hasAlpha).toBe(true)
    const corner = await sharp(logo.file).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer()
    expect(corner[3]).toBe(0)
    const middle = await sharp(logo.file).extract({ left: 100, top: 50, width: 1, height: 1 }).raw().toBuffer()
    expect(middle[3]).toBe(255)
  })

  it('stores an AVIF as a JPEG, or a PNG when it is transparent', async () => {
    await uploadAs(await photo(300, 200, 3).avif().toBuffer(), 'phone.avif', { ext: 'jpg', width: 300, height: 200 })
    const logo = await uploadAs(await (await transparent(120, 80, 4)).avif().toBuffer(), 'badge.avif', { ext: 'png', width: 120, height: 80 })
    expect(logo.metadata.hasAlpha).toBe(true)
  })

  it('stores a TIFF as a JPEG, upright and without its metadata; its first page only; a transparent one as a PNG', async () => {
    // A scanner's or camera's TIFF: rotated by its orientation tag (stored 400×300, shown 300×400), with an owner.
    const scan = await photo(400, 300, 5)
      .tiff({ compression: 'lzw' })
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: SECRET } })
      .toBuffer()
    expect((await sharp(scan).metadata()).orientation).toBe(6)
    const { file } = await uploadAs(scan, 'scan.tif', { ext: 'jpg', width: 300, height: 400 })
    expect(file.includes(SECRET)).toBe(false)

    const pages = await Promise.all([photo(200, 100, 6), photo(200, 100, 7)].map((page) => page.png().toBuffer()))
    const document = await sharp(pages, { join: { animated: true } }).tiff({ compression: 'lzw' }).toBuffer()
    expect((await sharp(document).metadata()).pages).toBe(2)
    await uploadAs(document, 'two-pages.tiff', { ext: 'jpg', width: 200, height: 100 })

    await uploadAs(await (await transparent(80, 80, 8)).tiff({ compression: 'lzw' }).toBuffer(), 'cutout.tiff', { ext: 'png', width: 80, height: 80 })
  })

  it('stores an image whose alpha channel is opaque everywhere as a JPEG', async () => {
    // A TIFF keeps the channel as it is (libwebp would drop an opaque one itself).
    const opaque = await sharp({ create: { width: 90, height: 60, channels: 4, background: { r: 20, g: 120, b: 220, alpha: 1 } } }).tiff({ compression: 'lzw' }).toBuffer()
    expect((await sharp(opaque).metadata()).hasAlpha).toBe(true)
    await uploadAs(opaque, 'screenshot.tiff', { ext: 'jpg', width: 90, height: 60 })
  })

  it('stores an animated WebP as an animated GIF, every frame kept', async () => {
    const frames = await Promise.all(['#c33', '#3c3', '#33c'].map((background) => sharp({ create: { width: 40, height: 30, channels: 3, background } }).png().toBuffer()))
    const animated = await sharp(frames, { join: { animated: true } }).webp({ loop: 0, delay: [100, 100, 100] }).toBuffer()
    expect((await sharp(animated, { animated: true }).metadata()).pages).toBe(3)
    const { metadata } = await uploadAs(animated, 'spinner.webp', { ext: 'gif', width: 40, height: 30 })
    expect(metadata.pages).toBe(3)
  })

  it('answers the same url for the same WebP again, and commits nothing', async () => {
    const bytes = await photo(160, 90, 9).webp().toBuffer()
    const first = await api.upload<MediaItem>(bytes, { filename: 'again.webp' })
    const before = commitCount(site.repoDir)
    const again = await api.upload<MediaItem>(bytes, { filename: 'again-renamed.webp' })
    expect(again.status).toBe(201)
    expect(again.response.headers.get('x-media-existing')).toBe('true')
    expect(again.body.url).toBe(first.body.url)
    expect(again.body.id).toBe(parseMediaUrl(first.body.url)!.hash)
    expect(commitCount(site.repoDir)).toBe(before)
  })

  it('a HEIC photo: stored as a JPEG when sharp can decode HEVC, else refused with how to export a JPEG', async () => {
    const heic = await readFile(HEIC_FIXTURE)
    const header = await sharp(heic).metadata()
    expect(header).toMatchObject({ format: 'heif', compression: 'hevc', width: 160, height: 120 })
    const canDecode = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false
    if (canDecode) {
      await uploadAs(heic, 'IMG_0001.HEIC', { ext: 'jpg', width: 160, height: 120 })
      return
    }
    const before = commitCount(site.repoDir)
    const files = await mediaFiles()
    const { status, body } = await api.upload(heic, { filename: 'IMG_0001.HEIC', type: 'image/heic' })
    expect(status).toBe(415)
    expect(String(body)).toMatch(/^HEIC photos .* cannot be read here\. Upload a JPEG instead: .*File → Export → JPEG.*Settings → Camera → Formats → Most Compatible/)
    expect(commitCount(site.repoDir)).toBe(before)
    expect(await mediaFiles()).toEqual(files)
  })

  it('refuses bytes that start like one format and are another, or nothing, whatever the name says (415, nothing committed)', async () => {
    const png = await photo(64, 48, 10).png().toBuffer()
    const webp = await photo(64, 48, 11).webp().toBuffer()
    const jpeg = await photo(64, 48, 12).jpeg().toBuffer()
    const heicBox = (await readFile(HEIC_FIXTURE)).subarray(0, 28)
    const lies: [string, Buffer][] = [
      // A WebP's RIFF header in front of a PNG.
      ['riff-png.webp', Buffer.concat([webp.subarray(0, 12), png])],
      // A PNG signature in front of a WebP.
      ['sig-webp.png', Buffer.concat([png.subarray(0, 8), webp])],
      // A HEIC's ftyp box in front of a JPEG.
      ['box-jpeg.heic', Buffer.concat([heicBox, jpeg])],
      // A TIFF header and nothing of an image after it.
      ['header.tiff', Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), Buffer.from('not an image directory at all')])],
      // A RIFF WAVE (sound), named like a WebP.
      ['sound.webp', Buffer.concat([Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(32)])],
    ]
    const before = commitCount(site.repoDir)
    const files = await mediaFiles()
    for (const [filename, bytes] of lies) {
      const { status, body } = await api.upload(bytes, { filename, type: 'image/webp' })
      expect(status, filename).toBe(415)
      expect(String(body), filename).toMatch(/^The (file is not a JPEG, PNG, GIF, WebP, AVIF or TIFF image|image is damaged or incomplete)/)
    }
    // The name and type lie, the bytes do not: a WebP sent as photo.jpg is taken as the WebP it is.
    const named = await api.upload<MediaItem>(await photo(70, 50, 13).webp().toBuffer(), { filename: 'really-a-webp.jpg', type: 'image/jpeg' })
    expect(named.status).toBe(201)
    expect(named.body.url).toMatch(/\/really-a-webp-[0-9a-f]{10}-70x50\.jpg$/)
    expect(commitCount(site.repoDir)).toBe(before + 1)
    expect((await mediaFiles()).length).toBe(files.length + 1)
  })

  it('refuses a TIFF whose header claims 900 megapixels by its header (413), without decoding it', async () => {
    const bomb = greyTiff(30_000, 30_000, Buffer.alloc(16))
    expect(bomb.length).toBeLessThan(1024)
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'tiff', width: 30_000, height: 30_000 })
    const before = commitCount(site.repoDir)
    const { status, body } = await api.upload(bomb, { filename: 'bomb.tiff' })
    expect(status).toBe(413)
    // The header check's own refusal (prepare-image.ts tooManyPixels), made before any pixel is decoded.
    expect(String(body)).toMatch(/too many pixels/)
    expect(commitCount(site.repoDir)).toBe(before)
  })

  it('refuses a WebP, an AVIF or a TIFF cut short (415), and commits nothing', async () => {
    const whole: [string, Buffer][] = [
      ['cut.webp', await photo(400, 300, 14).webp().toBuffer()],
      ['cut.avif', await photo(400, 300, 15).avif().toBuffer()],
      ['cut.tiff', await photo(400, 300, 16).tiff({ compression: 'lzw' }).toBuffer()],
    ]
    const before = commitCount(site.repoDir)
    const files = await mediaFiles()
    for (const [filename, bytes] of whole) {
      for (const fraction of [0.5, 0.95]) {
        const cut = bytes.subarray(0, Math.floor(bytes.length * fraction))
        const { status, body } = await api.upload(cut, { filename })
        expect(status, `${filename} at ${fraction}`).toBe(415)
        expect(String(body)).toMatch(/^The (file is not a JPEG, PNG, GIF, WebP, AVIF or TIFF image|image is damaged or incomplete)/)
      }
    }
    // Its directory first, its pixels cut short: libtiff reads what there is and calls the rest an error.
    const strip = greyTiff(200, 100, ramp(200, 100))
    const cutPixels = await api.upload(strip.subarray(0, strip.length - 10_000), { filename: 'cut-strip.tiff' })
    expect(cutPixels.status).toBe(415)
    expect(String(cutPixels.body)).toBe('The image is damaged or incomplete; it cannot be read.')
    expect(commitCount(site.repoDir)).toBe(before)
    expect(await mediaFiles()).toEqual(files)
    git(site.repoDir, 'fsck', '--strict', '--no-progress')
    // Whole, the same file is taken.
    await uploadAs(strip, 'whole-strip.tiff', { ext: 'jpg', width: 200, height: 100 })
  })
})
