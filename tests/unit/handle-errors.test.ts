import type { Context } from 'koa'
import { describe, expect, it } from 'vitest'
import { handleErrors } from '../../server/http/handle-errors.ts'
import { BusyError, TooLargeError } from '../../server/lib/errors.ts'
import type { Logger } from '../../server/lib/logger.ts'

/** What handleErrors answers for `error`, and what it logged. */
async function answerTo(error: unknown) {
  const headers: Record<string, string> = {}
  const ctx = { method: 'POST', path: '/api/admin/media', set: (name: string, value: string) => void (headers[name] = value) } as unknown as Context & { status: number; body: unknown }
  const logged: unknown[] = []
  const logger = { error: (...args: unknown[]) => logged.push(args), warn: () => {}, info: () => {} } as unknown as Logger
  await handleErrors(logger)(ctx, () => Promise.reject(error))
  return { status: ctx.status, body: ctx.body, headers, logged }
}

describe('handleErrors', () => {
  it('answers a busy server 503 with its words and when to come back, and logs no failure', async () => {
    expect(await answerTo(new BusyError('Busy preparing other images, try again shortly.', 5))).toEqual({
      status: 503,
      body: 'Busy preparing other images, try again shortly.',
      headers: { 'Retry-After': '5' },
      logged: [],
    })
  })

  it('answers a client error its status and message, and anything else a bare 500, logged', async () => {
    expect(await answerTo(new TooLargeError('The body is too large: at most 16 KB here'))).toMatchObject({ status: 413, body: 'The body is too large: at most 16 KB here', logged: [] })
    const failure = await answerTo(new Error('secret internals'))
    expect(failure).toMatchObject({ status: 500, body: 'Internal Server Error' })
    expect(failure.logged).toHaveLength(1)
  })
})
