import type { ImgHTMLAttributes } from 'react'
import { type ImageSlot, responsiveImage } from '../../core/responsive-image.ts'

/**
 * An image of a page's layout (a post's featured image, a blog card's): a library image with
 * its srcset and sizes for `slot` and its own width and height; any other URL as it is, in the
 * 1200×630 box social-card images have. `alt`, `loading`, `fetchPriority`… are the caller's.
 */
export function LibraryImage({ url, slot, ...img }: { url: string; slot: ImageSlot } & ImgHTMLAttributes<HTMLImageElement>) {
  const image = responsiveImage(url, slot) ?? { src: url, width: 1200, height: 630 }
  return <img src={image.src} srcSet={image.srcset} sizes={image.sizes} width={image.width} height={image.height} alt="" {...img} />
}
