import { createHash } from 'node:crypto'
import type { Metadata, OutputInfo } from 'sharp'
import type { MediaType } from '../../renderer/contract/index.ts'
import { MAX_MEDIA_SIDE, type MediaExtension } from '../../renderer/media-urls.ts'
import { TooLargeError, UnsupportedMediaTypeError } from '../lib/errors.ts'
import { loadSharp } from './load-sharp.ts'

/**
 * An upload made fit for the library: recognised by its bytes, checked against the pixel limit
 * from its header alone (a decompression bomb is refused before it is decoded), decoded whole
 * (a truncated file is refused), turned upright, and encoded again without any metadata: a
 * phone photo's EXIF carries where it was taken, and no image of the site should say so.
 */
export interface PreparedImage {
  bytes: Buffer
  type: MediaType
  ext: MediaExtension
  width: number
  height: number
  /** The first 10 hex digits of the SHA-256 of the bytes as uploaded: the same upload, the same hash. */
  hash: string
}

/** The types the library takes: the contract's. */
export type { MediaType }

interface Kind {
  type: MediaType
  ext: MediaExtension
  /** sharp's name for the format. */
  format: 'jpeg' | 'png' | 'gif'
  magic: number[][]
}

/** SPEC §5's image types, by their first bytes; an SVG (it can carry script) or anything else is none of them. */
const KINDS: Kind[] = [
  { type: 'image/jpeg', ext: 'jpg', format: 'jpeg', magic: [[0xff, 0xd8, 0xff]] },
  { type: 'image/png', ext: 'png', format: 'png', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  { type: 'image/gif', ext: 'gif', format: 'gif', magic: [[0x47, 0x49, 0x46, 0x38, 0x37, 0x61], [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]] },
]

export const NOT_AN_IMAGE = 'The file is not a JPEG, PNG or GIF image.'

/** The accepted type the bytes start like, or null. */
export function sniffImageType(bytes: Uint8Array): Kind | null {
  return KINDS.find((kind) => kind.magic.some((magic) => magic.every((byte, i) => bytes[i] === byte))) ?? null
}

export function uploadHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 10)
}

export async function prepareImage(bytes: Buffer, options: { maxPixels: number }): Promise<PreparedImage> {
  const kind = sniffImageType(bytes)
  if (!kind) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE)
  const animated = kind.format === 'gif'
  // Only what the header says: no pixel is decoded before the limit is checked.
  const metadata = await readMetadata(bytes, animated)
  if (metadata.format !== kind.format || !metadata.width || !metadata.height) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE)
  const frames = metadata.pages ?? 1
  const frameHeight = metadata.pageHeight ?? metadata.height
  if (metadata.width * frameHeight * frames > options.maxPixels) throw tooManyPixels(options.maxPixels)
  if (metadata.width > MAX_MEDIA_SIDE || frameHeight > MAX_MEDIA_SIDE) throw tooLong(metadata.width, frameHeight)

  // `failOn: 'truncated'`: a file cut short is refused; the small warnings real cameras cause are not.
  const sharp = await loadSharp()
  const image = sharp(bytes, { animated, failOn: 'truncated', limitInputPixels: options.maxPixels }).rotate()
  const encoded = kind.format === 'jpeg' ? image.jpeg({ quality: 90 }) : kind.format === 'png' ? image.png() : image.gif()
  let output: { data: Buffer; info: OutputInfo }
  try {
    // sharp writes no metadata unless asked (keepMetadata, withExif...), so EXIF, GPS, XMP and comments go.
    output = await encoded.toBuffer({ resolveWithObject: true })
  } catch {
    throw new UnsupportedMediaTypeError('The image is damaged or incomplete; it cannot be read.')
  }
  const height = animated ? (output.info.pageHeight ?? output.info.height) : output.info.height
  return { bytes: output.data, type: kind.type, ext: kind.ext, width: output.info.width, height, hash: uploadHash(bytes) }
}

async function readMetadata(bytes: Buffer, animated: boolean): Promise<Metadata> {
  try {
    // No pixel limit here: the header's size is compared below with the frames counted.
    const sharp = await loadSharp()
    return await sharp(bytes, { animated, limitInputPixels: false }).metadata()
  } catch {
    throw new UnsupportedMediaTypeError(NOT_AN_IMAGE)
  }
}

function tooLong(width: number, height: number): TooLargeError {
  const px = (n: number) => n.toLocaleString('en-US')
  return new TooLargeError(`The image is too large: at most ${px(MAX_MEDIA_SIDE)} pixels a side (this one is ${px(width)} × ${px(height)}).`)
}

function tooManyPixels(maxPixels: number): TooLargeError {
  return new TooLargeError(`The image has too many pixels (the limit is ${Math.round(maxPixels / 1_000_000)} megapixels).`)
}

/**
 * The readable part of a library file name, from the uploaded file's name: no folder, no
 * extension, lowercase letters and digits in words joined by `-`, at most 40 characters;
 * `image` when nothing is left (`../../etc/passwd.png` → `passwd`).
 */
export function readableName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? ''
  const stem = base.replace(/\.[^.]*$/, '')
  const words = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let name = ''
  for (const word of words) {
    const next = name ? `${name}-${word}` : word
    if (next.length > 40) break
    name = next
  }
  return name || (words[0]?.slice(0, 40) ?? '') || 'image'
}
