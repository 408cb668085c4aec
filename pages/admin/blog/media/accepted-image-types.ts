/** One image of the media library as the admin API answers it (`POST`/`GET /api/admin/media`). */
export type { MediaItem } from '../../../../server/services/media-library.ts'

export const MEDIA_API = '/api/admin/media'

/** The file types an upload may be (SPEC §5's image types); the server checks the bytes again. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/gif'

/** `2.4 MB`, `830 KB`, `512 bytes`: the size an admin reads in the library. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}
