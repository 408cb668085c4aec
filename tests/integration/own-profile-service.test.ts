/** One's own name and e-mail, on the service itself over a real accounts file. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OwnProfile } from '../../server/services/account/own-profile.ts'
import { type AccountWorld, accountWorld } from './account-fixture.ts'

let world: AccountWorld
let profile: OwnProfile

beforeEach(async () => {
  world = await accountWorld()
  profile = new OwnProfile({ accounts: world.accounts })
  await world.addPerson('ana')
})

afterEach(() => world.close())

describe('OwnProfile', () => {
  it('reads and changes the name and e-mail only', async () => {
    const ana = (await world.accounts.get('ana'))!
    expect(profile.read(ana)).toEqual({ username: 'ana', displayName: 'Person ana', email: 'ana@example.com', role: 'author', hasPassword: true })
    const changed = await profile.change('ana', { displayName: 'Ana Writer', email: 'ana@team.example', role: 'admin' } as never)
    expect(changed).toEqual({ username: 'ana', displayName: 'Ana Writer', email: 'ana@team.example', role: 'author', hasPassword: true })
    expect(await world.accounts.get('ana')).toMatchObject({ displayName: 'Ana Writer', email: 'ana@team.example', role: 'author' })
  })

  it('says whether the person has a password (a passkey-only person sets one without a current one)', async () => {
    await world.accounts.update('ana', (account) => ({
      ...account,
      passwordHash: null,
      passkeys: [{ id: 'a2V5', publicKey: 'cHVi', counter: 0, transports: [], name: 'Key', createdAt: new Date(world.clock.ms).toISOString(), lastUsedAt: null }],
    }))
    expect(profile.read((await world.accounts.get('ana'))!).hasPassword).toBe(false)
  })
})
