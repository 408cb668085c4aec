import { parseAvUrl } from '../../../../core/av-media.ts'
import { parseMediaUrl, variantUrl, variantWidthsOf } from '../../../../core/media-urls.ts'
import type { MediaItem } from '../../../../core/contract/index.ts'

/** The name an admin recognises: `holiday.jpg` for `/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg`. */
export function mediaDisplayName(url: string): string {
  const media = parseMediaUrl(url) ?? parseAvUrl(url)
  if (media) return `${media.name}.${media.ext}`
  return url.slice(url.lastIndexOf('/') + 1) || url
}

/** The thumbnail's own size (the w320 variant, or the image itself when narrower): room kept, no shift. */
export function thumbnailSize(item: Pick<MediaItem, 'width' | 'height'>): { width: number; height: number } {
  const width = Math.min(320, item.width)
  return { width, height: Math.max(1, Math.round((item.height * width) / item.width)) }
}

/**
 * What a preview of an image shows: for a library image its 320 px variant (when it has one),
 * never the full-size original; any other address as it is.
 */
export function previewUrlOf(url: string): string {
  const media = parseMediaUrl(url)
  if (!media || !variantWidthsOf(media).includes(320)) return url
  return variantUrl(media, 320)
}
