import { bodyParser } from '@koa/bodyparser'
import type { Middleware } from 'koa'
import { InvalidInputError } from '../lib/errors.ts'

/** The largest body the API reads; a post with inline images fits, anything bigger is 413. */
export const MAX_BODY = '5mb'

/**
 * Parses JSON bodies into `ctx.request.body`. Malformed JSON, a top-level value that is not
 * an object or array, and `__proto__` keys are a 400 with a plain message; an oversized body
 * keeps its 413. Other content types were already refused by `requireTrustedOrigin`.
 */
export function jsonBody(): Middleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: MAX_BODY,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    onError(error) {
      const status = (error as { status?: number }).status
      if (status === 413) throw error
      if (status === 415) throw error
      throw new InvalidInputError('The body is not valid JSON')
    },
  })
}
