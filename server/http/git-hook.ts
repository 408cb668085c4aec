import { createHmac, timingSafeEqual } from 'node:crypto'
import type Router from '@koa/router'
import { apiRouter } from './api-router.ts'
import type { Context } from 'koa'
import { UnauthorizedError } from '../lib/errors.ts'

/** GitHub's push payloads stay well under this; anything bigger is not a webhook we want. */
const MAX_HOOK_BODY = 5 * 1024 * 1024
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i

/**
 * `POST /api/hooks/git`: the git host says the remote changed, and the server fetches at once
 * instead of waiting for the next poll.
 *
 * It is mounted outside the signed-in area: the caller is a git host, with no session and no
 * Origin, posting JSON (or form data) that the same-site rule and the session check would refuse.
 * What authenticates it instead is GitHub's `X-Hub-Signature-256: sha256=<hex>`, an HMAC-SHA256
 * of the exact body bytes with GIT_WEBHOOK_SECRET, compared in constant time. Missing, malformed
 * or wrong, or no secret configured: 401 and nothing happens. The body is only hashed, never
 * parsed or trusted: a valid call just asks for a fetch, whatever it says.
 */
export function gitHookRoutes(deps: { secret: string | null; onPush: () => void }): Router {
  const router = apiRouter()
  router.post('/api/hooks/git', async (ctx) => {
    const body = await readRawBody(ctx)
    if (!isSignedBy(deps.secret, body, ctx.get('X-Hub-Signature-256'))) {
      throw new UnauthorizedError('Missing or invalid X-Hub-Signature-256')
    }
    ctx.set('Cache-Control', 'no-store')
    ctx.type = 'text/plain; charset=utf-8'
    // GitHub's first call after a webhook is created: nothing to fetch.
    if (ctx.get('X-GitHub-Event') === 'ping') {
      ctx.body = 'pong'
      return
    }
    deps.onPush()
    ctx.status = 202
    ctx.body = 'Sync started'
  })
  return router
}

export function isSignedBy(secret: string | null, body: Buffer, header: string): boolean {
  const match = SIGNATURE.exec(header.trim())
  if (!secret || !match) return false
  const expected = createHmac('sha256', secret).update(body).digest()
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'))
}

async function readRawBody(ctx: Context): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || 0)
  if (declared > MAX_HOOK_BODY) ctx.throw(413, 'Payload Too Large')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_HOOK_BODY) ctx.throw(413, 'Payload Too Large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
