/**
 * The URLs of the media library, said once for the server, the pages and the admin.
 *
 * An upload is stored as `content/media/<year>/<name>-<hash>-<width>x<height>.<ext>` and served at
 * `/media/<year>/<name>-<hash>-<width>x<height>.<ext>`. The name carries what a page needs to
 * render the image without looking anything up: the hash (a new file is a new URL, so it is
 * cached for a year) and the pixel size (the `width`/`height` that keep the layout from shifting,
 * and which variant widths exist). Pages, feeds and a static export all read it the same way.
 *
 * A variant is the same image made narrower: `/media/w<width>/<year>/<file>`, for the widths of
 * `VARIANT_WIDTHS` below the original's (never upscaled). Its format follows the request's
 * `Accept` (AVIF, then WebP, else the original's), so one URL serves every browser.
 */

/** The widths variants are made in, narrowest first. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const

export type MediaExtension = 'jpg' | 'png' | 'gif'

/**
 * The largest width or height of a library image. WebP cannot be larger (16,383 px a side:
 * sharp refuses "Processed image is too large for the WebP format"), and a variant is as tall as
 * its original at most, so past it the variants could not be made. The library reads no name
 * with a larger side, and an upload with one is refused before anything is committed.
 */
export const MAX_MEDIA_SIDE = 16_383

export interface MediaName {
  /** `2025` */
  year: string
  /** The readable part, from the uploaded file's name: `holiday` */
  name: string
  /** The first 10 hex digits of the SHA-256 of the uploaded bytes; also the media id. */
  hash: string
  width: number
  height: number
  ext: MediaExtension
}

const FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9a-f]{10})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.(jpg|png|gif)$/
const MEDIA_PATH = /^\/media\/([0-9]{4})\/([^/]+)$/
const VARIANT_PATH = /^\/media\/w([0-9]{1,5})\/([0-9]{4})\/([^/]+)$/

/** A media id is its hash. */
export const MEDIA_ID = /^[0-9a-f]{10}$/

/** The file name of an upload: `holiday-3f9a2c1b5e-1600x1067.jpg`. */
export function mediaFileName(media: Omit<MediaName, 'year'>): string {
  return `${media.name}-${media.hash}-${media.width}x${media.height}.${media.ext}`
}

/** `/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg` */
export function mediaUrl(media: MediaName): string {
  return `/media/${media.year}/${mediaFileName(media)}`
}

/** A file name of the library (`<name>-<hash>-<w>x<h>.<ext>`) read back; null for any other name. */
export function parseMediaFileName(file: string, year: string): MediaName | null {
  const match = FILE.exec(file)
  if (!match || !/^[0-9]{4}$/.test(year)) return null
  const [, name, hash, width, height, ext] = match
  if (Number(width) > MAX_MEDIA_SIDE || Number(height) > MAX_MEDIA_SIDE) return null
  return { year, name: name!, hash: hash!, width: Number(width), height: Number(height), ext: ext as MediaExtension }
}

/** The library image at a site-relative URL (`/media/<year>/<file>`), or null. */
export function parseMediaUrl(url: string): MediaName | null {
  const match = MEDIA_PATH.exec(url)
  return match ? parseMediaFileName(match[2]!, match[1]!) : null
}

/** A variant URL read back: the original it comes from and the width asked for; null for any other path. */
export function parseVariantUrl(url: string): { media: MediaName; width: number } | null {
  const match = VARIANT_PATH.exec(url)
  if (!match) return null
  const media = parseMediaFileName(match[3]!, match[2]!)
  return media ? { media, width: Number(match[1]) } : null
}

/** `/media/w640/2025/holiday-3f9a2c1b5e-1600x1067.jpg` */
export function variantUrl(media: MediaName, width: number): string {
  return `/media/w${width}/${media.year}/${mediaFileName(media)}`
}

/**
 * The variant widths an image has: those of VARIANT_WIDTHS narrower than it (never upscaled).
 * A GIF has none: it may be animated, and is served as it is.
 */
export function variantWidthsOf(media: MediaName): number[] {
  if (media.ext === 'gif') return []
  return VARIANT_WIDTHS.filter((width) => width < media.width)
}
