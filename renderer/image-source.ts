// Shared by the server's sanitizer and the admin editor (pages may not import server/ code).
import { parseMediaUrl } from './media-urls.ts'

const IMAGE_FILE = /\.(jpe?g|gif|png)$/i
const IMAGE_DATA_URL = /^data:image\/(jpe?g|gif|png);base64,[a-z0-9+/]+=*$/i

/**
 * SPEC §5: images only from http(s) with a jpg/jpeg/gif/png file name, or base64 data of those.
 * An image of the site's own media library (`/media/<year>/<file>.jpg|png|gif`) is an
 * http(s) image of this site, named by its path so that it survives a change of domain.
 */
export function isAllowedImageSource(src: string): boolean {
  if (src.startsWith('data:')) return IMAGE_DATA_URL.test(src)
  if (src.startsWith('/')) return parseMediaUrl(src) !== null
  try {
    const url = new URL(src)
    return (url.protocol === 'http:' || url.protocol === 'https:') && IMAGE_FILE.test(url.pathname)
  } catch {
    return false
  }
}
