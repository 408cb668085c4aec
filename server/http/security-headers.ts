import { createHash } from 'node:crypto'
import type { Middleware } from 'koa'
import { THEME_SCRIPT } from '../../renderer/theme.ts'

const themeScriptHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`

/**
 * The Content-Security-Policy of every response. Scripts come from this origin only,
 * plus the one inline theme script, allowed by its hash. In development Vite's client
 * needs inline scripts, eval and a websocket, so the policy is looser there.
 */
export function contentSecurityPolicy(mode: 'production' | 'development'): string {
  const dev = mode === 'development'
  return [
    "default-src 'self'",
    // In development Vite injects inline scripts of its own: a hash in the list would make
    // browsers ignore 'unsafe-inline', so development lists no hash.
    `script-src 'self' ${dev ? "'unsafe-inline' 'unsafe-eval'" : themeScriptHash}`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    // Post images may come from any http(s) host or be base64 data (SPEC §5).
    "img-src 'self' https: http: data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Strict-Transport-Security, sent over HTTPS only. */
export const HSTS = 'max-age=63072000; includeSubDomains'

/**
 * The headers every response carries, by name. The one list: the server sets them, and a static
 * export writes them into its nginx.conf and _headers (server/export/).
 */
export function securityHeadersOf(mode: 'production' | 'development'): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(mode),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  }
}

/** Security headers on every response, 404s and errors included (it runs outermost). */
export function securityHeaders(mode: 'production' | 'development'): Middleware {
  const headers = securityHeadersOf(mode)
  return async (ctx, next) => {
    ctx.set(headers)
    // HSTS only means something over HTTPS (directly, or behind a trusted TLS proxy).
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS)
    await next()
  }
}
