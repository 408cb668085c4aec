import { describe, expect, it } from 'vitest'
import { keepCeremony, takeCeremony } from '../../server/services/sign-in/passkey-ceremony.ts'
import { PASSKEY_CHALLENGE_MS } from '../../server/services/sign-in/passkeys.ts'
import type { SessionSlot } from '../../server/services/sign-in/sign-in-session.ts'

/** A slot as the session gives one: a value kept between two requests. */
function slot(): SessionSlot {
  let value: unknown
  return { get: () => value, set: (next) => void (value = next), delete: () => void (value = undefined) }
}

describe('a passkey challenge in its slot', () => {
  it('is taken once, for its own purpose', () => {
    const kept = slot()
    keepCeremony(kept, { purpose: 'sign-in', challenge: 'abc' }, 1000)
    expect(takeCeremony(kept, 'sign-in', 2000)).toMatchObject({ challenge: 'abc', purpose: 'sign-in' })
    expect(takeCeremony(kept, 'sign-in', 2000)).toBeNull()

    keepCeremony(kept, { purpose: 'register', challenge: 'def', userId: 'u' }, 1000)
    expect(takeCeremony(kept, 'sign-in', 2000)).toBeNull()
    // Asked for the wrong purpose, it is gone all the same: a challenge is never tried twice.
    expect(takeCeremony(kept, 'register', 2000)).toBeNull()
  })

  it('is replaced by the next one, and expires after 5 minutes', () => {
    const kept = slot()
    keepCeremony(kept, { purpose: 'sign-in', challenge: 'first' }, 0)
    keepCeremony(kept, { purpose: 'sign-in', challenge: 'second' }, 0)
    expect(takeCeremony(kept, 'sign-in', PASSKEY_CHALLENGE_MS - 1)?.challenge).toBe('second')
    keepCeremony(kept, { purpose: 'sign-in', challenge: 'late' }, 0)
    expect(takeCeremony(kept, 'sign-in', PASSKEY_CHALLENGE_MS)).toBeNull()
    expect(kept.get()).toBeUndefined()
  })
})
