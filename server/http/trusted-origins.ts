import type { Middleware } from 'koa'
import { ForbiddenError } from '../lib/errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The names of this machine's loopback interface, as a browser writes them in an Origin. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * CSRF protection for the API: a state-changing request must come from the site itself
 * whenever the browser says where it comes from (`Origin`, `Sec-Fetch-Site`), and one that
 * carries a body must be JSON, which a cross-site HTML form cannot send, except on the upload
 * paths (`uploadPaths`), which take `multipart/form-data`: there a cross-site form is still
 * refused by its Origin (browsers send one with every cross-site POST) and carries no session
 * cookie (SameSite=Strict). Bodiless calls
 * (logout, delete) pass when the browser vouches for them or says nothing (curl, tests).
 * Together with SameSite=Strict cookies this is the OWASP "verify origin" defence, without tokens.
 *
 * "The site itself" is SITE_URL's origin and nothing the request says: Host and
 * X-Forwarded-Host are written by the client (a DNS-rebinding page sends its own name in both).
 */
export function requireTrustedOrigin(options: { siteUrl: string; uploadPaths?: string[] }): Middleware {
  const uploadPaths = new Set(options.uploadPaths ?? [])
  const allowed = trustedOrigins(options.siteUrl)
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next()
    const origin = ctx.get('Origin')
    if (origin && !allowed.has(origin)) {
      throw new ForbiddenError('Requests from other sites are not allowed')
    }
    const fetchSite = ctx.get('Sec-Fetch-Site')
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new ForbiddenError('Requests from other sites are not allowed')
    }
    const upload = ctx.method === 'POST' && uploadPaths.has(ctx.path.replace(/\/$/, '')) && ctx.is('multipart/form-data')
    if (hasBody(ctx.get('Content-Length'), ctx.get('Transfer-Encoding')) && !ctx.is('application/json') && !upload) {
      throw new ForbiddenError('The body must be JSON (Content-Type: application/json)')
    }
    return next()
  }
}

/**
 * The origins a same-site request may name: SITE_URL's, and when SITE_URL is on this machine's
 * loopback (`npm start` on a laptop) the same scheme and port under its other loopback names,
 * so that http://127.0.0.1:3000 works as well as http://localhost:3000. Every one comes from the
 * settings, none from the request.
 */
export function trustedOrigins(siteUrl: string): Set<string> {
  const url = new URL(siteUrl)
  const origins = new Set([url.origin])
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`)
  }
  return origins
}

function hasBody(contentLength: string, transferEncoding: string): boolean {
  return transferEncoding !== '' || (contentLength !== '' && contentLength !== '0')
}
