/** The image types the library holds (SPEC §5's); the server checks the bytes, not the name. */
export type MediaType = 'image/jpeg' | 'image/png' | 'image/gif'

/** What a file of the library is: an image, or a video, audio or captions file (core/av-media.ts). */
export const MEDIA_KINDS = ['image', 'video', 'audio', 'captions'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/** The types a video, audio or captions upload may be (the chooser's hint; the server checks the bytes). */
export const UPLOAD_AV_TYPES: Readonly<Record<Exclude<MediaKind, 'image'>, readonly string[]>> = {
  video: ['video/mp4', 'video/webm', '.mp4', '.webm'],
  audio: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg', 'audio/wav', '.mp3', '.m4a', '.ogg', '.oga', '.wav'],
  captions: ['text/vtt', '.vtt'],
}

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
  /** What it is; its type says the format. */
  kind: MediaKind
  /** An image's pixel size; 0 for a video, audio or captions file (nothing of it is decoded). */
  width: number
  height: number
  /** The Content-Type it is served with (`video/mp4`, `audio/mpeg`, `text/vtt; charset=utf-8`...). */
  type: MediaType | string
  bytes: number
  /** When it was added (the author date of the commit that added it), ISO 8601. */
  date: string
  /** The alt text sent with the upload; '' in a listing (alt text belongs to each use of an image). */
  alt: string
  /** A small variant for the library's grid: never the full-size file; '' for anything but an image. */
  thumbnailUrl: string
  usedBy: PostRef[]
}
