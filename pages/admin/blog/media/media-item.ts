/**
 * One image of the media library as the admin API answers it (`POST`/`GET /api/admin/media`,
 * issue 13's contract). Said here, for the admin's pages, until the server exports its type.
 */
export interface MediaItem {
  /** The first 10 hex digits of the bytes' SHA-256. */
  id: string
  /** Site-relative: `/media/<year>/<name>-<hash>-<w>x<h>.<ext>` */
  url: string
  width: number
  height: number
  type: 'image/jpeg' | 'image/png' | 'image/gif'
  bytes: number
  /** ISO 8601 */
  date: string
  alt: string
  /** The 320 px wide variant, or the url itself for a narrower image or a GIF. */
  thumbnailUrl: string
  usedBy: { id: string; slug: string; title: string }[]
}

export const MEDIA_API = '/api/admin/media'

/** The file types an upload may be (SPEC §5's image types); the server checks the bytes again. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/gif'

/** `2.4 MB`, `830 KB`, `512 bytes`: the size an admin reads in the library. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}
