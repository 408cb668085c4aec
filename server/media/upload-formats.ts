/**
 * The image formats an upload may be, told by their first bytes alone (never by the file's name
 * or the Content-Type the browser sends). Pure. sharp then reads the header and decodes the
 * whole file, so bytes that only start like an image are refused there.
 *
 * JPEG, PNG and GIF are SPEC §5's types and are stored as they are (encoded again). WebP, AVIF,
 * TIFF and HEIC are what phones, screenshots and cameras give: they are converted to a JPEG or a
 * PNG original (prepare-image.ts), so the library, the pages and SPEC §5's image rule keep to
 * those three types.
 */
export type UploadFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'heif'

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/** Bytes at an offset that a format starts with; any one of a format's lists is enough. */
const MAGIC: { format: Exclude<UploadFormat, 'heif'>; at: number; bytes: number[] }[][] = [
  [{ format: 'jpeg', at: 0, bytes: [0xff, 0xd8, 0xff] }],
  [{ format: 'png', at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
  [{ format: 'gif', at: 0, bytes: ascii('GIF87a') }],
  [{ format: 'gif', at: 0, bytes: ascii('GIF89a') }],
  // A RIFF container holding WebP: "RIFF", the size, "WEBP".
  [
    { format: 'webp', at: 0, bytes: ascii('RIFF') },
    { format: 'webp', at: 8, bytes: ascii('WEBP') },
  ],
  // Little- and big-endian TIFF, and their BigTIFF forms.
  [{ format: 'tiff', at: 0, bytes: [0x49, 0x49, 0x2a, 0x00] }],
  [{ format: 'tiff', at: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] }],
  [{ format: 'tiff', at: 0, bytes: [0x49, 0x49, 0x2b, 0x00] }],
  [{ format: 'tiff', at: 0, bytes: [0x4d, 0x4d, 0x00, 0x2b] }],
]

/**
 * The brands of an ISO media file (its `ftyp` box) that mean a still image in HEIF: AVIF (AV1)
 * and HEIC (HEVC, the iPhone's photos) alike. Which codec it holds, sharp's header read says.
 */
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1'])

/** The format the bytes start like, or null. */
export function sniffUploadFormat(bytes: Uint8Array): UploadFormat | null {
  const found = MAGIC.find((parts) => parts.every(({ at, bytes: magic }) => magic.every((byte, i) => bytes[at + i] === byte)))
  if (found) return found[0]!.format
  return heifBrands(bytes).some((brand) => HEIF_BRANDS.has(brand)) ? 'heif' : null
}

/** The major and compatible brands of a leading `ftyp` box; none when the bytes do not start with one. */
export function heifBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16) return []
  const text = (from: number) => String.fromCharCode(...bytes.subarray(from, from + 4))
  if (text(4) !== 'ftyp') return []
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0
  if (size < 16 || size > 4096 || size > bytes.length || size % 4 !== 0) return []
  // The major brand, then (after the minor version) the compatible ones up to the box's end.
  const brands = [text(8)]
  for (let at = 16; at < size; at += 4) brands.push(text(at))
  return brands
}
