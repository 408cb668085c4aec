/** The image types the library holds (SPEC §5's); the server checks the bytes, not the name. */
export type MediaType = 'image/jpeg' | 'image/png' | 'image/gif'

/**
 * The types an upload may be: the library's own, and WebP, AVIF and TIFF, which the server turns
 * into a JPEG (or a PNG, when the image is transparent). The admin's file chooser offers these;
 * the server checks the bytes. HEIC is not among them: iOS Safari then sends a photo chosen from
 * the library as a JPEG, and a HEIC file dropped in is refused with how to export a JPEG (unless
 * the server's image library can read HEIC).
 */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/tiff'] as const

/** The formats an upload may be, in words. */
export const UPLOAD_FORMAT_NAMES = 'JPEG, PNG, GIF, WebP, AVIF or TIFF'

/** A post that uses an image. */
export interface PostRef {
  id: string
  slug: string
  title: string
}

/** A library image as the admin API answers it (`POST`/`GET /api/admin/media`). */
export interface MediaItem {
  /** The hash in its name. */
  id: string
  url: string
  width: number
  height: number
  type: MediaType
  bytes: number
  /** When it was added (the author date of the commit that added it), ISO 8601. */
  date: string
  /** The alt text sent with the upload; '' in a listing (alt text belongs to each use of an image). */
  alt: string
  /** A small variant for the library's grid: never the full-size file. */
  thumbnailUrl: string
  usedBy: PostRef[]
}
