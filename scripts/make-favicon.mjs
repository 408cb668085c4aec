/**
 * `public/favicon.ico` from `public/favicon.svg`, the site's icon: what browsers, feed readers and
 * crawlers ask for at `/favicon.ico` whatever the page says, and what browsers without SVG icons
 * use. Run it again after changing the SVG (`node scripts/make-favicon.mjs`); the result is
 * committed, so neither the build nor a start needs sharp for it.
 *
 * An ICO file holding PNG images (Windows Vista's format, read by every current browser): a 6-byte
 * header, a 16-byte entry per image, then the images. 16, 32 and 48 px: a tab, a high-density tab
 * and a desktop shortcut.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const FAVICON_SIZES = [16, 32, 48]

/** The ICO file holding these square PNG images (pure). */
export function packIco(images) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // 1: an icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4)
  const entries = []
  let offset = header.length + 16 * images.length
  for (const { size, png } of images) {
    if (size < 1 || size > 256) throw new Error(`an icon is 1 to 256 px wide, not ${size}`)
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size === 256 ? 0 : size, 0) // width (0 means 256)
    entry.writeUInt8(size === 256 ? 0 : size, 1) // height
    entry.writeUInt8(0, 2) // no palette
    entry.writeUInt8(0, 3) // reserved
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel: RGBA
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    entries.push(entry)
    offset += png.length
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)])
}

/** Each size rendered from the SVG by sharp (librsvg), as a PNG. */
export async function renderIcon(svg, sizes = FAVICON_SIZES) {
  const { default: sharp } = await import('sharp')
  return Promise.all(
    sizes.map(async (size) => ({
      size,
      // A density that draws the 32-unit viewBox at `size` px directly, rather than scaling a bitmap.
      png: await sharp(svg, { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer(),
    })),
  )
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public')
  const svg = await readFile(path.join(publicDir, 'favicon.svg'))
  const ico = packIco(await renderIcon(svg))
  await writeFile(path.join(publicDir, 'favicon.ico'), ico)
  console.log(`public/favicon.ico: ${FAVICON_SIZES.join(', ')} px, ${ico.length} bytes`)
}
