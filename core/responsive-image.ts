import { type MediaName, parseMediaUrl, variantUrl, variantWidthsOf } from './media-urls.ts'

/**
 * What an `<img>` of the media library needs to be responsive (pure, no lookup: the URL names
 * the pixel size): `srcset` lists the variants and the original at its own width, `sizes` says
 * how wide the image is drawn in its slot, so the browser fetches the narrowest file that fills
 * it; `width`/`height` reserve its box before it loads (no layout shift).
 *
 * The slots, from renderer/styles.css (keep in step): the page's `.container` is 100% wide up to
 * 1160px with 1.25rem (20px) of padding each side; `.article` narrows it to 46rem (736px), so an
 * article's images are at most 696px wide. The blog list's `.post-grid` is
 * `repeat(auto-fill, minmax(320px, 1fr))` with a 1.5rem (24px) gap: one column below 704px
 * of viewport (the card is the container's width), two up to 1047px, three from 1048px (at most
 * (1160 − 40 − 48) / 3 ≈ 357px). Lengths are in px: `rem` in `sizes` is the browser's default
 * font size, which need not be the page's.
 */
export type ImageSlot = 'article' | 'prose' | 'card'

const GUTTER = 40
const ARTICLE_MAX = 696
const ARTICLE_SIZES = `(max-width: ${ARTICLE_MAX + GUTTER}px) calc(100vw - ${GUTTER}px), ${ARTICLE_MAX}px`
const CARD_SIZES = `(max-width: 703px) calc(100vw - ${GUTTER}px), (max-width: 1047px) calc(50vw - 32px), 360px`

export interface ResponsiveImage {
  src: string
  /** Absent for a GIF (it has no variants) */
  srcset?: string
  sizes?: string
  width: number
  height: number
}

/** The responsive attributes of a library image at `url` (`/media/<year>/<file>`), or null for any other URL. */
export function responsiveImage(url: string, slot: ImageSlot): ResponsiveImage | null {
  const media = parseMediaUrl(url)
  if (!media) return null
  const image: ResponsiveImage = { src: url, width: media.width, height: media.height }
  const widths = variantWidthsOf(media)
  if (widths.length === 0) return image
  image.srcset = [...widths.map((width) => `${variantUrl(media, width)} ${width}w`), `${url} ${media.width}w`].join(', ')
  image.sizes = sizesFor(media, slot)
  return image
}

function sizesFor(media: MediaName, slot: ImageSlot): string {
  if (slot === 'card') return CARD_SIZES
  // The featured image is stretched to the article's width (`.article__image`), while an image
  // in the text is drawn at most at its own width (`max-width: 100%` and its width attribute).
  if (slot === 'prose' && media.width < ARTICLE_MAX) {
    return `(max-width: ${media.width + GUTTER}px) calc(100vw - ${GUTTER}px), ${media.width}px`
  }
  return ARTICLE_SIZES
}

/** The width a social card is shown at (Open Graph's recommended 1200px, rounded to a variant). */
const SOCIAL_WIDTH = 1280

/**
 * The image a social network fetches for a page: for a library photo wider than 1280px, its
 * 1280px variant (crawlers do not ask for AVIF or WebP, so it comes as the original's format),
 * rather than an original of several megabytes that some networks refuse; any other URL as it is.
 */
export function socialImageUrl(url: string): string {
  const media = parseMediaUrl(url)
  return media && variantWidthsOf(media).includes(SOCIAL_WIDTH) ? variantUrl(media, SOCIAL_WIDTH) : url
}
