import type { Theme } from '../../../core/theme.ts'

/** The widths the full-width preview lays the page out at: a phone, a tablet, a desktop window. */
export const PREVIEW_WIDTHS = [
  { name: 'phone', label: 'Phone', px: 390 },
  { name: 'tablet', label: 'Tablet', px: 768 },
  { name: 'desktop', label: 'Desktop', px: 1280 },
] as const

export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number]['name']

export const PREVIEW_THEMES: readonly { name: Theme; label: string }[] = [
  { name: 'light', label: 'Light' },
  { name: 'dark', label: 'Dark' },
]

const HTML_START_TAG = /<html\b[^>]*>/i
const THEME_ATTRIBUTE = /\sdata-theme\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i

/**
 * The preview page in one theme (pure). A page sets its theme with a script from the visitor's
 * stored choice; the preview runs no script, so the theme is written on its `<html>` start tag,
 * where the page's server HTML has its default. Only that tag is touched: the post's content
 * comes after it, and a `data-theme` written there stays as it is.
 */
export function previewInTheme(html: string, theme: Theme): string {
  const tag = HTML_START_TAG.exec(html)
  if (!tag) return html
  const attribute = ` data-theme="${theme}"`
  const themed = THEME_ATTRIBUTE.test(tag[0]) ? tag[0].replace(THEME_ATTRIBUTE, attribute) : tag[0].replace(/^(<html)\b/i, `$1${attribute}`)
  return html.slice(0, tag.index) + themed + html.slice(tag.index + tag[0].length)
}

/**
 * How much a page laid out `width` px wide must shrink to fit `available` px (pure): never
 * enlarged, so a phone width shows at its real size; a desktop width on a smaller screen is the
 * whole desktop layout, smaller, rather than a frame to scroll sideways.
 */
export function fitScale(width: number, available: number): number {
  if (!(available > 0)) return 1
  return Math.min(1, available / width)
}
