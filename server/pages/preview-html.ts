/**
 * A rendered post page made into a preview (issue 14): the same HTML visitors get, without
 * anything that runs. Pure. The page's scripts would hydrate it and fetch the post from the
 * public API, which knows nothing of an unsaved (or draft, or scheduled) version: the preview
 * would turn into "Post Not Found". Server-rendered HTML and CSS are the page as visitors see it.
 */
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi

export function previewHtml(html: string): string {
  return html
    .replace(SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<head>/i, '<head><meta name="robots" content="noindex, nofollow">')
}

/** The preview's own policy, should it be opened on its own: nothing runs, nothing is framed by others. */
export const PREVIEW_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' https: http: data:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ')
