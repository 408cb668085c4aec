import type { Middleware } from 'koa'

/**
 * A path of the signed-in area, spelled one way before any router sees it. A router matches a
 * path as it is written and its checks are tied to that spelling (`@koa/router`'s prefix
 * middleware compared case-sensitively where its routes did not), so every other spelling of a
 * route is brought to the one the contract uses, once, here (RFC 3986 §6.2.2's normalization):
 *
 * - percent-escapes of unreserved characters are decoded (`%61dmin` is `admin`, `%2e` is `.`);
 *   the others (`%2F`, `%00`, a malformed one) stay as they are, for the route's parameter to
 *   refuse (an id with a `/` names nothing: 404);
 * - a `\` is a `/`, as browsers read it (the WHATWG URL standard);
 * - empty segments go (`//`), `.` and `..` segments are resolved (never above the root, as
 *   RFC 3986's remove_dot_segments), and a trailing `/` goes.
 *
 * Letter case is kept: the routers match it exactly (api-router.ts), so `/API/ADMIN/…` is no
 * route, and the signed-in area's own gate answers it (app.ts).
 */
export function canonicalPath(raw: string): string {
  const decoded = raw.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16))
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape
  })
  const segments: string[] = []
  for (const segment of decoded.split(/[/\\]/)) {
    if (segment === '..') segments.pop()
    else if (segment !== '' && segment !== '.') segments.push(segment)
  }
  return `/${segments.join('/')}`
}

/** Whether `path` is `prefix` or below it, in any letter case. */
export function isUnderPrefix(path: string, prefix: string): boolean {
  const lower = path.toLowerCase()
  return lower === prefix || lower.startsWith(`${prefix}/`)
}

/**
 * Brings every request for the signed-in area's API (`prefixes`, in any spelling) to its
 * canonical path before routing. The public API and pages keep their own rules: they hold
 * nothing a spelling could unlock, and answer an odd path with a 404 (serve-files.ts answers
 * only safe paths).
 */
export function canonicalApiPaths(prefixes: readonly string[]): Middleware {
  // Every page and image asked of Koa passes here: a path without the prefixes' first word (`api`)
  // in any letter case and without an escape cannot spell the area, and pays for one test only.
  const firstWords = [...new Set(prefixes.map((prefix) => prefix.split('/')[1]!))]
  const maySpell = new RegExp(`${firstWords.join('|')}|%`, 'i')
  return (ctx, next) => {
    if (!maySpell.test(ctx.path)) return next()
    const path = canonicalPath(ctx.path)
    if (path !== ctx.path && prefixes.some((prefix) => isUnderPrefix(path, prefix))) ctx.path = path
    return next()
  }
}
