import { Stream } from 'node:stream'
import type { Middleware } from 'koa'
import { PreparedBody, sendEncoded } from './prepared-body.ts'

/**
 * The signed-in area's JSON answers, serialized here and compressed (br or gzip, as the client
 * accepts) like the public ones: a page of the admin list is a few KB, but the whole index a
 * client may still ask for is megabytes at 10,000 posts. Errors are answered by handleErrors,
 * outside this.
 */
export const compressJson: Middleware = async (ctx, next) => {
  await next()
  const body: unknown = ctx.body
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return
  await sendEncoded(ctx, PreparedBody.json(body))
}
