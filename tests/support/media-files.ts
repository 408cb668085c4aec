import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { type MediaExtension, mediaFileName, mediaUrl } from '../../core/media-urls.ts'
import { git } from './git.ts'

export interface MediaFixture {
  url: string
  /** Absolute path in the repository's work tree. */
  file: string
  bytes: Buffer
  width: number
  height: number
}

/**
 * An image made with sharp: a colour field, or `noisy` (a gradient under fine noise, which JPEG
 * cannot squeeze to nothing: a 4000×3000 one is about 2–4 MB, as a phone's photo).
 */
export async function makeImage(options: { width: number; height: number; ext: MediaExtension; noisy?: boolean; seed?: number }): Promise<Buffer> {
  const { width, height, ext } = options
  let image: Sharp
  if (options.noisy) {
    // Fine grain (what a sensor adds) over coarser texture (what survives downscaling, as a
    // photo's detail does), over a gradient: neither the original nor its variants compress to nothing.
    // Grey noise: light and shade, as in a photo, rather than specks of every colour.
    const noise = (w: number, h: number, sigma: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } }).toColourspace('b-w')
    const fine = await noise(width, height, 8).blur(1.2).png({ compressionLevel: 0 }).toBuffer()
    const coarse = await sharp(await noise(Math.ceil(width / 16), Math.ceil(height / 16), 40).png().toBuffer())
      .resize(width, height, { kernel: 'cubic' })
      .png({ compressionLevel: 0 })
      .toBuffer()
    const seed = options.seed ?? 0
    const gradient = Buffer.alloc(width * height * 3)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3
        gradient[i] = ((x * 255) / width + seed * 60) & 255
        gradient[i + 1] = ((y * 255) / height + seed * 30) & 255
        gradient[i + 2] = (128 + seed * 90) & 255
      }
    }
    image = sharp(
      await sharp(gradient, { raw: { width, height, channels: 3 } })
        .composite([{ input: coarse, blend: 'overlay' }])
        .raw()
        .toBuffer(),
      { raw: { width, height, channels: 3 } },
    ).composite([{ input: fine, blend: 'overlay' }])
  } else {
    image = sharp({ create: { width, height, channels: 3, background: { r: 40 + (options.seed ?? 0) * 20, g: 120, b: 200 } } })
  }
  if (ext === 'jpg') return image.jpeg({ quality: options.noisy ? 80 : 85 }).toBuffer()
  if (ext === 'png') return image.png().toBuffer()
  return image.gif().toBuffer()
}

/**
 * Puts an image into a content repository as the media library names it
 * (`content/media/<year>/<name>-<hash10>-<w>x<h>.<ext>`) and commits it with the git CLI.
 * `bytes`: the file as it is (one no upload would have let in), instead of an image made.
 */
export async function commitMedia(
  repoDir: string,
  options: { name: string; width: number; height: number; ext: MediaExtension; year?: string; noisy?: boolean; seed?: number; bytes?: Buffer },
): Promise<MediaFixture> {
  const bytes = options.bytes ?? (await makeImage(options))
  const media = {
    year: options.year ?? '2025',
    name: options.name,
    hash: createHash('sha256').update(bytes).digest('hex').slice(0, 10),
    width: options.width,
    height: options.height,
    ext: options.ext,
  }
  const relative = path.join('content', 'media', media.year, mediaFileName(media))
  const file = path.join(repoDir, relative)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, bytes)
  git(repoDir, 'add', relative)
  git(repoDir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', `media: add ${mediaFileName(media)}`)
  return { url: mediaUrl(media), file, bytes, width: media.width, height: media.height }
}
