import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
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

describe("SessionStore: a person's sessions", () => {
  const chrome = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
  const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

  async function twoSessions() {
    const clock = storeWithClock()
    await clock.store.set('mac-id', { ...data, device: chrome })
    clock.advance(60_000)
    await clock.store.set('pc-id', { ...data, device: firefox })
    await clock.store.set('other-id', { username: 'other', credential: 'x', device: chrome })
    await clock.store.set('halfway-id', { ...data, secondStepSince: 1 })
    return clock
  }

  it('lists one person’s signed-in sessions, most recently used first, the asking one marked', async () => {
    const { store, advance } = await twoSessions()
    advance(60_000)
    await store.get('mac-id')
    const listed = store.listFor('editor', { currentId: 'pc-id' })
    expect(listed.map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Chrome on macOS', current: false },
      { device: 'Firefox on Windows', current: true },
    ])
    expect(listed[0]!.signedInAt).toBe(1_000_000)
    expect(listed[0]!.lastUsedAt).toBe(1_120_000)
    expect(listed[1]!.signedInAt).toBe(1_060_000)
  })

  it('names each by a handle that is neither its id nor the id’s stored hash, and is stable', async () => {
    const { store } = await twoSessions()
    const handles = store.listFor('editor').map((session) => session.handle)
    expect(new Set(handles).size).toBe(2)
    expect(store.listFor('editor').map((session) => session.handle)).toEqual(handles)
    const stored = ['mac-id', 'pc-id'].map((id) => createHash('sha256').update(id).digest('base64url'))
    for (const handle of handles) {
      expect(handle).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(['mac-id', 'pc-id', ...stored]).not.toContain(handle)
      expect(stored.some((key) => key.startsWith(handle))).toBe(false)
    }
  })

  it('lists no session opened with another credential than the person’s now (a password changed since)', async () => {
    const { store } = await twoSessions()
    await store.set('new-id', { ...data, credential: 'c2', device: firefox })
    expect(store.listFor('editor', { credential: 'c2' }).map((session) => session.device)).toEqual(['Firefox on Windows'])
    expect(store.listFor('editor', { credential: 'c1' })).toHaveLength(2)
  })

  it('ends one session by its handle, only the person’s own', async () => {
    const { store } = await twoSessions()
    const mac = store.listFor('editor').find((session) => session.device === 'Chrome on macOS')!
    expect(store.destroyByHandle('other', mac.handle)).toBe(false)
    expect(store.destroyByHandle('editor', mac.handle)).toBe(true)
    expect(await store.get('mac-id')).toBeUndefined()
    expect(await store.get('pc-id')).toBeDefined()
    expect(store.destroyByHandle('editor', mac.handle)).toBe(false)
  })

  it('ends every other session of the person, the one halfway through its second step too', async () => {
    const { store } = await twoSessions()
    expect(store.destroyOthers('editor', 'pc-id')).toBe(2)
    expect(await store.get('pc-id')).toBeDefined()
    expect(await store.get('mac-id')).toBeUndefined()
    expect(await store.get('halfway-id')).toBeUndefined()
    expect(await store.get('other-id')).toBeDefined()
  })

  it('lists no expired session, and keeps the device across a restart', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'sessions-'))
    try {
      const file = path.join(folder, 'sessions.json')
      let now = 1_000_000
      const first = new SessionStore({ file, logger: silentLogger, now: () => now })
      await first.set('mac-id', { ...data, device: chrome })
      await first.set('old-id', { ...data, device: firefox })
      await first.flush()
      now += SESSION_IDLE_MS - 1000
      await first.get('mac-id')
      await first.flush()
      now += 2000
      const again = new SessionStore({ file, logger: silentLogger, now: () => now })
      expect(again.listFor('editor').map((session) => [session.device, session.signedInAt])).toEqual([['Chrome on macOS', 1_000_000]])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
