// Shared by the server's sanitizer and the admin editor (pages may not import server/ code).
import { parseMediaUrl } from './media-urls.ts'

const IMAGE_FILE = /\.(jpe?g|gif|png)$/i
const IMAGE_DATA_URL = /^data:image\/(jpe?g|gif|png);base64,[a-z0-9+/]+=*$/i

/**
 * SPEC §5: images only from http(s) with a jpg/jpeg/gif/png file name, or base64 data of those;
 * and (issue 13) the site's own library images, `/media/<year>/<file>` as media-urls.ts names them.
 */
export function isAllowedImageSource(src: string): boolean {
  if (src.startsWith('data:')) return IMAGE_DATA_URL.test(src)
  if (parseMediaUrl(src) !== null) return true
  try {
    const url = new URL(src)
    return (url.protocol === 'http:' || url.protocol === 'https:') && IMAGE_FILE.test(url.pathname)
  } catch {
    return false
  }
}
