import { createHash } from 'node:crypto'
import type { Middleware } from 'koa'
import { THEME_SCRIPT } from '../../core/theme.ts'
import { SEARCH_FORM_MARK } from '../../core/search-mark.ts'
import { embeddedProviders, providerOrigin, type VideoProvider } from '../../core/video-embeds.ts'

const themeScriptHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`

/**
 * The Content-Security-Policy of every response. Scripts come from this origin only,
 * plus the one inline theme script, allowed by its hash. In development Vite's client
 * needs inline scripts, eval and a websocket, so the policy is looser there.
 *
 * `frames`: the video providers a page embeds (core/video-embeds.ts). Only such a page lets
 * a frame load their player, and only theirs (`frame-src`); every other page frames nothing but
 * its own origin (default-src). A post's click-to-load frame is a srcdoc page, which frame-src
 * does not govern: before the click the page needs nothing more.
 *
 * `wasm`: the page runs WebAssembly (the blog's search, Pagefind: pageRunsSearch), which
 * `'wasm-unsafe-eval'` allows, and nothing else that eval would; every other page runs none.
 */
export function contentSecurityPolicy(mode: 'production' | 'development', frames: readonly VideoProvider[] = [], wasm = false): string {
  const dev = mode === 'development'
  return [
    "default-src 'self'",
    // In development Vite injects inline scripts of its own: a hash in the list would make
    // browsers ignore 'unsafe-inline', so development lists no hash.
    `script-src 'self' ${dev ? "'unsafe-inline' 'unsafe-eval'" : themeScriptHash}${wasm ? " 'wasm-unsafe-eval'" : ''}`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    // Post images may come from any http(s) host or be base64 data (SPEC §5).
    "img-src 'self' https: http: data:",
    "font-src 'self'",
    ...(frames.length > 0 ? [`frame-src ${frames.map(providerOrigin).join(' ')}`] : []),
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Strict-Transport-Security: sent over HTTPS only (directly, or behind a trusted TLS proxy). */
export const HSTS = 'max-age=63072000; includeSubDomains'

/**
 * THE security headers, in the order they are sent: the Koa middleware below sets them, the
 * quick answers (quick-answers.ts) send the same list, and a static export writes them into its
 * nginx.conf and _headers (server/export/), so there is one place to change them.
 */
export function securityHeaderList(mode: 'production' | 'development', secure: boolean, frames: readonly VideoProvider[] = [], wasm = false): readonly (readonly [string, string])[] {
  const list: (readonly [string, string])[] = [
    ['Content-Security-Policy', contentSecurityPolicy(mode, frames, wasm)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ]
  if (secure) list.push(['Strict-Transport-Security', HSTS])
  return list
}

/** The security headers by name, HSTS aside (a static export's header files); `frames` and `wasm` as contentSecurityPolicy's. */
export function securityHeadersOf(mode: 'production' | 'development', frames: readonly VideoProvider[] = [], wasm = false): Record<string, string> {
  return Object.fromEntries(securityHeaderList(mode, false, frames, wasm))
}

/**
 * The video providers an HTML page embeds, found in the page itself (the mark only the post
 * page's own frames carry, core/video-embeds.ts): what its Content-Security-Policy must let
 * it frame. None for anything that is no HTML page.
 */
export function pageFrames(type: string, body: { includes(text: string): boolean }): VideoProvider[] {
  return type.startsWith('text/html') ? embeddedProviders(body) : []
}

/**
 * Whether an HTML page holds the blog's search box (its mark, core/search-mark.ts): its
 * policy lets it run Pagefind's WebAssembly. No other page's does.
 */
export function pageRunsSearch(type: string, body: { includes(text: string): boolean }): boolean {
  return type.startsWith('text/html') && body.includes(SEARCH_FORM_MARK)
}

/** Security headers on every response, 404s and errors included (it runs outermost). */
export function securityHeaders(mode: 'production' | 'development'): Middleware {
  const plain = securityHeaderList(mode, false)
  const secure = securityHeaderList(mode, true)
  return async (ctx, next) => {
    for (const [name, value] of ctx.secure ? secure : plain) ctx.set(name, value)
    await next()
  }
}
