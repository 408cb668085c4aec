import { createHash } from 'node:crypto'
import type { Metadata, OutputInfo, Sharp } from 'sharp'
import { type MediaType, UPLOAD_FORMAT_NAMES } from '../../core/contract/index.ts'
import { MAX_MEDIA_SIDE, type MediaExtension } from '../../core/media-urls.ts'
import { TooLargeError, UnsupportedMediaTypeError } from '../lib/errors.ts'
import { countJpegScans, MAX_JPEG_SCANS } from './jpeg-scans.ts'
import { isSharpTimeout, loadSharp, type SharpFunction } from './load-sharp.ts'
import { sniffUploadFormat, type UploadFormat } from './upload-formats.ts'

/**
 * An upload made fit for the library: recognised by its bytes, checked against the pixel limit
 * from its header alone (a decompression bomb is refused before it is decoded) and, a JPEG,
 * against the scan limit (jpeg-scans.ts: a scan bomb is refused before it is decoded), decoded whole
 * (a truncated file is refused), turned upright, and encoded again without any metadata: a
 * phone photo's EXIF carries where it was taken, and no image of the site should say so.
 *
 * JPEG, PNG and GIF stay what they are. WebP, AVIF, TIFF (and HEIC, where sharp can read it)
 * become a PNG when they are transparent somewhere, else a JPEG (an animated WebP a GIF, its
 * animation kept): the library holds SPEC §5's types only, which every page, feed and export
 * already serves and makes variants of.
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

/** What the library stores, by sharp's name for the format. */
type StoredFormat = 'jpeg' | 'png' | 'gif'

const STORED: Record<StoredFormat, { type: MediaType; ext: MediaExtension }> = {
  jpeg: { type: 'image/jpeg', ext: 'jpg' },
  png: { type: 'image/png', ext: 'png' },
  gif: { type: 'image/gif', ext: 'gif' },
}

export const NOT_AN_IMAGE = `The file is not a ${UPLOAD_FORMAT_NAMES} image.`
export const DAMAGED_IMAGE = 'The image is damaged or incomplete; it cannot be read.'
export const HEIC_UNREADABLE =
  'HEIC photos (the iPhone\'s format) cannot be read here. Upload a JPEG instead: on a Mac, open the photo in Preview and choose File → Export → JPEG; ' +
  'on an iPhone, set Settings → Camera → Formats → Most Compatible, or share the photo as a JPEG.'

/**
 * The most seconds the decoding and encoding of one upload may take: a 50-megapixel photo takes
 * about 2 s here. sharp looks at the clock as the output's pixels are made, so a progressive
 * JPEG's scans, all read before the first pixel, are not stopped by it: the scan limit bounds them.
 */
export const PREPARE_TIMEOUT_SECONDS = 30

export function uploadHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 10)
}

export async function prepareImage(bytes: Buffer, options: { maxPixels: number }): Promise<PreparedImage> {
  const sniffed = sniffUploadFormat(bytes)
  if (!sniffed) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE)
  if (sniffed === 'jpeg') {
    const scans = countJpegScans(bytes)
    if (scans > MAX_JPEG_SCANS) throw tooManyScans(scans)
  }
  const sharp = await loadSharp()
  // GIF and WebP may hold frames: read as such, their frames count against the pixel limit.
  const framed = sniffed === 'gif' || sniffed === 'webp'
  // Only what the header says: no pixel is decoded before the limit is checked.
  const metadata = await readMetadata(sharp, bytes, framed)
  const codec = codecOf(metadata)
  if (!codec || !codecMatches(sniffed, codec) || !metadata.width || !metadata.height) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE)
  if (codec === 'heic' && !canReadHeic(sharp)) throw new UnsupportedMediaTypeError(HEIC_UNREADABLE)
  const frames = framed ? (metadata.pages ?? 1) : 1
  const frameHeight = framed ? (metadata.pageHeight ?? metadata.height) : metadata.height
  if (metadata.width * frameHeight * frames > options.maxPixels) throw tooManyPixels(options.maxPixels)
  if (metadata.width > MAX_MEDIA_SIDE || frameHeight > MAX_MEDIA_SIDE) throw tooLong(metadata.width, frameHeight)

  // A GIF is read animated whatever its frame count (as it always was); a WebP only when it has frames.
  const animated = sniffed === 'gif' || frames > 1
  // `failOn: 'truncated'`: a file cut short is refused; the small warnings real cameras cause are
  // not. The other formats' decoders say less: libtiff reports a strip cut short as a read error
  // (not truncation) and libvips then goes on with what it has, so for them any error refuses.
  const failOn = codec === 'jpeg' || codec === 'png' || codec === 'gif' ? 'truncated' : 'error'
  const decode = () => sharp(bytes, { animated, failOn, limitInputPixels: options.maxPixels }).rotate()
  let output: { data: Buffer; info: OutputInfo }
  let stored: StoredFormat
  try {
    stored = await storedFormatOf(codec, { animated, metadata, decode })
    const image = decode()
    // An opaque image's alpha channel says nothing: dropped, it is a JPEG like any photo.
    if (stored === 'jpeg' && metadata.hasAlpha) image.removeAlpha()
    const encoded = stored === 'jpeg' ? image.jpeg({ quality: 90 }) : stored === 'png' ? image.png() : image.gif()
    // sharp writes no metadata unless asked (keepMetadata, withExif...), so EXIF, GPS, XMP and comments go.
    output = await encoded.timeout({ seconds: PREPARE_TIMEOUT_SECONDS }).toBuffer({ resolveWithObject: true })
  } catch (error) {
    if (isSharpTimeout(error)) throw new TooLargeError(`The image takes too long to read (more than ${PREPARE_TIMEOUT_SECONDS} seconds).`)
    throw new UnsupportedMediaTypeError(DAMAGED_IMAGE)
  }
  const height = animated ? (output.info.pageHeight ?? output.info.height) : output.info.height
  return { bytes: output.data, ...STORED[stored], width: output.info.width, height, hash: uploadHash(bytes) }
}

/** What the file holds, by sharp's header read: an AVIF and a HEIC are both HEIF, told apart by their codec. */
type Codec = StoredFormat | 'webp' | 'tiff' | 'avif' | 'heic'

function codecOf(metadata: Metadata): Codec | null {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'gif':
    case 'webp':
    case 'tiff':
      return metadata.format
    case 'heif':
      return metadata.compression === 'av1' ? 'avif' : metadata.compression === 'hevc' ? 'heic' : null
    default:
      return null
  }
}

/** The first bytes and the header must agree: a file that starts like one format and is another is refused. */
function codecMatches(sniffed: UploadFormat, codec: Codec): boolean {
  return sniffed === 'heif' ? codec === 'avif' || codec === 'heic' : sniffed === codec
}

/**
 * Whether this sharp can decode HEVC-coded HEIF. Its prebuilt libvips reads AVIF only (HEVC is
 * left out for its patents), and says so in the file suffixes its HEIF loader takes.
 */
function canReadHeic(sharp: SharpFunction): boolean {
  return sharp.format.heif?.input.fileSuffix?.includes('.heic') ?? false
}

/**
 * What the library keeps of an upload: SPEC §5's three types as they are; any other animated
 * image a GIF; any other still a PNG when it is transparent somewhere (an alpha channel that is
 * not opaque everywhere, which takes a pass over the pixels), else a JPEG.
 */
async function storedFormatOf(codec: Codec, image: { animated: boolean; metadata: Metadata; decode: () => Sharp }): Promise<StoredFormat> {
  if (codec === 'jpeg' || codec === 'png' || codec === 'gif') return codec
  if (image.animated) return 'gif'
  if (!image.metadata.hasAlpha) return 'jpeg'
  return (await image.decode().stats()).isOpaque ? 'jpeg' : 'png'
}

async function readMetadata(sharp: SharpFunction, bytes: Buffer, animated: boolean): Promise<Metadata> {
  try {
    // No pixel limit here: the header's size is compared below with the frames counted.
    return await sharp(bytes, { animated, limitInputPixels: false }).metadata()
  } catch {
    throw new UnsupportedMediaTypeError(NOT_AN_IMAGE)
  }
}

function tooLong(width: number, height: number): TooLargeError {
  const px = (n: number) => n.toLocaleString('en-US')
  return new TooLargeError(`The image is too large: at most ${px(MAX_MEDIA_SIDE)} pixels a side (this one is ${px(width)} × ${px(height)}).`)
}

function tooManyScans(scans: number): TooLargeError {
  return new TooLargeError(
    `The JPEG is made of ${scans.toLocaleString('en-US')} scans (at most ${MAX_JPEG_SCANS} are read; a photo has about 10). Save it again as a standard JPEG.`,
  )
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
