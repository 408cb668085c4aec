import type { Middleware } from 'koa'
import { AppError, BusyError, ConflictError, RateLimitedError } from '../lib/errors.ts'
import type { Logger } from '../lib/logger.ts'
import { STATUS_BY_CODE } from './error-status.ts'

/**
 * Outermost error boundary: a known error answers its status with its short message as
 * plain text (SPEC §8 shows "<status>: <body text>" to the user); anything else is logged
 * and answers a bare 500 with no internals. Client errors thrown by Koa itself (bad
 * JSON, body too large) keep their 4xx status.
 */
export function handleErrors(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next()
    } catch (error) {
      let status = 500
      let message = 'Internal Server Error'
      if (error instanceof AppError) {
        status = STATUS_BY_CODE[error.code]
        // A busy server's answer holds nothing of its internals: it says so, and when to come back.
        message = status < 500 || error instanceof BusyError ? error.message : message
        if (error instanceof RateLimitedError || error instanceof BusyError) ctx.set('Retry-After', String(error.retryAfterSeconds))
        // The version a stale edit collided with, so the client can load it.
        if (error instanceof ConflictError && error.currentVersion) ctx.set('ETag', `"${error.currentVersion}"`)
      } else if (isClientHttpError(error)) {
        status = error.status
        message = error.expose ? error.message : 'Bad Request'
      }
      if (status >= 500 && !(error instanceof BusyError)) logger.error(`${ctx.method} ${ctx.path} failed`, error)
      ctx.status = status
      ctx.type = 'text/plain; charset=utf-8'
      ctx.body = message
    }
  }
}

function isClientHttpError(error: unknown): error is { status: number; expose?: boolean; message: string } {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' && status >= 400 && status < 500
}
