import { responsiveImage } from './responsive-image.ts'

/*
 * A post's content is sanitized HTML written by rehype-stringify (server/content/sanitize-html.ts):
 * attribute values double-quoted, `"` and `&` in them escaped. Its `<img>` tags keep only `src`,
 * `alt` and `title`. So a tag is matched with its quoted values (which may hold a `>`), not parsed
 * with a DOM: this runs during the server render and again in the browser, and must give the same
 * markup on both sides.
 */
const IMG_TAG = /<img((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/gi
const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g

/** Attributes this rewrite sets itself on a library image; any others (alt, title) are kept as they are. */
const OWN = new Set(['src', 'srcset', 'sizes', 'width', 'height', 'loading', 'decoding'])

/**
 * Rewrites the `<img>` tags of a post's content (pure): an image of the site's media library
 * becomes `<img src srcset sizes width height … loading="lazy" decoding="async">`, sized for the
 * article's text column; any other image keeps its tag, with `loading="lazy"` and
 * `decoding="async"` added unless it says otherwise. Images in the text are below the title
 * (and the featured image, which is loaded first), so none of them is loaded eagerly.
 */
export function responsiveContent(html: string): string {
  if (!html.includes('<img')) return html
  return html.replace(IMG_TAG, (tag, attributeText: string) => {
    const attributes = [...attributeText.matchAll(ATTRIBUTE)].map(([, name, value]) => ({
      name: name!.toLowerCase(),
      raw: value === undefined ? '' : `=${value.startsWith('"') ? value : `"${unquote(value).replace(/"/g, '&quot;')}"`}`,
      value: value === undefined ? '' : unquote(value),
    }))
    const has = (name: string) => attributes.some((attribute) => attribute.name === name)
    const src = attributes.find((attribute) => attribute.name === 'src')?.value
    const image = src ? responsiveImage(src, 'prose') : null
    if (!image) {
      const extra = [has('loading') ? '' : ' loading="lazy"', has('decoding') ? '' : ' decoding="async"'].join('')
      return extra ? `<img${attributeText}${extra}>` : tag
    }
    const parts = [`src="${image.src}"`]
    if (image.srcset) parts.push(`srcset="${image.srcset}"`, `sizes="${image.sizes}"`)
    parts.push(`width="${image.width}"`, `height="${image.height}"`)
    for (const attribute of attributes) if (!OWN.has(attribute.name)) parts.push(`${attribute.name}${attribute.raw}`)
    parts.push('loading="lazy"', 'decoding="async"')
    return `<img ${parts.join(' ')}>`
  })
}

function unquote(value: string): string {
  return value.startsWith('"') || value.startsWith("'") ? value.slice(1, -1) : value
}
