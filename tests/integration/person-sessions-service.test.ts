/**
 * A person's sessions, on the service itself over a session store: the list (its own session
 * marked, stale ones left out), ending one by its handle, the others, or all of an admin's pick.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NotFoundError } from '../../server/lib/errors.ts'
import { PersonSessions } from '../../server/services/account/person-sessions.ts'
import { credentialOf, signedInSession } from '../../server/services/sign-in/sign-in-session.ts'
import { type AccountWorld, accountWorld } from './account-fixture.ts'

let world: AccountWorld
let sessions: PersonSessions

beforeEach(async () => {
  world = await accountWorld()
  sessions = new PersonSessions({ accounts: world.accounts, sessions: world.sessions })
  for (const username of ['ana', 'bo']) await world.addPerson(username)
  for (const [id, username] of [['ana-mac', 'ana'], ['ana-pc', 'ana'], ['bo-phone', 'bo']]) {
    await world.sessions.set(id!, signedInSession((await world.accounts.get(username!))!, { userAgent: 'Mozilla/5.0 (Macintosh) Firefox/133.0', now: world.clock.ms }))
  }
})

afterEach(() => world.close())

const ana = async () => (await world.accounts.get('ana'))!

describe('PersonSessions', () => {
  it('lists a person’s sessions, the asking one marked, times as ISO', async () => {
    const listed = sessions.list(await ana(), 'ana-pc')
    expect(listed).toHaveLength(2)
    expect(listed.filter((session) => session.current)).toHaveLength(1)
    expect(listed[0]).toMatchObject({ device: 'Firefox on macOS', signedInAt: new Date(world.clock.ms).toISOString() })
  })

  it('leaves out a session opened before the password or a factor changed', async () => {
    await world.accounts.update('ana', (account) => ({ ...account, factorsChangedAt: new Date(world.clock.ms + 1).toISOString() }))
    expect(sessions.list(await ana(), 'ana-pc')).toEqual([])
    expect(credentialOf(await ana())).not.toBe((await world.sessions.get('ana-pc'))!.credential)
  })

  it('ends one by its handle, says when it was the asking one, and never another person’s', async () => {
    const person = await ana()
    const [mac, pc] = ['ana-mac', 'ana-pc'].map((id) => sessions.list(person, id).find((session) => session.current)!.handle)
    const bo = (await sessions.listOf('bo', undefined))[0]!.handle
    expect(() => sessions.end('ana', bo, 'ana-pc')).toThrow(NotFoundError)
    expect(sessions.end('ana', mac!, 'ana-pc')).toEqual({ endedCurrent: false })
    expect(() => sessions.end('ana', mac!, 'ana-pc')).toThrow('No such session (it may have ended already)')
    expect(sessions.end('ana', pc!, 'ana-pc')).toEqual({ endedCurrent: true })
    expect(await world.sessions.get('bo-phone')).toBeDefined()
  })

  it('ends the others of a person, or all of them (an admin’s pick), and knows nobody unknown', async () => {
    expect(sessions.endOthers('ana', 'ana-pc')).toBe(1)
    expect(await world.sessions.get('ana-pc')).toBeDefined()
    expect(await sessions.endAllOf('ana')).toBe(1)
    expect(await world.sessions.get('bo-phone')).toBeDefined()
    await expect(sessions.endAllOf('nobody')).rejects.toThrow('No person "nobody"')
    await expect(sessions.listOf('nobody', undefined)).rejects.toBeInstanceOf(NotFoundError)
  })
})
