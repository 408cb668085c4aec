/**
 * Makes foreign HTML (a paste, a post to load) safe to hand to the browser's HTML parser under
 * the site's Content-Security-Policy. Even an inert parse (DOMParser, <template>) makes Chrome
 * report every `style` attribute, `<style>` element and `on…` handler as a CSP violation in the
 * console, and leaves those styles unreadable through `element.style`. So, before any parse:
 * scripts and style sheets go, handlers go, and `style` is renamed to `data-rte-style`, where
 * paste-cleanup.ts still reads the formatting a word processor expresses with it.
 *
 * Pure string work on the start tags; HTML without any of these (what the server stores)
 * comes back unchanged, byte for byte.
 */
export function neutralizeHtml(html: string): string {
  return html.replace(SCRIPT_OR_STYLE, '').replace(START_TAG, (tag: string, name: string, attributes: string) => {
    if (!RISKY_ATTRIBUTE.test(attributes)) return tag
    const kept = attributes.replace(ATTRIBUTE, (whole: string, attribute: string) => {
      const lower = attribute.toLowerCase()
      if (lower.startsWith('on')) return ''
      if (lower === 'style') return whole.replace(attribute, `data-rte-style`)
      return whole
    })
    return `<${name}${kept}${tag.endsWith('/>') ? ' />' : '>'}`
  })
}

/** The data attribute that carries a neutralized `style`. */
export const STYLE_DATA_ATTRIBUTE = 'data-rte-style'

const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<(script|style)\b[^>]*\/>/gi
const START_TAG = /<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g
const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g
const RISKY_ATTRIBUTE = /\s(?:on[^\s"'>/=]*|style)\s*(?:=|\s|$)/i

/** `font-weight: 700; color: red` → Map { font-weight → 700, color → red }. */
export function parseStyle(style: string): Map<string, string> {
  const declarations = new Map<string, string>()
  for (const part of style.split(';')) {
    const colon = part.indexOf(':')
    if (colon === -1) continue
    const name = part.slice(0, colon).trim().toLowerCase()
    const value = part.slice(colon + 1).trim().toLowerCase()
    if (name) declarations.set(name, value)
  }
  return declarations
}
