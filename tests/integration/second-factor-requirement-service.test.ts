/** The team's rule of a second factor for everyone, on the service itself over a real rules file. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SecuritySettings } from '../../server/accounts/security-settings.ts'
import { InvalidInputError } from '../../server/lib/errors.ts'
import { SecondFactorRequirement } from '../../server/services/sign-in/second-factor-requirement.ts'
import { type AccountWorld, accountWorld } from './account-fixture.ts'

let world: AccountWorld
let requirement: SecondFactorRequirement

beforeEach(async () => {
  world = await accountWorld()
  requirement = new SecondFactorRequirement({ settings: world.settings })
  for (const username of ['boss', 'member']) await world.addPerson(username, { role: username === 'boss' ? 'admin' : 'author' })
})

afterEach(() => world.close())

const person = async (username: string) => (await world.accounts.get(username))!

describe('SecondFactorRequirement', () => {
  it('is turned on only by an admin who has a second factor of their own', async () => {
    const refused = await requirement.change(await person('boss'), { requireSecondFactor: true }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(InvalidInputError)
    expect((refused as InvalidInputError).field).toBe('requireSecondFactor')
    expect(await requirement.isOn()).toBe(false)
    await world.addTotp('boss')
    expect(await requirement.change(await person('boss'), { requireSecondFactor: true })).toEqual({ requireSecondFactor: true })
    // Written down: the next start reads it on.
    expect(await new SecuritySettings(world.settings.file).get()).toEqual({ requireSecondFactor: true })
  })

  it('then asks everyone without one, and nobody signed out, to add one first', async () => {
    await world.addTotp('boss')
    expect(await requirement.mustAdd(await person('member'))).toBe(false)
    await requirement.change(await person('boss'), { requireSecondFactor: true })
    expect(await requirement.mustAdd(await person('member'))).toBe(true)
    expect(await requirement.mustAdd(await person('boss'))).toBe(false)
    expect(await requirement.mustAdd(null)).toBe(false)
    // Turning it off asks nothing of the admin.
    await world.accounts.update('boss', (account) => ({ ...account, totp: null }))
    expect(await requirement.change(await person('boss'), { requireSecondFactor: false })).toEqual({ requireSecondFactor: false })
  })
})
