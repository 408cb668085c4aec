/**
 * The paths a redirect may name (content/redirects.yaml, the admin's redirects): plain paths of
 * this site, away from its own machinery. Pure; the file's reader (server/content/redirects-file.ts)
 * and the contract's request schema (core/contract/redirect-requests.ts) say the same reasons.
 */
import { MAX_REDIRECT_PATH_LENGTH } from './contract/limits.ts'

/**
 * A site path: `/` then segments of URL-safe characters (no `%`, `?`, `#`, `\`, space or control;
 * no `$` either, which nginx would read as a variable in the export's `return 301`). `*` and `:`
 * pass here to be refused with their own reason (PATTERN_CHARACTERS).
 */
const SITE_PATH = /^(\/[A-Za-z0-9._~!&'()*+,;=:@-]+)+\/?$/
/**
 * A redirect's paths are plain paths: Netlify and Cloudflare Pages read `*` (a splat) and `:name`
 * (a placeholder) in the export's `_redirects`, where `/*` would redirect the whole site, the
 * admin and the API included. (`?` and `#`, which end a path, are no SITE_PATH characters at all.)
 */
const PATTERN_CHARACTERS = ['*', ':']
/**
 * Where the site's own machinery answers: never redirected, nor a redirect's source. Compared
 * without case: the routers match `/API/...` as `/api/...`.
 */
const RESERVED = ['/admin', '/api', '/assets', '/media', '/pagefind']

/** Why `value` is no site path a redirect may name, or null. */
export function sitePathProblem(value: string): string | null {
  if (value.length > MAX_REDIRECT_PATH_LENGTH) return `is longer than ${MAX_REDIRECT_PATH_LENGTH} characters`
  if (value.startsWith('//')) return 'must be a path on this site (it starts with //, another site)'
  if (!value.startsWith('/')) return 'must be a path on this site, starting with /'
  if (value === '/') return 'may not be the home page'
  if (!SITE_PATH.test(value)) return 'may hold only letters, digits and - . _ ~ ! & \' ( ) + , ; = @ between slashes (no space, *, :, ?, #, %, $ or \\)'
  const pattern = PATTERN_CHARACTERS.find((character) => value.includes(character))
  if (pattern) return `may not hold "${pattern}": a redirect's paths are plain paths (static hosts read * and : as patterns)`
  if (value.split('/').some((segment) => segment === '.' || segment === '..')) return 'may not have . or .. as a segment'
  const key = pathKey(value).toLowerCase()
  const reserved = RESERVED.find((prefix) => key === prefix || key.startsWith(`${prefix}/`))
  if (reserved) return `may not be under ${reserved} (the site's own)`
  return null
}

/** The path a request matches: a trailing slash aside (`/old/` and `/old` are one). */
export function pathKey(value: string): string {
  return value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value
}
