import type { Context } from 'koa'
import { describe, expect, it } from 'vitest'
import { keepCeremony, takeCeremony } from '../../server/http/passkey-challenge.ts'
import { PASSKEY_CHALLENGE_MS } from '../../server/services/sign-in/passkeys.ts'

/** A context with a session, as koa-session gives the routes (the challenge lives in it). */
const withSession = () => ({ session: {} }) as unknown as Context

describe('a passkey challenge in the session', () => {
  it('is taken once, for its own purpose', () => {
    const ctx = withSession()
    keepCeremony(ctx, { purpose: 'sign-in', challenge: 'abc' }, 1000)
    expect(takeCeremony(ctx, 'sign-in', 2000)).toMatchObject({ challenge: 'abc', purpose: 'sign-in' })
    expect(takeCeremony(ctx, 'sign-in', 2000)).toBeNull()

    keepCeremony(ctx, { purpose: 'register', challenge: 'def', userId: 'u' }, 1000)
    expect(takeCeremony(ctx, 'sign-in', 2000)).toBeNull()
    // Asked for the wrong purpose, it is gone all the same: a challenge is never tried twice.
    expect(takeCeremony(ctx, 'register', 2000)).toBeNull()
  })

  it('is replaced by the next one, and expires after 5 minutes', () => {
    const ctx = withSession()
    keepCeremony(ctx, { purpose: 'sign-in', challenge: 'first' }, 0)
    keepCeremony(ctx, { purpose: 'sign-in', challenge: 'second' }, 0)
    expect(takeCeremony(ctx, 'sign-in', PASSKEY_CHALLENGE_MS - 1)?.challenge).toBe('second')
    keepCeremony(ctx, { purpose: 'sign-in', challenge: 'late' }, 0)
    expect(takeCeremony(ctx, 'sign-in', PASSKEY_CHALLENGE_MS)).toBeNull()
  })
})
