import { describe, expect, it } from 'vitest'
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS, SessionStore } from '../../server/accounts/session-store.ts'
import { silentLogger } from '../../server/lib/logger.ts'

function storeWithClock() {
  let now = 1_000_000
  const store = new SessionStore({ file: null, logger: silentLogger, now: () => now })
  return { store, advance: (ms: number) => (now += ms) }
}

const data = { username: 'editor', credential: 'c1' }

describe('SessionStore', () => {
  it('keeps a session while it is used at least every 2 hours', async () => {
    const { store, advance } = storeWithClock()
    await store.set('id-1', data)
    for (let i = 0; i < 5; i++) {
      advance(SESSION_IDLE_MS - 60_000)
      expect(await store.get('id-1')).toEqual(data)
    }
  })

  it('ends a session after 2 hours without a request', async () => {
    const { store, advance } = storeWithClock()
    await store.set('id-1', data)
    advance(SESSION_IDLE_MS + 1)
    expect(await store.get('id-1')).toBeUndefined()
    // And it stays gone.
    advance(-SESSION_IDLE_MS)
    expect(await store.get('id-1')).toBeUndefined()
  })

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const { store, advance } = storeWithClock()
    await store.set('id-1', data)
    for (let elapsed = 0; elapsed < SESSION_LIFETIME_MS - 3_600_000; elapsed += 3_600_000) {
      advance(3_600_000)
      expect(await store.get('id-1')).toEqual(data)
      // koa-session saving changed data keeps the original sign-in time.
      await store.set('id-1', data)
    }
    advance(3_600_000 + 1)
    expect(await store.get('id-1')).toBeUndefined()
  })

  it('forgets destroyed sessions, and every session of a removed admin', async () => {
    const { store } = storeWithClock()
    await store.set('a', data)
    await store.set('b', data)
    await store.set('c', { username: 'other', credential: 'x' })
    await store.destroy('a')
    expect(await store.get('a')).toBeUndefined()
    store.destroyUser('editor')
    expect(await store.get('b')).toBeUndefined()
    expect(await store.get('c')).toBeDefined()
  })
})
