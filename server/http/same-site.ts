import type { Middleware } from 'koa'
import { ForbiddenError } from '../lib/errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF protection for the API: a state-changing request must come from the site itself
 * whenever the browser says where it comes from (`Origin`, `Sec-Fetch-Site`), and one that
 * carries a body must be JSON, which a cross-site HTML form cannot send, except on the upload
 * paths (`uploadPaths`), which take `multipart/form-data`: there a cross-site form is still
 * refused by its Origin (browsers send one with every cross-site POST) and carries no session
 * cookie (SameSite=Strict). Bodiless calls
 * (logout, delete) pass when the browser vouches for them or says nothing (curl, tests).
 * Together with SameSite=Strict cookies this is the OWASP "verify origin" defence, without tokens.
 */
export function requireSameSite(options: { siteUrl: string; uploadPaths?: string[] }): Middleware {
  const uploadPaths = new Set(options.uploadPaths ?? [])
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next()
    const origin = ctx.get('Origin')
    // Not `ctx.origin`: Koa 3 answers the Origin header there when one is sent.
    const ownOrigin = `${ctx.protocol}://${ctx.host}`
    if (origin && origin !== ownOrigin && origin !== options.siteUrl) {
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

function hasBody(contentLength: string, transferEncoding: string): boolean {
  return transferEncoding !== '' || (contentLength !== '' && contentLength !== '0')
}
